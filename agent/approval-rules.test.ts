import { describe, expect, it } from "vitest";
import { approvalStep, requiredApprovals } from "./approval-rules";

const limits = { operatorLimitMinor: 50_000, fourEyesMinor: 100_000 };
const fresh = { amountMinor: 0, firstApprovedBy: null, firstApprovedRole: null };
const olga = { username: "olga", role: "operator" as const };
const oscar = { username: "oscar", role: "operator" as const };
const sam = { username: "sam", role: "supervisor" as const };

describe("approval authority", () => {
  it("lets an operator approve up to 500.00 alone, and a supervisor any amount", () => {
    expect(approvalStep(fresh, olga, 50_000, limits)).toEqual({ kind: "final" });
    expect(approvalStep(fresh, olga, 50_001, limits)).toMatchObject({ kind: "forbidden", code: "forbidden:amount_limit" });
    expect(approvalStep(fresh, sam, 99_999, limits)).toEqual({ kind: "final" });
  });

  it("needs two different people, one a supervisor, from 1,000.00", () => {
    expect(requiredApprovals(100_000, limits)).toBe(2);
    expect(requiredApprovals(99_999, limits)).toBe(1);
    expect(approvalStep(fresh, olga, 124_900, limits)).toEqual({ kind: "first_of_two" });
    const afterOlga = { amountMinor: 124_900, firstApprovedBy: "olga", firstApprovedRole: "operator" };
    expect(approvalStep(afterOlga, olga, 124_900, limits)).toMatchObject({ code: "forbidden:four_eyes" });
    expect(approvalStep(afterOlga, oscar, 124_900, limits)).toMatchObject({ code: "forbidden:four_eyes" });
    expect(approvalStep(afterOlga, sam, 124_900, limits)).toEqual({ kind: "final" });
    const afterSam = { amountMinor: 124_900, firstApprovedBy: "sam", firstApprovedRole: "supervisor" };
    expect(approvalStep(afterSam, olga, 124_900, limits)).toEqual({ kind: "final" });
    expect(approvalStep(afterSam, sam, 124_900, limits)).toMatchObject({ code: "forbidden:four_eyes" });
  });

  it("judges a lower approved amount by what is actually paid", () => {
    expect(approvalStep(fresh, olga, 40_000, limits)).toEqual({ kind: "final" });
  });
});
