import { spawn } from "node:child_process";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { getApprovalByCase } from "../../db/queries/approvals";
import { getCaseById } from "../../db/queries/cases";
import { listNodeEventsByThread as listNodeEvents } from "../../db/queries/node-events";
import { agentHarness, call, setFault, TENANT, until } from "../../test/agent-support";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Long enough that no retry falls due while a test runs, unless it moves the agent's clock past it. */
const RETRY_MS = 60_000;
// One ledger attempt per run: a lost answer leaves the refund to the retry job, as a crash or a long outage does.
const h = agentHarness({ refundRetryMs: RETRY_MS, ledgerMaxAttempts: 1 }, { worker: false });

beforeEach(async () => {
  await h.freshStart();
  const window = await call("/_admin/ledger/key-window", { body: { windowMs: DAY_MS } });
  if (window.status !== 200) throw new Error(`setting the key window answered ${window.status}`);
});
afterAll(() => h.pool.end());

/** A day and an hour later, for the ledger and the agent alike: the refund's key is forgotten. */
async function pastTheKeyWindow() {
  await call("/_admin/clock", { body: { advanceMs: DAY_MS + HOUR_MS } });
  h.clock.advance(DAY_MS + HOUR_MS);
}

/** alice's Coffee Corner duplicate, paid by policy; the ledger commits the refund and its answer is lost. */
async function refundWithLostAnswer() {
  await setFault({ system: "ledger", afterCommit: "error", times: 1 });
  const thread = await h.newThread();
  const turn = await h.say(thread, "I was charged twice at Coffee Corner");
  if (turn.kind !== "ok") throw new Error(`the turn answered ${turn.kind}`);
  expect(turn.reply).toMatch(/did not confirm it yet/);
  const approval = (await getApprovalByCase(h.db, TENANT, turn.caseId!))!;
  expect(approval.status).toBe("executing");
  expect(await h.ledgerRows(turn.caseId)).toHaveLength(1);
  return { thread, caseId: turn.caseId!, approval };
}

/** The ledger calls the refund node made for a thread: refunds sent (with the case's key) and reads by case (no key). */
async function ledgerCalls(threadId: string) {
  const events = (await listNodeEvents(h.db, TENANT, threadId)).filter((e) => e.node === "refund" && e.system === "ledger");
  const reads = events.filter((e) => e.idempotencyKey === null).length;
  return { refunds: events.length - reads, reads };
}

describe("a ledger that forgets keys after 24 hours", () => {
  it("the retry job reads the case's entry after the window and completes from it: one ledger entry", async () => {
    const { thread, caseId, approval } = await refundWithLostAnswer();
    await pastTheKeyWindow();

    expect((await h.agent.recoverStuckRuns()).refunds).toEqual([approval.id]);
    expect((await h.agent.recoverStuckRuns()).refunds).toEqual([]);
    expect(await h.ledgerRows(caseId)).toHaveLength(1);
    expect(await ledgerCalls(thread)).toEqual({ refunds: 1, reads: 1 });
    expect((await getApprovalByCase(h.db, TENANT, caseId))?.status).toBe("executed");
    expect((await getCaseById(h.db, TENANT, caseId))?.status).toBe("refunded");
    expect((await h.transcript(thread)).at(-1)).toMatchObject({ role: "agent", text: expect.stringMatching(/refunded the Coffee Corner payment/) });
  });

  it("a process killed after the ledger committed is recovered after the window without a second entry", async () => {
    const thread = await h.newThread();
    const turn = await h.say(thread, "City Parking charged me while I was abroad");
    if (turn.kind !== "ok") throw new Error("turn failed");
    const approval = (await getApprovalByCase(h.db, TENANT, turn.caseId!))!;
    await setFault({ system: "ledger", afterCommit: "hang" });
    const worker = spawn(
      process.execPath,
      ["--import", "tsx", "test/agent-worker.ts", JSON.stringify({ op: "decide", approvalId: approval.id, version: approval.version })],
      {
        env: process.env,
        stdio: "ignore",
      },
    );
    const exited = new Promise((resolve) => worker.once("exit", resolve));
    try {
      await until("the ledger to commit the parking refund", async () => (await h.ledgerRows(turn.caseId)).some((r) => r.status === "committed"));
    } finally {
      worker.kill("SIGKILL");
      await exited;
    }
    await call("/_admin/faults", { method: "DELETE" });
    await pastTheKeyWindow();

    await until("the recovery job to finish the killed run", async () => (await h.agent.recoverStuckRuns()).threads.includes(thread));
    expect(await h.ledgerRows(turn.caseId)).toHaveLength(1);
    expect((await getApprovalByCase(h.db, TENANT, turn.caseId!))?.status).toBe("executed");
    expect((await h.transcript(thread)).at(-1)).toMatchObject({ role: "agent", text: expect.stringMatching(/refunded the City Parking payment/) });
  });

  it("pays a refund whose first call never reached the ledger, once, when the read answers none", async () => {
    await setFault({ system: "ledger", errorRate: 1, times: 1 });
    const thread = await h.newThread();
    const turn = await h.say(thread, "I was charged twice at Coffee Corner");
    if (turn.kind !== "ok") throw new Error("turn failed");
    expect(await h.ledgerRows(turn.caseId)).toHaveLength(0);
    await pastTheKeyWindow();

    const approval = (await getApprovalByCase(h.db, TENANT, turn.caseId!))!;
    expect((await h.agent.recoverStuckRuns()).refunds).toEqual([approval.id]);
    expect(await h.ledgerRows(turn.caseId)).toHaveLength(1);
    expect(await ledgerCalls(thread)).toEqual({ refunds: 2, reads: 1 });
  });

  it("sends nothing while the ledger cannot be read, and completes from the entry once it can", async () => {
    const { thread, caseId, approval } = await refundWithLostAnswer();
    await pastTheKeyWindow();
    await setFault({ system: "ledger", errorRate: 1 });
    expect((await h.agent.recoverStuckRuns()).refunds).toEqual([]);
    h.clock.advance(RETRY_MS + 1_000);
    expect((await h.agent.recoverStuckRuns()).refunds).toEqual([]);
    // Two retries, each a read that failed; no refund sent blind.
    expect(await ledgerCalls(thread)).toEqual({ refunds: 1, reads: 2 });
    expect((await getApprovalByCase(h.db, TENANT, caseId))?.status).toBe("executing");

    await call("/_admin/faults", { method: "DELETE" });
    h.clock.advance(RETRY_MS + 1_000);
    expect((await h.agent.recoverStuckRuns()).refunds).toEqual([approval.id]);
    expect(await h.ledgerRows(caseId)).toHaveLength(1);
    expect(await ledgerCalls(thread)).toEqual({ refunds: 1, reads: 3 });
  });

  it("waits while the ledger lists the case's refund as still booking", async () => {
    const { thread, caseId, approval } = await refundWithLostAnswer();
    await h.pool.query("update bank_sim.ledger_entries set status = 'in_flight' where case_id = $1", [caseId]);
    await pastTheKeyWindow();
    expect((await h.agent.recoverStuckRuns()).refunds).toEqual([]);
    expect(await ledgerCalls(thread)).toEqual({ refunds: 1, reads: 1 });
    expect((await getApprovalByCase(h.db, TENANT, caseId))?.status).toBe("executing");

    await h.pool.query("update bank_sim.ledger_entries set status = 'committed' where case_id = $1", [caseId]);
    h.clock.advance(RETRY_MS + 1_000);
    expect((await h.agent.recoverStuckRuns()).refunds).toEqual([approval.id]);
    expect(await h.ledgerRows(caseId)).toHaveLength(1);
  });
});
