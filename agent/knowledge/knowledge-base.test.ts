import { labelForCategory } from "../understanding/banking77";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BANKING77_CATEGORIES } from "./categories";
import { citation } from "./citation";
import { entryFor, knowledgeBase, readKnowledge } from "./knowledge-base";
import type { KnowledgeAction, KnowledgeEntry } from "./schema";

const dir = path.join(process.cwd(), "data", "knowledge");
type RawEntry = Record<string, unknown> & { category: string };
const rawBase = (JSON.parse(readFileSync(path.join(dir, "base.json"), "utf8")) as { entries: RawEntry[] }).entries;
const rawDemo = (JSON.parse(readFileSync(path.join(dir, "tenants", "demo-bank.json"), "utf8")) as { entries: RawEntry[] }).entries;
const library = readKnowledge(dir);
const everyTenant = ["base (no file)", ...library.tenants].map((t) => [t, library.entries(t)] as const);

/** The article's action, as the agent's own intent for the category names it. */
const ACTION_OF_INTENT: Partial<Record<string, KnowledgeAction>> = { knowledge: "answer", status: "refund_status" };
const actionFor = (category: string): string => {
  const { intent } = labelForCategory(category);
  return ACTION_OF_INTENT[intent] ?? intent;
};

describe("the shipped knowledge base", () => {
  it("has exactly one base entry for each of the 77 categories", () => {
    expect(rawBase).toHaveLength(77);
    for (const category of BANKING77_CATEGORIES)
      expect(
        rawBase.filter((e) => e.category === category),
        category,
      ).toHaveLength(1);
  });

  it("numbers the entries KB-001 to KB-077 in category order, so an id always names the same article", () => {
    expect(rawBase.map((e) => e.id)).toEqual(BANKING77_CATEGORIES.map((_, i) => `KB-${String(i + 1).padStart(3, "0")}`));
    expect(rawBase.map((e) => e.category)).toEqual([...BANKING77_CATEGORIES]);
    expect(entryFor("demo-bank", "activate_my_card").id).toBe("KB-001");
    expect(entryFor("demo-bank", "lost_or_stolen_card").id).toBe("KB-042");
    expect(entryFor("demo-bank", "top_up_limits")).toMatchObject({ id: "KB-061", title: "Top-up limits" });
    for (const [, entries] of everyTenant) expect(entries.map((e) => e.id)).toEqual(rawBase.map((e) => e.id));
  });

  it("gives every tenant unique titles and topics", () => {
    for (const [tenant, entries] of everyTenant) {
      expect(new Set(entries.map((e) => e.title)).size, tenant).toBe(77);
      expect(new Set(entries.map((e) => e.topic)).size, tenant).toBe(77);
    }
  });

  it("has demo-bank override only existing categories, once each, without ids", () => {
    expect(library.tenants).toContain("demo-bank");
    const categories = rawDemo.map((e) => e.category);
    expect(new Set(categories).size).toBe(categories.length);
    for (const entry of rawDemo) {
      expect(BANKING77_CATEGORIES as readonly string[]).toContain(entry.category);
      expect(entry).not.toHaveProperty("id");
    }
  });

  it("gives demo-bank its own fees, top-up limits, card delivery and support hours, and the base words for the rest", () => {
    const base = library.entries("a-bank-without-a-file");
    const demo = library.entries("demo-bank");
    const changed = demo.filter((e, i) => e !== base[i]).map((e) => e.category);
    expect(changed).toEqual(expect.arrayContaining(["exchange_charge", "cash_withdrawal_charge", "top_up_limits", "terminate_account"]));
    expect(changed.sort()).toEqual(rawDemo.map((e) => e.category).sort());
    for (const entry of demo) {
      const own = rawDemo.find((o) => o.category === entry.category);
      const from = base.find((b) => b.category === entry.category)!;
      expect(entry.answer).toBe(own?.answer ?? from.answer);
      expect(entry.title).toBe(own?.title ?? from.title);
    }
    expect(entryFor("demo-bank", "top_up_limits").answer).toContain("2,500.00 EUR");
    expect(entryFor("another-bank", "top_up_limits").answer).toContain("5,000.00 EUR each");
    expect(entryFor("demo-bank", "terminate_account").answer).toContain("from 8:00 to 20:00 CET, Monday to Saturday");
    expect(entryFor("another-bank", "terminate_account").answer).toContain("from 9:00 to 17:00 CET, Monday to Friday");
  });

  it("answers an unknown tenant from the base, and reads the files once", () => {
    const base = knowledgeBase("no-such-bank");
    expect(knowledgeBase("another-bank")).toBe(base);
    expect(knowledgeBase("demo-bank")).toBe(knowledgeBase("demo-bank"));
    expect(knowledgeBase("demo-bank")).not.toBe(base);
    expect(base.map((e) => e.answer)).toEqual(rawBase.map((e) => e.answer));
    expect(Object.isFrozen(base) && Object.isFrozen(base[0])).toBe(true);
  });

  it("finds an entry by category, and nothing for a label that is not a category", () => {
    expect(entryFor("demo-bank", "reverted_card_payment?").category).toBe("reverted_card_payment?");
    expect(entryFor("demo-bank", "card_arrival" as string)?.title).toBe("Card hasn't arrived");
    expect(entryFor("demo-bank", "refund_not_showing_up")).toBeUndefined();
    expect(entryFor("demo-bank", "other")).toBeUndefined();
  });

  it("gives each category the action the agent takes for it (agent/understanding/banking77.ts)", () => {
    for (const [tenant, entries] of everyTenant) {
      for (const entry of entries) {
        expect(`${entry.category}: ${entry.action}`, tenant).toBe(`${entry.category}: ${actionFor(entry.category)}`);
      }
    }
  });

  describe.each(everyTenant)("every answer of %s", (_tenant, entries) => {
    const each = (check: (e: KnowledgeEntry) => void) => () => entries.forEach(check);

    it(
      "is plain sentences: a capital first, a full stop last, single spaces, 2 to 5 sentences",
      each((e) => {
        expect(e.answer, e.category).toMatch(/^[A-Z]/);
        expect(e.answer, e.category).toMatch(/[A-Za-z0-9)]\.$/);
        expect(e.answer, e.category).not.toMatch(/\s{2}|\n|\t|^\s|\s$/);
        const n = e.answer.split(/(?<=[.!?])\s+/).length;
        expect(n >= 2 && n <= 5, `${e.category}: ${n} sentences`).toBe(true);
      }),
    );

    it(
      "has no markdown, markup, links or placeholders",
      each((e) => {
        expect(e.answer, e.category).not.toMatch(/[*#`_[\]|<>{}]|^\s*[-+]\s|https?:/);
        expect(e.answer, e.category).not.toMatch(/\b(TODO|TBD|XXX|FIXME)\b|\$\{|%s|\?\?/i);
      }),
    );

    it(
      "writes every amount as the app does (1,000.00 EUR)",
      each((e) => {
        expect(e.answer, e.category).not.toMatch(/€|\bEUR\s*\d|\d EUR\b(?<!\.\d\d EUR)/);
        for (const m of e.answer.matchAll(/[\d.,]+(?= EUR)/g)) expect(m[0], e.category).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
      }),
    );

    it(
      "never promises money: refund-like articles say a request is reviewed, not that it will be paid",
      each((e) => {
        const promise =
          /\b(we|I)('ll| will| shall) (\w+ )?(refund|reimburse|repay|pay you back|credit)|will be refunded|you('ll| will) (get|receive) (your money|a refund)|guarantee/i;
        expect(e.answer, e.category).not.toMatch(promise);
        if (e.action === "refund") expect(e.answer, e.category).toMatch(/so we can review/);
      }),
    );

    it(
      "has a sentence-case title and a lower-case topic that fits a clarifying question",
      each((e) => {
        const proper = /^(Apple|Google|Pay|Wallet|Visa|Mastercard|PIN|ATM|SEPA|SWIFT|IBAN|EUR|CET|EU)$/;
        expect(e.title, e.category).toMatch(/^[A-Z][^"]*[a-zA-Z']$/);
        for (const word of e.title.split(" ").slice(1)) if (/[A-Z]/.test(word)) expect(word.replace(/'s$/, ""), e.category).toMatch(proper);
        for (const word of e.topic.split(" ")) if (/[A-Z]/.test(word)) expect(word.replace(/'s$/, ""), e.category).toMatch(proper);
        expect(e.topic, e.category).toMatch(/^[a-zA-Z][a-zA-Z' -]*[a-zA-Z']$/);
        expect(`Do you mean ${e.topic}, or something else?`).not.toMatch(/\s{2}|,,/);
      }),
    );
  });

  it("cites an entry in one fixed form", () => {
    expect(citation(entryFor("demo-bank", "activate_my_card"))).toBe('Source: help article KB-001, "Activating a new card".');
    expect(citation(entryFor("demo-bank", "top_up_limits"))).toBe('Source: help article KB-061, "Top-up limits".');
  });
});
