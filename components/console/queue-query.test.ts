import { describe, expect, it } from "vitest";
import { formatSpan } from "./durations";
import { approvalsUrl, consoleUrl, DEFAULT_QUERY, parseQueueQuery } from "./queue-query";

describe("queue query", () => {
  it("falls back to the defaults for unknown or malformed values", () => {
    expect(parseQueueQuery({ status: "whatever", risk: "extreme", minAmount: "-1", page: "0", sort: "random" })).toEqual(DEFAULT_QUERY);
  });

  it("keeps the console URL short and sends the API every filter", () => {
    const query = parseQueueQuery(new URLSearchParams("risk=high&minAmount=5000&claimed=me&page=2"));
    expect(consoleUrl(query)).toBe("/console?risk=high&minAmount=5000&claimed=me&page=2");
    expect(approvalsUrl(query)).toBe("/api/approvals?risk=high&minAmount=5000&claimed=me&page=2&status=pending&pageSize=20");
    expect(consoleUrl(DEFAULT_QUERY)).toBe("/console");
  });
});

describe("formatSpan", () => {
  it.each([
    [30_000, "under 1 min"],
    [12 * 60_000, "12 min"],
    [47 * 3_600_000 + 59 * 60_000, "47 h 59 min"],
    [3 * 86_400_000 + 4 * 3_600_000, "3 d 4 h"],
    [-5_000, "under 1 min"],
  ])("shows %i ms as %j", (ms, text) => {
    expect(formatSpan(ms)).toBe(text);
  });
});
