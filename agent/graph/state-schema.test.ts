import { fromJSONSchema } from "zod";
import { describe, expect, it } from "vitest";
import { AgentState, STATE_SCHEMA_VERSION, type AgentStateType } from "./state";
import { agentStateSchema, InvalidState, stateContract, validState } from "./state-schema";

/** A state as a new thread's first checkpoint holds it: every channel at its default. */
function fresh(): AgentStateType {
  const state: Record<string, unknown> = {};
  for (const [name, channel] of Object.entries(AgentState.spec)) state[name] = (channel as { initialValueFactory?: () => unknown }).initialValueFactory?.();
  return state as AgentStateType;
}

const aCase = {
  caseId: "c1",
  transactionId: "t1",
  merchant: "Coffee Corner",
  amountMinor: 490,
  currency: "EUR",
  postedAt: "2026-11-30T08:00:00.000Z",
  reason: "duplicate",
};

describe("the state's schema", () => {
  it("has every channel of the graph's state, and nothing else", () => {
    expect(Object.keys(agentStateSchema.shape).sort()).toEqual(Object.keys(AgentState.spec).sort());
  });

  it("takes a new thread's state and one in the middle of a refund", () => {
    const start = fresh();
    expect(validState(start)).toBe(start);
    const midway = {
      ...fresh(),
      tenantId: "demo-bank",
      customerId: "cust-alice",
      input: "I was charged twice at Coffee Corner",
      intent: "refund",
      understanding: { intent: "refund", merchant: "Coffee Corner", reason: "duplicate", confidence: 0.9 },
      case: aCase,
      checks: {
        antifraud: { status: "ok", facts: { risk: "low", score: 0.1, signals: [] }, latencyMs: 12 },
        limits: { status: "unavailable", reason: "timeout" },
      },
      verdict: { outcome: "review", reason: "Antifraud unavailable." },
      approval: { approvalId: "a1", amountMinor: 490, status: "pending", version: 1 },
    } as unknown as AgentStateType;
    expect(validState(midway)).toBe(midway);
  });

  it("refuses a state whose fields do not fit, naming each field", () => {
    const broken = {
      ...fresh(),
      case: { ...aCase, amountMinor: "4.90" },
      approval: { approvalId: "a1", amountMinor: 490, status: "paid", version: 1 },
    } as unknown as AgentStateType;
    const error = (() => {
      try {
        validState(broken);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(InvalidState);
    expect((error as InvalidState).problems).toEqual([expect.stringMatching(/^case\.amountMinor: /), expect.stringMatching(/^approval\.status: /)]);
    expect((error as InvalidState).message).toMatch(/^state:invalid: case\.amountMinor/);
  });

  it("is described for another revision's release check as JSON Schema that reads the same states", () => {
    const contract = JSON.parse(JSON.stringify(stateContract(["intake", "reply"])));
    expect(contract).toMatchObject({ schemaVersion: STATE_SCHEMA_VERSION, nodes: ["intake", "reply"] });
    expect(contract.channels).toEqual(Object.keys(agentStateSchema.shape));
    const reader = fromJSONSchema(contract.state);
    expect(reader.safeParse({ ...fresh(), case: aCase }).success).toBe(true);
    expect(reader.safeParse({ case: { ...aCase, amountMinor: "4.90" } }).success).toBe(false);
    // A channel a state lacks starts at its default.
    expect(reader.safeParse({ tenantId: "demo-bank" }).success).toBe(true);
  });
});
