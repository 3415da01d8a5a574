import { spawn, type ChildProcess } from "node:child_process";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { getApprovalByCase } from "../../db/queries/approvals";
import type { AgentStateType } from "../graph/state";
import { agentHarness, call, setFault, TENANT, until } from "../../test/agent-support";

const h = agentHarness({}, { worker: false });
let worker: ChildProcess | undefined;

beforeEach(() => h.freshStart());
afterEach(() => worker?.kill("SIGKILL"));
afterAll(() => h.pool.end());

function startWorker(job: Record<string, unknown>): ChildProcess {
  worker = spawn(process.execPath, ["--import", "tsx", "test/agent-worker.ts", JSON.stringify(job)], { env: process.env, stdio: "ignore" });
  return worker;
}

/** The recovery job, as production runs it, until it has taken over and finished the dead process's run on the thread. */
async function recoverByJob(threadId: string) {
  await until("the recovery job to take over the thread", async () => (await h.agent.recoverStuckRuns()).threads.includes(threadId));
  return (await h.agent.state(TENANT, threadId)).values as AgentStateType;
}

async function kill(child: ChildProcess) {
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGKILL");
  await exited;
}

/** Writes to `checks` kept across the crash: intake's reset of the turn's checks, then one per finished check. */
async function savedCheckWrites(threadId: string): Promise<number> {
  const res = await h.db.execute<{ n: number }>(
    sql`select count(*)::int as n from langgraph.checkpoint_writes where thread_id = ${threadId} and channel = 'checks'`,
  );
  return res.rows[0]!.n;
}

describe("a run killed mid-step resumes without repeating finished work", () => {
  it("calls only antifraud again when the process dies after limits and history answered", async () => {
    await setFault({ system: "antifraud", hang: true });
    const thread = await h.newThread();
    const child = startWorker({ op: "say", threadId: thread, customerId: "cust-alice", text: "I was charged twice at Coffee Corner" });
    await until("limits and history to be saved", async () => (await savedCheckWrites(thread)) >= 3);
    await kill(child);
    expect(await h.calls()).toMatchObject({ limits: 1, history: 1, antifraud: 1, ledger: 0 });

    await call("/_admin/faults", { method: "DELETE" });
    const recovered = await recoverByJob(thread);
    expect(await h.calls()).toMatchObject({ limits: 1, history: 1, antifraud: 2, ledger: 1 });
    expect(recovered.refundOutcome).toMatchObject({ status: "executed" });
    expect(await h.ledgerRows(recovered.case!.caseId)).toHaveLength(1);
    const transcript = await h.transcript(thread);
    expect(transcript.map((m) => m.role)).toEqual(["customer", "agent"]);
    expect(transcript[0]!.answeredAt).not.toBeNull();
  });

  it("pays once when the refund node dies after the ledger call, before its checkpoint", async () => {
    const thread = await h.newThread();
    const turn = await h.say(thread, "City Parking charged me while I was abroad");
    if (turn.kind !== "ok") throw new Error("turn failed");
    const approval = (await getApprovalByCase(h.db, TENANT, turn.caseId!))!;
    await setFault({ system: "ledger", afterCommit: "hang" });

    const child = startWorker({ op: "decide", approvalId: approval.id, version: approval.version });
    await until("the ledger to commit", async () => (await h.ledgerRows(turn.caseId)).some((r) => r.status === "committed"));
    await kill(child);
    expect((await getApprovalByCase(h.db, TENANT, turn.caseId!))?.status).toBe("executing");

    await call("/_admin/faults", { method: "DELETE" });
    const recovered = await recoverByJob(thread);
    expect(recovered.refundOutcome).toMatchObject({ status: "executed", replayed: true });
    // The re-run read the case's entry and sent nothing: one refund call in all.
    expect((await h.calls()).ledger).toBe(1);
    expect(await h.ledgerRows(turn.caseId)).toHaveLength(1);
    expect((await getApprovalByCase(h.db, TENANT, turn.caseId!))?.status).toBe("executed");
    expect((await h.transcript(thread)).at(-1)).toMatchObject({ role: "agent", text: expect.stringMatching(/refunded the City Parking payment/) });
  });

  it("pays once when the ledger's read lags behind its writes: the re-run's refund call replays the first by its key", async () => {
    const thread = await h.newThread();
    const turn = await h.say(thread, "City Parking charged me while I was abroad");
    if (turn.kind !== "ok") throw new Error("turn failed");
    const approval = (await getApprovalByCase(h.db, TENANT, turn.caseId!))!;
    await setFault({ system: "ledger", afterCommit: "hang", staleReads: true });

    const child = startWorker({ op: "decide", approvalId: approval.id, version: approval.version });
    await until("the ledger to commit", async () => (await h.ledgerRows(turn.caseId)).some((r) => r.status === "committed"));
    await kill(child);
    // The answer stays lost and the read still sees nothing: only the key stands between the re-run and a second refund.
    await setFault({ system: "ledger", staleReads: true });
    const recovered = await recoverByJob(thread);
    expect(recovered.refundOutcome).toMatchObject({ status: "executed", replayed: true });
    expect((await h.calls()).ledger).toBe(2);
    expect(await h.ledgerRows(turn.caseId)).toHaveLength(1);
  });
});
