import { sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { getApprovalByCase } from "../../db/queries/approvals";
import { agentHarness, setFault, TENANT } from "../../test/agent-support";

const h = agentHarness();

beforeEach(() => h.freshStart());
afterAll(() => h.pool.end());

/** Alice's Electro Mart payment, refunded after olga's and sam's approvals. */
async function fourEyesRefund() {
  const thread = await h.newThread();
  const turn = await h.say(thread, "I don't recognise the Electro Mart payment of 1,249.00");
  if (turn.kind !== "ok") throw new Error("turn failed");
  const approval = (await getApprovalByCase(h.db, TENANT, turn.caseId!))!;
  await h.decide(approval, "olga");
  await h.decide({ id: approval.id, version: approval.version + 1 }, "sam");
  return { thread, caseId: turn.caseId! };
}

async function productionCounts(thread: string) {
  const count = async (q: ReturnType<typeof sql>) => Number((await h.db.execute<{ n: number }>(q)).rows[0]!.n);
  return {
    checkpoints: await count(sql`select count(*)::int as n from langgraph.checkpoints where thread_id = ${thread}`),
    writes: await count(sql`select count(*)::int as n from langgraph.checkpoint_writes where thread_id = ${thread}`),
    approvals: await count(sql`select count(*)::int as n from approvals`),
    cases: await count(sql`select count(*)::int as n from cases`),
    ledger: await count(sql`select count(*)::int as n from bank_sim.ledger_entries`),
    nodeEvents: await count(sql`select count(*)::int as n from node_events`),
    ledgerCalls: (await h.calls()).ledger,
  };
}

describe("the incident timeline", () => {
  it("puts checkpoints, their tasks, system calls, the ledger call and both decisions on one axis", async () => {
    const { thread } = await fourEyesRefund();
    const entries = await h.agent.incidents.timeline(TENANT, thread);
    const checkpoints = entries.filter((e) => e.kind === "checkpoint");
    const fanOut = checkpoints.find((c) => c.tasks.filter((t) => t.node === "checkSystem").length === 3)!;
    expect(fanOut.tasks.map((t) => t.writes)).toEqual(
      expect.arrayContaining([expect.objectContaining({ checks: expect.objectContaining({ antifraud: expect.objectContaining({ status: "ok" }) }) })]),
    );
    const gate = checkpoints.find((c) => c.tasks.some((t) => t.node === "approvalGate" && t.interrupts.length > 0))!;
    expect(gate.resumes).toHaveLength(1);
    const nodeEvents = entries.filter((e) => e.kind === "node_event") as { node: string; system: string | null; latencyMs: number }[];
    expect(
      nodeEvents
        .filter((e) => e.system)
        .map((e) => e.system)
        .sort(),
    ).toEqual(["antifraud", "history", "limits"]);
    expect(new Set(nodeEvents.filter((e) => !e.system).map((e) => e.node))).toEqual(new Set(["intake", "triage", "approvalGate", "refund", "reply"]));
    const ledger = entries.filter((e) => e.kind === "ledger_call");
    expect(ledger).toEqual([expect.objectContaining({ idempotencyKey: expect.stringMatching(/^refund:demo-bank:/), outcome: "ok" })]);
    expect(entries.filter((e) => e.kind === "operator_action").map((e) => `${(e as { actor: string }).actor}:${(e as { action: string }).action}`)).toEqual([
      "olga:approval.first_approved",
      "sam:approval.approved",
    ]);
    expect(entries.map((e) => e.at)).toEqual([...entries.map((e) => e.at)].sort());
  });

  it("shows each failed attempt of a check that degraded", async () => {
    await setFault({ system: "antifraud", errorRate: 1 });
    const thread = await h.newThread();
    await h.say(thread, "City Parking charged me while I was abroad");
    const entries = await h.agent.incidents.timeline(TENANT, thread);
    const antifraud = entries.filter((e) => e.kind === "node_event" && e.system === "antifraud");
    expect(antifraud.map((e) => (e as { outcome: string }).outcome)).toEqual(["error", "error", "error", "degraded"]);
  });

  it("gives the raw state at a checkpoint and a line diff against its parent", async () => {
    const { thread } = await fourEyesRefund();
    const entries = await h.agent.incidents.timeline(TENANT, thread);
    const afterTriage = entries.find((e) => e.kind === "checkpoint" && e.next.includes("approvalGate"))!;
    const view = await h.agent.incidents.checkpoint(TENANT, thread, (afterTriage as { checkpointId: string }).checkpointId);
    expect(view?.values).toMatchObject({ verdict: { outcome: "review" }, schemaVersion: 1 });
    expect(view?.unknownFields).toEqual([]);
    expect(
      view?.diff
        .filter((p) => p.added)
        .map((p) => p.value)
        .join(""),
    ).toContain('"outcome": "review"');
    expect(await h.agent.incidents.checkpoint(TENANT, thread, "no-such-checkpoint")).toBeNull();
  });
});

describe("sandbox replay", () => {
  it("shows another path under a what-if policy and touches nothing in production", async () => {
    const { thread } = await fourEyesRefund();
    const entries = await h.agent.incidents.timeline(TENANT, thread);
    const afterChecks = entries.find((e) => e.kind === "checkpoint" && e.next.includes("triage")) as { checkpointId: string };
    const before = await productionCounts(thread);
    const replay = await h.agent.incidents.replay(TENANT, thread, {
      checkpointId: afterChecks.checkpointId,
      systems: "recorded",
      policy: { autoApproveMaxMinor: 200_000, clearRisks: ["low", "medium", "high"] },
    });
    expect(replay?.original.outcome).toMatchObject({ triage: "review", refund: "executed" });
    expect(replay?.original.steps.map((s) => s.nodes[0])).toContain("approvalGate");
    expect(replay?.sandbox.outcome).toMatchObject({ triage: "auto_approve", refund: "executed" });
    expect(replay?.sandbox.steps.map((s) => s.nodes[0])).not.toContain("approvalGate");
    expect(replay?.differs).toBe(true);
    expect(replay?.ledgerCalls).toEqual([expect.objectContaining({ idempotencyKey: expect.stringMatching(/^refund:demo-bank:/) })]);
    expect(await productionCounts(thread)).toEqual(before);
  });

  it("follows the recorded path and the recorded decision when nothing changes", async () => {
    const { thread } = await fourEyesRefund();
    const entries = await h.agent.incidents.timeline(TENANT, thread);
    const input = entries.find((e) => e.kind === "checkpoint" && e.source === "input") as { checkpointId: string };
    const before = await productionCounts(thread);
    const replay = await h.agent.incidents.replay(TENANT, thread, { checkpointId: input.checkpointId, systems: "recorded" });
    expect(replay?.sandbox.steps.map((s) => s.nodes)).toEqual(replay?.original.steps.map((s) => s.nodes));
    expect(replay?.sandbox.outcome).toMatchObject({ triage: "review", approval: "executed", refund: "executed" });
    expect(replay?.differs).toBe(false);
    expect(replay?.systemCalls.map((c) => c.source)).toEqual(["recorded", "recorded", "recorded"]);
    expect(await productionCounts(thread)).toEqual(before);
  });
});
