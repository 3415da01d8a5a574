import { spawn } from "node:child_process";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { listAuditEventsBySubject } from "../../db/queries/audit";
import { getCaseById } from "../../db/queries/cases";
import { listMessagesByThread, SUPERSEDE_CHANNEL } from "../../db/queries/threads";
import { agentHarness, call, FAST_SETTINGS, setFault, TENANT, until } from "../../test/agent-support";
import { createAgentStore } from "./store";
import type { AgentStore } from "../graph/deps";
import { createAgent } from "../index";
import { createInstance, type Instance as InstanceHandle } from "./instance";
import type { AgentStateType } from "../graph/state";

const h = agentHarness();

beforeEach(() => h.freshStart());
afterAll(() => h.pool.end());

type Policy = "interrupt" | "rollback";

/**
 * An instance of `policy`. With `holdApprovals`, its policy approvals come back only once
 * the instance has heard that a newer message superseded the run, so a test can send that
 * message between triage and the refund.
 */
function instance(doubleTexting: Policy, holdApprovals = false) {
  let heard!: () => void;
  const superseded = new Promise<void>((resolve) => (heard = resolve));
  const own = createInstance(process.env.DATABASE_URL!);
  const listening: InstanceHandle = {
    ...own,
    subscribe: (channel, onPayload) =>
      own.subscribe(channel, (payload) => {
        onPayload(payload);
        if (channel === SUPERSEDE_CHANNEL) heard();
      }),
  };
  const real = createAgentStore(h.db);
  const store: AgentStore = {
    ...real,
    async recordPolicyApproval(input, decide) {
      const decided = await real.recordPolicyApproval(input, decide);
      if (holdApprovals) await superseded;
      return decided;
    },
  };
  return createAgent({ db: h.db, pool: h.pool, instance: listening, deps: { store, settings: { ...FAST_SETTINGS, doubleTexting } } });
}
type Instance = ReturnType<typeof instance>;

const say = (agent: Instance, threadId: string, text: string) =>
  agent.sendMessage({ tenantId: TENANT, threadId, customerId: "cust-alice", text, actor: "alice" });

const approvalsOf = async (thread: string) =>
  (await h.pool.query<{ id: string; status: string; case_id: string }>("select id, status, case_id from approvals where thread_id = $1", [thread])).rows;

/** Every customer message was answered, and none waits in the queue. */
function expectEveryMessageAnswered(transcript: { role: string; queued: boolean; answeredAt: Date | null }[]) {
  expect(transcript.filter((m) => m.queued)).toEqual([]);
  expect(transcript.filter((m) => m.role === "customer" && m.answeredAt === null)).toEqual([]);
}

/** Starts the Coffee Corner duplicate (auto-approved by policy) on `a` and sends a newer message on `b` once the approval is recorded. */
async function supersedeAutoRefund(policy: Policy, thread: string) {
  const [a, b] = [instance(policy, true), instance(policy)];
  const first = say(a, thread, "I was charged twice at Coffee Corner");
  await until("the policy approval to be recorded", async () => (await approvalsOf(thread)).some((r) => r.status === "approved"));
  expect(await say(b, thread, "what are my card limits")).toEqual({ kind: "queued" });
  return { a, b, first: await first };
}

/**
 * Two instances of `policy`: `a` starts answering `text` and the test goes on once `system`
 * (slowed by 400-500 ms) has been called, so a newer message on `b` meets a busy run.
 */
async function busyOn(policy: Policy, system: "limits" | "antifraud" | "ledger", text: string) {
  await setFault({ system, latencyMs: system === "ledger" ? 500 : 400 });
  const [a, b] = [instance(policy), instance(policy)];
  const thread = await h.newThread();
  const first = say(a, thread, text);
  await until(`the ${system} call`, async () => (await h.calls())[system] === 1);
  return { a, b, thread, first };
}

