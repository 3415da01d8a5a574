import { describe, expect, it } from "vitest";
import { matchMerchant, merchantScore } from "./merchants";
import { ALICE, BOB } from "./test-fixtures";

const names = [...ALICE, ...BOB].map((t) => t.merchant);

describe("matchMerchant", () => {
  it.each([
    ["coffee corner", "Coffee Corner"],
    ["Coffee-Corner", "Coffee Corner"],
    ["the coffee place", "Coffee Corner"],
    ["COFFEE CORNER!!", "Coffee Corner"],
    ["Electro Mar", "Electro Mart"],
    ["electromart", "Electro Mart"],
    ["electro-mart's shop", "Electro Mart"],
    ["Page and Co books", "Page & Co Books"],
    ["the parking", "City Parking"],
    ["book nook", "Book Nook"],
    ["orlen", "Orlen Fuel"],
  ])("%j -> %s", (text, merchant) => {
    expect(matchMerchant(text, names)).toBe(merchant);
  });

  it.each(["I want a refund", "took a look", "hello", "my card"])("matches nothing in %j", (text) => {
    expect(matchMerchant(text, names)).toBeUndefined();
  });

  it("scores a full name above a partial one", () => {
    expect(merchantScore("coffee corner", "Coffee Corner")).toBe(1);
    expect(merchantScore("coffee", "Coffee Corner")).toBe(0.5);
  });
});
