import { describe, expect, it } from "vitest";
import { findDate, parseDate } from "./dates";

const TODAY = "2026-11-30"; // a Monday

describe("parseDate", () => {
  it.each([
    ["today", "2026-11-30"],
    ["yesterday", "2026-11-29"],
    ["the day before yesterday", "2026-11-28"],
    ["3 days ago", "2026-11-27"],
    ["three days ago", "2026-11-27"],
    ["a week ago", "2026-11-23"],
    ["two weeks ago", "2026-11-16"],
    ["last Tuesday", "2026-11-24"],
    ["on Monday", "2026-11-23"],
    ["on Friday", "2026-11-27"],
    ["on the 12th", "2026-11-12"],
    ["the 30th", "2026-11-30"],
    ["on the 31st", "2026-10-31"],
    ["12 March", "2026-03-12"],
    ["12th of March", "2026-03-12"],
    ["March 12th", "2026-03-12"],
    ["on Dec 5", "2025-12-05"],
    ["18 November 2025", "2025-11-18"],
    ["2026-11-24", "2026-11-24"],
    ["24/11/2026", "2026-11-24"],
    ["24.11.26", "2026-11-24"],
    ["on 24/11", "2026-11-24"],
  ])("%s -> %s", (text, date) => {
    expect(parseDate(text, TODAY)).toBe(date);
  });

  it("crosses month and year boundaries", () => {
    expect(parseDate("yesterday", "2026-03-01")).toBe("2026-02-28");
    expect(parseDate("yesterday", "2026-01-01")).toBe("2025-12-31");
    expect(parseDate("on the 15th", "2026-01-10")).toBe("2025-12-15");
  });

  it.each([
    "I want a refund",
    "last week",
    "next Tuesday",
    "charged 2 times",
    "49.90",
    "31 February",
    "a few days ago",
    "kilka dni temu",
    "kilka tygodni temu",
  ])("finds no day in %j", (text) => {
    expect(parseDate(text, TODAY)).toBeUndefined();
  });

  it("reports where the date is written", () => {
    expect(findDate("paid 4.90 3 days ago", TODAY)).toEqual({ date: "2026-11-27", start: 10, end: 20 });
  });
});
