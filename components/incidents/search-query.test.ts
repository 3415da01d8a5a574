import { describe, expect, it } from "vitest";
import { EMPTY_QUERY, findPageUrl, parseSearchQuery, threadsApiUrl } from "./search-query";

describe("incident search query", () => {
  it("reads every filter from the page URL and writes it back unchanged", () => {
    const url = "/incidents?customer=alice&caseId=case-1&status=awaiting_approval&from=2026-01-01&to=2026-01-31&hadRefund=1&hadDegraded=1&page=3";
    const query = parseSearchQuery(new URLSearchParams(url.split("?")[1]));
    expect(query).toEqual({
      customer: "alice",
      caseId: "case-1",
      status: "awaiting_approval",
      from: "2026-01-01",
      to: "2026-01-31",
      hadRefund: true,
      hadDegraded: true,
      page: 3,
    });
    expect(findPageUrl(query)).toBe(url);
  });

  it("falls back to no filter for malformed values instead of sending them to the server", () => {
    const query = parseSearchQuery({ status: "paid", from: "yesterday", to: "2026-13", page: "0", hadRefund: "yes", customer: ["  bob  ", "x"] });
    expect(query).toEqual({ ...EMPTY_QUERY, customer: "bob" });
    expect(findPageUrl(query)).toBe("/incidents?customer=bob");
  });

  it("always asks the API for a page and a page size, and leaves unset filters out", () => {
    expect(threadsApiUrl(EMPTY_QUERY)).toBe("/api/incidents/threads?page=1&pageSize=20");
    expect(threadsApiUrl({ ...EMPTY_QUERY, hadDegraded: true, page: 2 })).toBe("/api/incidents/threads?hadDegraded=1&page=2&pageSize=20");
  });
});
