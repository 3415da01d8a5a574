import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadBanking77Train } from "../understanding/banking77";
import { BANKING77_CATEGORIES, isBanking77Category, knowledgeIdFor } from "./categories";

describe("BANKING77_CATEGORIES", () => {
  it("is exactly the 77 categories of the shipped train split and categories.json, spelled the same", () => {
    const fromTrain = new Set(loadBanking77Train().map((r) => r.category));
    const fromJson = JSON.parse(readFileSync(path.join(process.cwd(), "data", "banking77", "categories.json"), "utf8")) as string[];
    expect(new Set(BANKING77_CATEGORIES).size).toBe(77);
    expect([...BANKING77_CATEGORIES].sort()).toEqual([...fromTrain].sort());
    expect([...BANKING77_CATEGORIES].sort()).toEqual([...fromJson].sort());
  });

  it("is in lower-cased name order, which fixes every id", () => {
    const sorted = [...BANKING77_CATEGORIES].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
    expect(BANKING77_CATEGORIES).toEqual(sorted);
    expect(knowledgeIdFor("activate_my_card")).toBe("KB-001");
    expect(knowledgeIdFor("card_arrival")).toBe("KB-012");
    expect(knowledgeIdFor("Refund_not_showing_up")).toBe("KB-052");
    expect(knowledgeIdFor("reverted_card_payment?")).toBe("KB-054");
    expect(knowledgeIdFor("wrong_exchange_rate_for_cash_withdrawal")).toBe("KB-077");
  });

  it("tells a category from any other string", () => {
    expect(isBanking77Category("Refund_not_showing_up")).toBe(true);
    expect(isBanking77Category("refund_not_showing_up")).toBe(false);
    expect(isBanking77Category("open_savings_account")).toBe(false);
  });
});
