import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { opsSummary, type OpsSummary } from "@/app/api/ops/summary/schema";
import { createSession } from "@/app/_lib/session";
import { agentHarness, TENANT } from "@/test/agent-support";
import { callRoute } from "@/test/routes";

const h = agentHarness();
const cookies: Record<string, string> = {};

beforeAll(async () => {
  await h.freshStart();
  for (const user of ["alice", "olga", "sam", "ivan", "otto"]) cookies[user] = `bank_session=${(await createSession(h.db, `user-${user}`)).token}`;
});
afterAll(() => h.pool.end());

const summary = (cookie?: string) => callRoute({ method: "GET", route: "/api/ops/summary", ...(cookie ? { cookie } : {}) });

async function read(cookie = cookies.otto): Promise<OpsSummary> {
  const res = await summary(cookie);
  expect(res.status).toBe(200);
  return opsSummary.parse(await res.json());
}

/** A case and its approval on a fresh thread, stamped relative to the database's clock (`ago`: a Postgres interval). */
async function approval(id: string, status: string, created: string, settled?: string, tenant = TENANT) {
  const threadId = await h.newThread();
  await h.db.execute(sql`insert into cases (id, tenant_id, thread_id, customer_id, transaction_id, reason, amount_minor, status)
    values (${`case-${id}`}, ${tenant}, ${threadId}, 'cust-alice', ${`txn-ops-${id}`}, 'duplicate', 490, 'open')`);
  await h.db
    .execute(sql`insert into approvals (id, tenant_id, case_id, thread_id, status, mode, amount_minor, policy_reason, checks, expires_at, created_at, updated_at, decided_at)
    values (${id}, ${tenant}, ${`case-${id}`}, ${threadId}, ${status}, 'operator', 490, 'test', '{}'::jsonb, now() + interval '2 days',
            now() - ${created}::interval, now() - ${settled ?? created}::interval, ${settled ? sql`now() - ${settled}::interval` : null})`);
  return threadId;
}

async function nodeEvent(node: string, outcome: string, system: string | null, ago: string, key: string | null = null, tenant = TENANT) {
  await h.db.execute(sql`insert into node_events (tenant_id, thread_id, node, system, outcome, latency_ms, idempotency_key, at)
    values (${tenant}, 'thread-x', ${node}, ${system}, ${outcome}, 5, ${key}, now() - ${ago}::interval)`);
}

const total = (s: OpsSummary, pick: (m: OpsSummary["minutes"][number]) => number) => s.minutes.reduce((sum, m) => sum + pick(m), 0);

