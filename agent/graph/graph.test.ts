import { describe, expect, it } from "vitest";
import { routeAfterGate, routeAfterIntake, routeAfterTriage } from "./graph";
import type { AgentStateType } from "./state";

const base = {
  tenantId: "demo-bank",
  customerId: "cust-alice",
  intent: "refund",
  case: { caseId: "c1", transactionId: "t1", merchant: "Coffee Corner", amountMinor: 490, currency: "EUR", postedAt: "", reason: "duplicate" },
  verdict: null,
  approval: null,
} as unknown as AgentStateType;

describe("routing", () => {
  it("fans a new refund case out to all three systems in one step", () => {
    const sends = routeAfterIntake(base, "thread-1");
    expect(Array.isArray(sends) && sends.map((s) => (s.args as { system: string }).system)).toEqual(["limits", "history", "antifraud"]);
  });

  it("asks only the limits system for a limits question, and nothing for a decided case", () => {
    const limits = routeAfterIntake({ ...base, intent: "limits", case: null }, "t");
    expect(Array.isArray(limits) && limits.map((s) => (s.args as { system: string }).system)).toEqual(["limits"]);
    expect(routeAfterIntake({ ...base, case: { ...base.case!, priorStatus: "refunded" } }, "t")).toBe("reply");
  });

  it("reaches the refund node only with an approved decision", () => {
    const approved = { approvalId: "a", amountMinor: 490, status: "approved", version: 1 } as const;
    expect(routeAfterTriage({ ...base, verdict: { outcome: "auto_approve", reason: "" }, approval: approved })).toBe("refund");
    expect(routeAfterTriage({ ...base, verdict: { outcome: "auto_approve", reason: "" }, approval: null })).toBe("approvalGate");
    expect(routeAfterTriage({ ...base, verdict: { outcome: "review", reason: "" } })).toBe("approvalGate");
    expect(routeAfterGate({ ...base, approval: approved })).toBe("refund");
    for (const status of ["pending", "rejected", "cancelled", "expired", "executing"] as const) {
      expect(routeAfterGate({ ...base, approval: { approvalId: "a", amountMinor: 490, status, version: 2 } })).toBe("reply");
    }
  });
});
