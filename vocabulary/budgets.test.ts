import { describe, expect, it } from "vitest";
import { overBudgetLine, waitWords } from "./budgets";

describe("the words for a spent budget", () => {
  it("give the wait in the largest unit that reads well, rounded up", () => {
    expect([0.2, 1, 40, 119, 120, 121, 7199, 7200, 43_201].map(waitWords)).toEqual([
      "1 second",
      "1 second",
      "40 seconds",
      "119 seconds",
      "2 minutes",
      "3 minutes",
      "120 minutes",
      "2 hours",
      "13 hours",
    ]);
  });

  it("tell a customer over the minute's turns to wait, and over the day's to come back", () => {
    expect(overBudgetLine("turns_per_minute", 40)).toBe("You're sending messages faster than we can answer. Please wait 40 seconds.");
    expect(overBudgetLine("turns_per_day", 5 * 3600)).toBe("You've sent as many messages today as we can answer. Please try again in 5 hours.");
  });
});