describe("GET /api/ops/summary", () => {
  it("reads an empty hour as zeros, with no quantile and no waiting approval", async () => {
    const s = await read();
    expect(s.minutes).toHaveLength(60);
    expect(s.bucketSeconds).toBe(60);
    expect(Date.parse(s.minutes[59]!.at)).toBeLessThanOrEqual(Date.parse(s.generatedAt));
    expect(Date.parse(s.generatedAt) - Date.parse(s.minutes[59]!.at)).toBeLessThan(60_000);
    expect(Date.parse(s.minutes[59]!.at) - Date.parse(s.minutes[0]!.at)).toBe(59 * 60_000);
    expect(total(s, (m) => m.turns + m.refunds.executed + m.refunds.failed + m.refunds.retried + m.takeovers + m.approvalsWaiting)).toBe(0);
    expect(s.live.checkpoints).toEqual({ writes: 0, writeP50Ms: null, writeP95Ms: null, sizeP50Bytes: null, sizeP95Bytes: null, over1Mb: 0 });
    expect(s.approvals).toMatchObject({ waiting: 0, oldestAgeSeconds: null });
    expect(s.systems).toEqual([]);
    expect(s.largeCheckpointBytes).toBe(1024 * 1024);
  });

  it("counts the tenant's turns, refunds, degraded checks and waiting approvals, and every instance's samples", async () => {
    await approval("ops-waiting-old", "pending", "10 minutes");
    await approval("ops-waiting-new", "pending", "1 minute");
    await approval("ops-rejected", "rejected", "40 minutes", "20 minutes");
    await approval("ops-paid-early", "executed", "31 minutes", "30 minutes");
    const paidThread = await approval("ops-paid-now", "executed", "3 minutes", "2 minutes");
    await approval("ops-other-bank", "pending", "50 minutes", undefined, "other-bank");

    for (let i = 0; i < 3; i++) {
      await h.db.execute(
        sql`insert into messages (tenant_id, thread_id, role, text, answered_at) values (${TENANT}, ${paidThread}, 'customer', 'hello', now() - interval '30 seconds')`,
      );
    }
    await h.db.execute(
      sql`insert into messages (tenant_id, thread_id, role, text, answered_at) values (${TENANT}, ${paidThread}, 'customer', 'earlier', now() - interval '45 minutes')`,
    );
    await h.db.execute(sql`insert into messages (tenant_id, thread_id, role, text) values (${TENANT}, ${paidThread}, 'customer', 'not answered yet')`);

    // One refund failing three attempts is one failed refund; another's failure 40 minutes ago is outside the live window.
    for (let i = 0; i < 3; i++) await nodeEvent("refund", "error", "ledger", "2 minutes", "refund-key-1");
    await nodeEvent("refund", "error", "ledger", "40 minutes", "refund-key-2");
    await nodeEvent("refund", "ok", "ledger", "2 minutes", "refund-key-3");
    await nodeEvent("checkSystem", "degraded", "antifraud", "1 minute");
    await nodeEvent("checkSystem", "degraded", "antifraud", "1 minute");
    await nodeEvent("checkSystem", "degraded", "history", "20 minutes");
    await nodeEvent("checkSystem", "degraded", "limits", "1 minute", null, "other-bank");

    // Two instances' samples of the same minute: ten writes of 7.5-10 ms and ten of 10-25 ms, sizes of 1-4 KB.
    await h.db.execute(sql`insert into ops_samples (instance_id, at, checkpoint_write_buckets, checkpoint_size_buckets, refunds_retried, takeovers)
      values ('instance-a', now() - interval '1 minute', '[0,0,0,0,0,0,0,10,0,0,0,0,0,0]'::jsonb, '[0,10,0,0,0,0,0,0]'::jsonb, 2, 1),
             ('instance-b', now() - interval '1 minute', '[0,0,0,0,0,0,0,0,10,0,0,0,0,0]'::jsonb, '[0,10,0,0,0,0,0,0]'::jsonb, 0, 0),
             ('instance-a', now() - interval '2 hours', '[0,0,0,0,0,0,0,0,0,0,0,0,0,5]'::jsonb, '[0,0,0,0,0,0,0,5]'::jsonb, 9, 9)`);

    for (const who of ["otto", "sam", "ivan"]) {
      const s = await read(cookies[who]);
      expect(
        total(s, (m) => m.turns),
        who,
      ).toBe(4);
      expect(s.live.turns).toBe(3);
      expect(s.live.turnsPerSecond).toBeCloseTo(3 / s.live.seconds, 3);
      expect(s.live.seconds).toBeGreaterThan(240);
      expect(s.live.seconds).toBeLessThanOrEqual(300);

      expect(total(s, (m) => m.refunds.executed)).toBe(2);
      expect(s.live.refunds).toEqual({ executed: 1, failed: 1, retried: 2 });
      expect(total(s, (m) => m.refunds.failed)).toBe(2);
      expect(total(s, (m) => m.takeovers)).toBe(1);

      expect(s.systems).toEqual(["antifraud", "history"]);
      expect(s.live.degraded).toEqual({ antifraud: 2 });
      expect(total(s, (m) => m.degraded.history ?? 0)).toBe(1);

      expect(s.live.checkpoints).toEqual({ writes: 20, writeP50Ms: 10, writeP95Ms: 23.5, sizeP50Bytes: 2560, sizeP95Bytes: 3942, over1Mb: 0 });

      expect(s.approvals.waiting).toBe(2);
      expect(s.approvals.oldestAgeSeconds).toBeGreaterThanOrEqual(600);
      expect(s.approvals.oldestAgeSeconds).toBeLessThan(620);
      expect(s.approvals.ages).toEqual([
        { label: "under 5 min", count: 1 },
        { label: "5–30 min", count: 1 },
        { label: "30 min–2 h", count: 0 },
        { label: "2–12 h", count: 0 },
        { label: "12 h or more", count: 0 },
      ]);
      // Now two wait; half an hour ago only the one rejected 20 minutes ago did; before 40 minutes ago none.
      expect(s.minutes[59]!.approvalsWaiting).toBe(2);
      expect(s.minutes[29]!.approvalsWaiting).toBe(1);
      expect(s.minutes[10]!.approvalsWaiting).toBe(0);
    }
  });

  it("counts refunds the ledger has not confirmed, and those decided longer ago than the ledger's key window", async () => {
    const before = (await read()).unconfirmedRefunds;
    await approval("ops-unconfirmed-recent", "executing", "2 hours", "1 hour");
    await approval("ops-unconfirmed-past-window", "executing", "30 hours", "25 hours");
    const after = (await read()).unconfirmedRefunds;
    expect(after).toEqual({ waiting: before.waiting + 2, pastKeyWindow: before.pastKeyWindow + 1, keyWindowMs: 24 * 60 * 60 * 1000 });
  });

  it("is for supervisors, auditors and the ops role only", async () => {
    expect((await summary()).status).toBe(401);
    for (const who of ["alice", "olga"]) {
      const res = await summary(cookies[who]);
      expect(res.status, who).toBe(403);
      expect(await res.json()).toMatchObject({ code: "forbidden:role" });
    }
  });

  it("names no customer, thread or person", async () => {
    const text = await (await summary(cookies.otto)).text();
    expect(text).not.toMatch(/cust-alice|thread|ops-waiting|refund-key|instance-a|otto/);
  });
});
