import { describe, expect, it } from "vitest";
import type { AgentStateType } from "./state";
import { upgradeState } from "./upgrade";

const v0 = {
  schemaVersion: 0,
  case: { caseId: "c1", transactionId: "t1", merchant: "Coffee Corner", amountMinor: 490, currency: "EUR", postedAt: "", reason: "duplicate" },
  approval: { approvalId: "a1", status: "approved", version: 1, decidedBy: "policy" },
} as unknown as AgentStateType;

describe("state upgrades on read", () => {
  it("gives a v0 approval the case's full amount and marks the state current", () => {
    expect(upgradeState(v0)).toMatchObject({ schemaVersion: 1, approval: { approvalId: "a1", amountMinor: 490 } });
  });

  it("leaves a current state untouched", () => {
    const current = { ...v0, schemaVersion: 1, approval: { ...v0.approval!, amountMinor: 300 } } as AgentStateType;
    expect(upgradeState(current)).toBe(current);
  });

  it("treats a state without a version as v0", () => {
    const { schemaVersion: _, ...unversioned } = v0;
    expect(upgradeState(unversioned as AgentStateType).approval?.amountMinor).toBe(490);
  });
});
