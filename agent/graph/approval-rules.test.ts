import { describe, expect, it } from "vitest";
import { approvalStep, requiredApprovals, type PendingApproval } from "./approval-rules";

const limits = { operatorLimitMinor: 50_000, fourEyesMinor: 100_000 };
const electroMart: PendingApproval = { amountMinor: 124_900, firstApprovedBy: null, firstApprovedRole: null, firstApprovedAmountMinor: null };
const olga = { username: "olga", role: "operator" as const };
const oscar = { username: "oscar", role: "operator" as const };
const sam = { username: "sam", role: "supervisor" as const };

const after = (by: typeof olga | typeof sam, amountMinor: number): PendingApproval => ({
  ...electroMart,
  firstApprovedBy: by.username,
  firstApprovedRole: by.role,
  firstApprovedAmountMinor: amountMinor,
});

describe("approval authority", () => {
  it("lets an operator approve up to 500.00 alone, and a supervisor any amount below 1,000.00", () => {
    expect(approvalStep(electroMart, olga, 50_000, limits)).toEqual({ kind: "final", amountMinor: 50_000 });
    expect(approvalStep(electroMart, olga, 50_001, limits)).toMatchObject({ kind: "forbidden", code: "forbidden:amount_limit" });
    expect(approvalStep(electroMart, sam, 99_999, limits)).toEqual({ kind: "final", amountMinor: 99_999 });
  });

  it("needs two approvals from 1,000.00 on, and one below", () => {
    expect(requiredApprovals(100_000, limits)).toBe(2);
    expect(requiredApprovals(99_999, limits)).toBe(1);
  });

  it("counts any first approval from 1,000.00 as the first of two, an operator's above their limit too", () => {
    expect(approvalStep(electroMart, olga, undefined, limits)).toEqual({ kind: "first_of_two", amountMinor: 124_900 });
    expect(approvalStep(electroMart, olga, 100_000, limits)).toEqual({ kind: "first_of_two", amountMinor: 100_000 });
    expect(approvalStep(electroMart, sam, 124_000, limits)).toEqual({ kind: "first_of_two", amountMinor: 124_000 });
  });

  it("settles a first approval below 1,000.00 with that one approval, within the approver's authority", () => {
    expect(approvalStep(electroMart, sam, 99_999, limits)).toEqual({ kind: "final", amountMinor: 99_999 });
    expect(approvalStep(electroMart, olga, 40_000, limits)).toEqual({ kind: "final", amountMinor: 40_000 });
    expect(approvalStep(electroMart, olga, 60_000, limits)).toMatchObject({ kind: "forbidden", code: "forbidden:amount_limit" });
  });

  it("needs the second approval from another person, one of the two a supervisor", () => {
    expect(approvalStep(after(olga, 124_900), olga, undefined, limits)).toMatchObject({ code: "forbidden:four_eyes" });
    expect(approvalStep(after(olga, 124_900), oscar, undefined, limits)).toMatchObject({ code: "forbidden:four_eyes" });
    expect(approvalStep(after(olga, 124_900), sam, undefined, limits)).toEqual({ kind: "final", amountMinor: 124_900 });
    expect(approvalStep(after(sam, 124_900), olga, undefined, limits)).toEqual({ kind: "final", amountMinor: 124_900 });
    expect(approvalStep(after(sam, 124_900), sam, undefined, limits)).toMatchObject({ code: "forbidden:four_eyes" });
  });

  it("settles a second approval that names no amount at the first approver's amount", () => {
    expect(approvalStep(after(sam, 100_000), olga, undefined, limits)).toEqual({ kind: "final", amountMinor: 100_000 });
    expect(approvalStep(after(olga, 124_000), sam, undefined, limits)).toEqual({ kind: "final", amountMinor: 124_000 });
  });

  it("settles a second approval for exactly the first approver's amount", () => {
    expect(approvalStep(after(olga, 124_000), sam, 124_000, limits)).toEqual({ kind: "final", amountMinor: 124_000 });
  });

  it("refuses a second approval for a higher amount, naming what was approved and by whom", () => {
    expect(approvalStep(after(sam, 100_000), olga, 124_000, limits)).toEqual({
      kind: "different_amount",
      firstApprovedBy: "sam",
      firstApprovedAmountMinor: 100_000,
      message: "sam approved 1,000.00 EUR; approve that amount, or reject.",
    });
  });

  it("refuses a second approval for a lower amount, even one the second approver could approve alone", () => {
    expect(approvalStep(after(olga, 124_000), sam, 110_000, limits)).toMatchObject({
      kind: "different_amount",
      firstApprovedBy: "olga",
      firstApprovedAmountMinor: 124_000,
    });
    expect(approvalStep(after(sam, 100_000), olga, 40_000, limits)).toMatchObject({
      kind: "different_amount",
      message: "sam approved 1,000.00 EUR; approve that amount, or reject.",
    });
    expect(approvalStep(after(olga, 124_000), sam, 99_999, limits)).toMatchObject({ kind: "different_amount" });
  });

  it("refuses who may not give the second approval before it looks at the amount", () => {
    expect(approvalStep(after(olga, 124_000), oscar, 110_000, limits)).toMatchObject({ kind: "forbidden", code: "forbidden:four_eyes" });
    expect(approvalStep(after(olga, 124_000), olga, 110_000, limits)).toMatchObject({ kind: "forbidden", code: "forbidden:four_eyes" });
  });

  it("refuses an amount of zero, a fraction, or more than the case", () => {
    for (const amount of [0, -100, 12.5, 124_901]) {
      expect(approvalStep(electroMart, sam, amount, limits)).toMatchObject({ kind: "invalid" });
      expect(approvalStep(after(olga, 124_900), sam, amount, limits)).toMatchObject({ kind: "invalid" });
    }
  });
});
