import { describe, expect, it } from "vitest";
import { expectedBy } from "./settlement";

describe("expected settlement of pending items", () => {
  it("gives card payments seven days from the authorisation", () => {
    expect(expectedBy("card_payment", new Date("2026-03-04T20:00:00Z"))).toBe("2026-03-11");
  });

  it("books transfers, withdrawals and top-ups on the next business day", () => {
    expect(expectedBy("transfer", new Date("2026-03-04T09:00:00Z"))).toBe("2026-03-05");
    expect(expectedBy("cash_withdrawal", new Date("2026-03-05T23:59:00Z"))).toBe("2026-03-06");
  });

  it("skips the weekend", () => {
    expect(expectedBy("transfer", new Date("2026-03-06T10:00:00Z"))).toBe("2026-03-09");
    expect(expectedBy("top_up", new Date("2026-03-07T10:00:00Z"))).toBe("2026-03-09");
    expect(expectedBy("top_up", new Date("2026-03-08T10:00:00Z"))).toBe("2026-03-09");
  });
});
