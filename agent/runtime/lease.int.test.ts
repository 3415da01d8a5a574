import { sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { appendMessage, claimThread, listMessagesByThread } from "../../db/queries/threads";
import { agentHarness, FAST_SETTINGS, setFault, TENANT, until } from "../../test/agent-support";
import { createAgent, type Agent } from "../index";
import { createInstance, lockKey } from "./instance";

const h = agentHarness();
const LEASE_MS = 1500;
/** Checks wait far longer than the antifraud latency below, so a run lasts about twice the lease. */
const SLOW_RUN = { ...FAST_SETTINGS, leaseMs: LEASE_MS, checkTimeoutMs: 20_000 };
const newInstance = () => createAgent({ db: h.db, pool: h.pool, deps: { settings: SLOW_RUN } });

beforeEach(() => h.freshStart());
afterAll(() => h.pool.end());

const lease = async (threadId: string) =>
  (
    await h.db.execute<{ owner: string | null; live: boolean }>(
      sql`select lease_owner as owner, lease_until > now() as live from threads where id = ${threadId}`,
    )
  ).rows[0]!;

/** The backend pid of an instance's liveness connection, once it holds its lock. */
async function livenessPid(instanceId: string): Promise<number | null> {
  const { rows } = await h.db.execute<{ pid: number }>(sql`
    select a.pid from pg_stat_activity a
     where a.application_name = ${lockKey(instanceId)}
       and exists (select 1 from pg_locks l where l.pid = a.pid and l.locktype = 'advisory' and l.granted)`);
  return rows[0]?.pid ?? null;
}

/**
 * Recovers with `other` over and over while `turn` runs, checking each time that the
 * thread's lease is held by `owner` and has not run out (until the run releases it); the
 * threads `other` took, and the leases seen lapsed or in other hands.
 */
async function recoverWhileRunning(other: Agent, turn: Promise<unknown>, threadId: string, owner: string) {
  let done = false;
  void turn.finally(() => (done = true));
  await until("the run to lease the thread", async () => (await lease(threadId)).owner === owner);
  const taken: string[] = [];
  const lapses: unknown[] = [];
  while (!done) {
    taken.push(...(await other.recoverStuckRuns()).threads);
    const now = await lease(threadId);
    const released = now.owner === null;
    if (!released && (now.owner !== owner || !now.live)) lapses.push(now);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { taken, lapses };
}

async function expectAnsweredOnce(threadId: string) {
  const transcript = await listMessagesByThread(h.db, TENANT, threadId);
  expect(transcript.map((m) => m.role)).toEqual(["customer", "agent"]);
  expect(transcript[1]!.text).toMatch(/refunded/i);
  expect(await h.ledgerRows()).toHaveLength(1);
  expect(await h.calls()).toMatchObject({ antifraud: 1, ledger: 1 });
}

describe("a run longer than its lease", () => {
  it("renews the lease while it works, so a second instance's recovery takes nothing over; one answer, one ledger row", async () => {
    await setFault({ system: "antifraud", latencyMs: 2 * LEASE_MS });
    const [a, b] = [newInstance(), newInstance()];
    const thread = await h.newThread();
    const started = Date.now();
    const turn = a.sendMessage({ tenantId: TENANT, threadId: thread, customerId: "cust-alice", text: "I was charged twice at Coffee Corner", actor: "alice" });
    const { taken, lapses } = await recoverWhileRunning(b, turn, thread, a.instance.id);
    expect(await turn).toMatchObject({ kind: "ok", status: "idle" });
    expect(Date.now() - started).toBeGreaterThan(2 * LEASE_MS);
    expect(taken).toEqual([]);
    expect(lapses).toEqual([]);
    await expectAnsweredOnce(thread);
    expect(await lease(thread)).toMatchObject({ owner: null });
    await Promise.all([a.close(), b.close()]);
  });
});

describe("a lease whose time ran out", () => {
  it("is left to its owner while the owner is alive, and taken over once it is gone", async () => {
    const thread = await h.newThread();
    const owner = createInstance(process.env.DATABASE_URL!);
    await owner.ready();
    await claimThread(h.db, { tenantId: TENANT, threadId: thread, leaseMs: 1000, owner: owner.id });
    await appendMessage(h.db, { tenantId: TENANT, threadId: thread, role: "customer", text: "what are my card limits" });
    await h.db.execute(sql`update threads set lease_until = now() - interval '1 minute' where id = ${thread}`);
    const other = newInstance();
    expect((await other.recoverStuckRuns()).threads).toEqual([]);
    expect(await lease(thread)).toEqual({ owner: owner.id, live: false });

    await owner.close();
    expect((await other.recoverStuckRuns()).threads).toEqual([thread]);
    const transcript = await listMessagesByThread(h.db, TENANT, thread);
    expect(transcript.map((m) => m.role)).toEqual(["customer", "agent"]);
    expect(transcript[1]!.text).toMatch(/daily limit/);
    await other.close();
  });
});

describe("the liveness connection", () => {
  it("reconnects and takes its lock again when it drops mid-run; the run finishes once and nothing is taken over", async () => {
    await setFault({ system: "antifraud", latencyMs: 2 * LEASE_MS });
    const [a, b] = [newInstance(), newInstance()];
    await a.instance.ready();
    const first = await livenessPid(a.instance.id);
    expect(first).not.toBeNull();
    const thread = await h.newThread();
    const turn = a.sendMessage({ tenantId: TENANT, threadId: thread, customerId: "cust-alice", text: "I was charged twice at Coffee Corner", actor: "alice" });
    await until("the antifraud check to start", async () => (await h.calls()).antifraud === 1);
    await h.db.execute(sql`select pg_terminate_backend(${first})`);

    const { taken, lapses } = await recoverWhileRunning(b, turn, thread, a.instance.id);
    expect(await turn).toMatchObject({ kind: "ok", status: "idle" });
    expect(taken).toEqual([]);
    expect(lapses).toEqual([]);
    await expectAnsweredOnce(thread);

    await until("the liveness lock to be held again", async () => {
      const pid = await livenessPid(a.instance.id);
      return pid !== null && pid !== first;
    });
    expect(await b.instance.isAlive(a.instance.id)).toBe(true);
    const next = await a.sendMessage({ tenantId: TENANT, threadId: thread, customerId: "cust-alice", text: "what are my card limits", actor: "alice" });
    expect(next).toMatchObject({ kind: "ok", reply: expect.stringMatching(/daily limit/) });
    await Promise.all([a.close(), b.close()]);
  });
});
