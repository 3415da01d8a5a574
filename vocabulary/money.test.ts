import { describe, expect, it } from "vitest";
import { formatMinor, minorToMajorText, parseMajorToMinor } from "./money";

describe("formatMinor", () => {
  it.each([
    [124_900, undefined, "1,249.00 EUR"],
    [490, undefined, "4.90 EUR"],
    [5, undefined, "0.05 EUR"],
    [0, undefined, "0.00 EUR"],
    [100_000_000, undefined, "1,000,000.00 EUR"],
    [-3_820, undefined, "-38.20 EUR"],
    [1_999, "USD", "19.99 USD"],
  ])("writes %i minor units in %s as %j", (minor, currency, text) => {
    expect(formatMinor(minor, currency)).toBe(text);
  });
});

describe("parseMajorToMinor", () => {
  it.each([
    ["38", 3_800],
    ["38.2", 3_820],
    ["38,20", 3_820],
    ["1,249.00", 124_900],
    ["1249.5", 124_950],
    [" 4.90 EUR ", 490],
    ["0", 0],
  ])("reads %j as %i minor units", (text, minor) => {
    expect(parseMajorToMinor(text)).toBe(minor);
  });

  it.each(["", "abc", "-5", "1.999", "1,2345", "12,345,6", "1e3"])("refuses %j", (text) => {
    expect(parseMajorToMinor(text)).toBeNull();
  });

  it("round-trips what it writes", () => {
    expect(minorToMajorText(124_905)).toBe("1249.05");
    expect(parseMajorToMinor(minorToMajorText(124_905))).toBe(124_905);
  });
});