describe.each(["interrupt", "rollback"] as const)("double-texting %s", (policy) => {
  it("a newer message on another instance stops the run before its refund: the policy approval is withdrawn and nothing is paid", async () => {
    const thread = await h.newThread();
    const { a, b, first } = await supersedeAutoRefund(policy, thread);
    expect(first).toMatchObject({ kind: "ok", status: "idle", reply: expect.stringMatching(/stopped working on this message.*was not made/) });

    const [approval] = await approvalsOf(thread);
    expect(approval).toMatchObject({ status: "cancelled" });
    expect((await getCaseById(h.db, TENANT, approval!.case_id))?.status).toBe("cancelled");
    expect((await listAuditEventsBySubject(h.db, TENANT, "approval", approval!.id)).map((e) => e.action)).toEqual(["approval.withdrawn"]);
    const stops = await listAuditEventsBySubject(h.db, TENANT, "thread", thread);
    expect(stops.map((e) => [e.action, e.data])).toEqual([["thread.run_stopped", { policy, withdrawn: true, refundMade: false, caseId: approval!.case_id }]]);
    expect(await h.ledgerRows()).toHaveLength(0);
    expect((await h.calls()).ledger).toBe(0);

    const transcript = await listMessagesByThread(h.db, TENANT, thread);
    expect(transcript.map((m) => m.role)).toEqual(["customer", "customer", "agent", "agent"]);
    expect(transcript.at(-1)!.text).toMatch(/daily limit/);
    expectEveryMessageAnswered(transcript);

    const state = await a.graph.getState({ configurable: { thread_id: thread } });
    expect(state.next).toEqual([]);
    expect(await a.recoverStuckRuns()).toMatchObject({ threads: [] });
    expect(await h.ledgerRows()).toHaveLength(0);
    await Promise.all([a.close(), b.close()]);
  });

  it("a refund already being paid when the newer message arrives finishes once, and the customer is told", async () => {
    const { a, b, thread, first } = await busyOn(policy, "ledger", "I was charged twice at Coffee Corner");
    expect(await say(b, thread, "what are my card limits")).toEqual({ kind: "queued" });
    expect(await first).toMatchObject({ kind: "ok", status: "idle", reply: expect.stringMatching(/refunded the Coffee Corner payment/) });
    expect(await h.ledgerRows()).toHaveLength(1);
    expect((await approvalsOf(thread))[0]).toMatchObject({ status: "executed" });
    const transcript = await listMessagesByThread(h.db, TENANT, thread);
    expect(transcript.at(-1)!.text).toMatch(/daily limit/);
    expectEveryMessageAnswered(transcript);
    await Promise.all([a.close(), b.close()]);
  });

  it("three quick messages: every one is kept and answered, the newest in full", async () => {
    const { a, b, thread, first } = await busyOn(policy, "limits", "what are my card limits");
    expect(await say(b, thread, "hello?")).toEqual({ kind: "queued" });
    expect(await say(b, thread, "what's the status of my refund")).toEqual({ kind: "queued" });
    expect(await first).toMatchObject({ kind: "ok", reply: expect.stringMatching(/stopped working/) });
    const transcript = await listMessagesByThread(h.db, TENANT, thread);
    expect(transcript.filter((m) => m.role === "customer").map((m) => m.text)).toEqual(["what are my card limits", "hello?", "what's the status of my refund"]);
    expect(transcript.at(-1)).toMatchObject({ role: "agent", text: expect.stringMatching(/don't have any refund requests/) });
    expectEveryMessageAnswered(transcript);
    await Promise.all([a.close(), b.close()]);
  });

  it("a queued 'cancel my request' stops the run before review: the case is closed, nothing waits for an operator, nothing is paid", async () => {
    const { a, b, thread, first } = await busyOn(policy, "antifraud", "I don't recognise the Electro Mart payment");
    expect(await say(b, thread, "never mind, cancel my request")).toEqual({ kind: "queued" });
    const turn = await first;
    expect(turn).toMatchObject({ kind: "ok", status: "idle" });
    if (turn.kind !== "ok") return;
    expect((await getCaseById(h.db, TENANT, turn.caseId!))?.status).toBe("cancelled");
    expect(await approvalsOf(thread)).toEqual([]);
    expect(await h.ledgerRows()).toHaveLength(0);
    const transcript = await listMessagesByThread(h.db, TENANT, thread);
    expect(transcript.at(-1)).toMatchObject({ role: "agent", text: expect.stringMatching(/cancelled/) });
    expectEveryMessageAnswered(transcript);
    const timeline = await a.incidents.timeline(TENANT, thread);
    const actions = timeline.flatMap((e) => (e.kind === "operator_action" ? [e.action] : []));
    expect(actions).toEqual(["case.withdrawn", "thread.run_stopped"]);
    await Promise.all([a.close(), b.close()]);
  });

  /**
   * A worker process answers the Coffee Corner claim until `ready`, a newer message is
   * queued from this process, the worker is SIGKILLed, and another instance recovers.
   */
  async function killedWhileSuperseded(thread: string, ready: () => Promise<boolean>, job: Record<string, unknown> = {}) {
    const say1 = { op: "say", threadId: thread, customerId: "cust-alice", text: "I was charged twice at Coffee Corner", doubleTexting: policy, ...job };
    const worker = spawn(process.execPath, ["--import", "tsx", "test/agent-worker.ts", JSON.stringify(say1)], { env: process.env, stdio: "ignore" });
    await until("the worker to reach the kill point", ready);
    const b = instance(policy);
    expect(await say(b, thread, "what are my card limits")).toEqual({ kind: "queued" });
    const exited = new Promise((r) => worker.once("exit", r));
    worker.kill("SIGKILL");
    await exited;
    await call("/_admin/faults", { method: "DELETE" });
    await until("the cut-off run to be recovered", async () => (await b.recoverStuckRuns()).threads.length > 0);
    return b;
  }

  it("survives the crash of the instance holding the thread: recovery settles the cut-off run as stopped instead of resuming it", async () => {
    await setFault({ system: "antifraud", hang: true });
    const thread = await h.newThread();
    const b = await killedWhileSuperseded(thread, async () => (await h.calls()).antifraud === 1 && (await h.calls()).history === 1);
    expect(await h.calls()).toMatchObject({ antifraud: 1, ledger: 0 });
    expect(await h.ledgerRows()).toHaveLength(0);
    const kase = (await h.pool.query<{ status: string }>("select status from cases where thread_id = $1", [thread])).rows;
    expect(kase).toEqual([{ status: "cancelled" }]);
    const transcript = await listMessagesByThread(h.db, TENANT, thread);
    expect(transcript.map((m) => m.role)).toEqual(["customer", "customer", "agent", "agent"]);
    expect(transcript[2]!.text).toMatch(/stopped working/);
    expect(transcript[3]!.text).toMatch(/daily limit/);
    expect((await b.graph.getState({ configurable: { thread_id: thread } })).next).toEqual([]);
    await b.close();
  });

  it("after a crash between recording the policy approval and saving triage's writes, recovery withdraws the approval the state never saw", async () => {
    const thread = await h.newThread();
    const b = await killedWhileSuperseded(thread, async () => (await approvalsOf(thread)).some((r) => r.status === "approved"), {
      holdAfterPolicyApproval: true,
    });
    expect(await approvalsOf(thread)).toEqual([expect.objectContaining({ status: "cancelled" })]);
    expect(await h.ledgerRows()).toHaveLength(0);
    const transcript = await listMessagesByThread(h.db, TENANT, thread);
    expect(transcript.map((m) => m.role)).toEqual(["customer", "customer", "agent", "agent"]);
    expect(transcript[2]!.text).toMatch(/stopped working.*was not made/);
    await b.close();
  });

  it("after a crash between the ledger's commit and the refund's checkpoint, recovery finishes the refund once instead of stopping it", async () => {
    await setFault({ system: "ledger", afterCommit: "hang" });
    const thread = await h.newThread();
    const b = await killedWhileSuperseded(thread, async () => (await h.ledgerRows()).length === 1);
    expect(await h.ledgerRows()).toHaveLength(1);
    const [approval] = await approvalsOf(thread);
    expect(approval).toMatchObject({ status: "executed" });
    expect((await getCaseById(h.db, TENANT, approval!.case_id))?.status).toBe("refunded");
    const transcript = await listMessagesByThread(h.db, TENANT, thread);
    expect(transcript.map((m) => m.role)).toEqual(["customer", "customer", "agent", "agent"]);
    expect(transcript[2]!.text).toMatch(/refunded the Coffee Corner payment/);
    expect(transcript[3]!.text).toMatch(/daily limit/);
    await b.close();
  });
});

describe("what the thread's state keeps of a stopped run", () => {
  async function stoppedAfterGreeting(policy: Policy) {
    const thread = await h.newThread();
    const greeter = instance(policy);
    await say(greeter, thread, "Hello");
    const { a, b } = await supersedeAutoRefund(policy, thread);
    await greeter.close();
    const config = { configurable: { thread_id: thread } };
    const values = (await a.graph.getState(config)).values as AgentStateType;
    const history = [];
    for await (const snapshot of a.graph.getStateHistory(config)) history.push(snapshot);
    await Promise.all([a.close(), b.close()]);
    return { values, history };
  }

  it("interrupt keeps the stopped turn's progress: its message and the withdrawn case stay in the state", async () => {
    const { values } = await stoppedAfterGreeting("interrupt");
    expect(values.recent.map((t) => t.text)).toEqual([
      "Hello",
      expect.stringMatching(/^Hello!/),
      "I was charged twice at Coffee Corner",
      expect.stringMatching(/stopped working/),
      "what are my card limits",
      expect.stringMatching(/daily limit/),
    ]);
    expect(values.fingerprints).toHaveLength(1);
  });

  it("rollback sets the state back to where the stopped run began, on one line of checkpoints", async () => {
    const { values, history } = await stoppedAfterGreeting("rollback");
    expect(values.recent.map((t) => t.text)).toEqual([
      "Hello",
      expect.stringMatching(/^Hello!/),
      "what are my card limits",
      expect.stringMatching(/daily limit/),
    ]);
    expect(values.fingerprints).toEqual([]);
    expect(values.intent).toBe("limits");
    history.forEach((snapshot, i) => {
      const older = history[i + 1];
      expect(snapshot.parentConfig?.configurable?.checkpoint_id).toBe(older?.config.configurable?.checkpoint_id);
    });
    expect(history.some((s) => s.metadata?.source === "update")).toBe(true);
  });
});
