import { describe, expect, it } from "vitest";
import { findAmounts, normaliseAmountMinor, parseAmountMinor, parseNumberToMinor } from "./amounts";

describe("parseAmountMinor", () => {
  it.each([
    ["49.90", 4990],
    ["49,90", 4990],
    ["€49.90", 4990],
    ["€4,90", 490],
    ["EUR 1,249.00", 124900],
    ["1,249", 124900],
    ["1249", 124900],
    ["1.249,00", 124900],
    ["1 249,00 €", 124900],
    ["4.90 euros", 490],
    ["4,90EUR", 490],
    ["4.9", 490],
    ["38€", 3800],
    ["a payment of 1249 I never made", 124900],
    ["refund the 4.90 charge", 490],
    ["charged 2 times, 12.50 each", 1250],
    ["12.345.678,90", 1234567890],
    ["it was 490 cents", 490],
  ])("%s -> %i", (text, minor) => {
    expect(parseAmountMinor(text)).toBe(minor);
  });

  it.each([
    "3 days ago",
    "on the 12th",
    "on the 12",
    "12 March",
    "March 12",
    "at 17:00",
    "on 2026-11-24",
    "charged me 2 times",
    "card ending in 4321",
    "back in 2025",
    "what are my card limits",
  ])("finds no amount in %j", (text) => {
    expect(parseAmountMinor(text)).toBeUndefined();
  });

  it("prefers an amount marked as money over a bare number", () => {
    expect(parseAmountMinor("2 charges of €4.90")).toBe(490);
    expect(findAmounts("paid 38 then 4.90").map((a) => [a.amountMinor, a.explicit])).toEqual([
      [3800, false],
      [490, true],
    ]);
  });
});

describe("parseNumberToMinor", () => {
  it("reads a lone separator before three digits as thousands, before one or two as decimals", () => {
    expect(parseNumberToMinor("1.249")).toBe(124900);
    expect(parseNumberToMinor("1,24")).toBe(124);
    expect(parseNumberToMinor("1,249.5")).toBe(124950);
    expect(parseNumberToMinor("abc")).toBeUndefined();
  });
});

describe("normaliseAmountMinor", () => {
  it("keeps integer minor units, converts decimals and text", () => {
    expect(normaliseAmountMinor(4990)).toBe(4990);
    expect(normaliseAmountMinor(49.9)).toBe(4990);
    expect(normaliseAmountMinor("€1,249.00")).toBe(124900);
    expect(normaliseAmountMinor(-5)).toBeUndefined();
    expect(normaliseAmountMinor(Number.NaN)).toBeUndefined();
    expect(normaliseAmountMinor(null)).toBeUndefined();
  });
});
