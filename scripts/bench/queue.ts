/**
 * `npm run bench:queue`: how fast the operator queue's first page is served as pending
 * approvals pile up. Seeds N pending approvals into a fresh embedded Postgres, then times
 * the queue query the route runs (server time, no HTTP), against a 100-approval baseline.
 */
import { sql } from "drizzle-orm";
import { openDatabase, type Db } from "../../db/client";
import { startEmbeddedPostgres } from "../../db/embedded";
import { migrateDatabase } from "../../db/migrate";
import { listApprovalQueue, type QueueFilter } from "../../db/queries/approval-queue";
import { DEMO_TENANT, resetDatabase, seedDemoData } from "../../db/seed";
import { logToStderr } from "../../observability/log";

// The report is this command's standard output; its logs go to standard error.
logToStderr();

const RUNS = 50;

async function seedPending(db: Db, count: number) {
  await resetDatabase(db);
  await seedDemoData(db);
  await db.execute(sql`
    insert into threads (id, tenant_id, customer_id, status) values ('bench-thread', ${DEMO_TENANT}, 'cust-alice', 'awaiting_approval')`);
  await db.execute(sql`
    insert into transactions (id, tenant_id, customer_id, card_id, merchant, amount_minor, currency, country, posted_at)
      select 'bench-tx-' || i, ${DEMO_TENANT}, 'cust-alice', 'card-alice', 'Bench Shop ' || (i % 97), 100 + (i * 37) % 200000, 'EUR', 'DE',
             now() - (i || ' minutes')::interval
        from generate_series(1, ${count}) i`);
  await db.execute(sql`
    insert into cases (id, tenant_id, thread_id, customer_id, transaction_id, reason, amount_minor, currency, status)
      select 'bench-case-' || i, ${DEMO_TENANT}, 'bench-thread', 'cust-alice', 'bench-tx-' || i, 'unrecognised', 100 + (i * 37) % 200000, 'EUR', 'awaiting_approval'
        from generate_series(1, ${count}) i`);
  await db.execute(sql`
    insert into approvals (id, tenant_id, case_id, thread_id, status, mode, amount_minor, currency, policy_reason, checks, risk, expires_at, created_at)
      select 'bench-approval-' || i, ${DEMO_TENANT}, 'bench-case-' || i, 'bench-thread', 'pending', 'operator', 100 + (i * 37) % 200000, 'EUR',
             'Sent to review.', '{}'::jsonb, (array['low','medium','high','unavailable'])[1 + i % 4], now() + interval '48 hours',
             now() - (i || ' seconds')::interval
        from generate_series(1, ${count}) i`);
  await db.execute(sql`analyze`);
}

async function time(db: Db, filter: QueueFilter): Promise<{ p50: number; p95: number }> {
  const samples: number[] = [];
  for (let i = 0; i < RUNS + 5; i++) {
    const started = performance.now();
    await listApprovalQueue(db, DEMO_TENANT, filter, "olga", new Date());
    if (i >= 5) samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: samples[Math.floor(RUNS / 2)]!, p95: samples[Math.floor(RUNS * 0.95)]! };
}

const SCENARIOS: [string, Partial<QueueFilter>][] = [
  ["first page, oldest first", {}],
  ["first page, largest amount first", { sort: "amount_desc" }],
  ["high risk, 100-1,000 EUR", { risk: "high", minAmountMinor: 10_000, maxAmountMinor: 100_000 }],
  ["unclaimed, by expiry", { claimed: "none", sort: "expiry" }],
  ["page 100", { page: 100 }],
];

async function main() {
  const size = Number(process.argv[2] ?? 10_000);
  const pg = await startEmbeddedPostgres(".data/pg-bench", { fresh: true });
  const { db, pool } = openDatabase(pg.url, 4);
  try {
    await migrateDatabase(db, pool);
    const results: Record<number, { p50: number; p95: number }[]> = {};
    for (const n of [100, size]) {
      await seedPending(db, n);
      results[n] = [];
      for (const [, f] of SCENARIOS) {
        results[n]!.push(await time(db, { statuses: ["pending"], sort: "oldest", page: 1, pageSize: 20, ...f }));
      }
    }
    console.log(`operator queue, server time per request (${RUNS} runs each, ms)`);
    console.log(`${"scenario".padEnd(36)} ${"100: p50".padStart(9)} ${`${size}: p50`.padStart(12)} ${"p95".padStart(8)} ${"ratio".padStart(7)}`);
    SCENARIOS.forEach(([name], i) => {
      const base = results[100]![i]!;
      const big = results[size]![i]!;
      console.log(
        `${name.padEnd(36)} ${base.p50.toFixed(1).padStart(9)} ${big.p50.toFixed(1).padStart(12)} ${big.p95.toFixed(1).padStart(8)} ${(big.p50 / base.p50).toFixed(1).padStart(6)}x`,
      );
    });
  } finally {
    await pool.end();
    await pg.stop();
  }
}

void main();
