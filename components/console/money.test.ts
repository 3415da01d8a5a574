import { describe, expect, it } from "vitest";
import { minorToMajorText, parseMajorToMinor } from "./money";

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
