/**
 * `npm run bench:incident`: how long the incident viewer takes to open a long thread.
 * Builds real conversations (agent, embedded Postgres, simulator over HTTP) of about 20
 * and 200 checkpoints, then times the timeline the viewer's route builds (server time).
 */
import { sql } from "drizzle-orm";
import { createAgent, type Agent } from "../../agent";
import { DEFAULT_POLICY } from "../../agent/graph/policy";
import { openDatabase, type Db } from "../../db/client";
import { startEmbeddedPostgres } from "../../db/embedded";
import { migrateDatabase } from "../../db/migrate";
import { createThread } from "../../db/queries/threads";
import { DEMO_TENANT, seedDemoData } from "../../db/seed";
import { bankSystemsEnv, startSimulator } from "../../simulator/server";
import { logToStderr } from "../../observability/log";

// The report is this command's standard output; its logs go to standard error.
logToStderr();

const RUNS = 20;
const PROMPTS = ["what are my card limits", "hello", "what's the status of my refund", "how much can I spend per day?"];

async function threadWith(db: Db, agent: Agent, checkpoints: number): Promise<{ threadId: string; count: number }> {
  const { id } = await createThread(db, DEMO_TENANT, "cust-alice");
  let count = 0;
  for (let turn = 0; count < checkpoints; turn++) {
    await agent.sendMessage({ tenantId: DEMO_TENANT, threadId: id, customerId: "cust-alice", text: PROMPTS[turn % PROMPTS.length]!, actor: "alice" });
    const res = await db.execute<{ n: number }>(sql`select count(*)::int as n from langgraph.checkpoints where thread_id = ${id}`);
    count = res.rows[0]!.n;
  }
  return { threadId: id, count };
}

async function time(fn: () => Promise<unknown>) {
  const samples: number[] = [];
  for (let i = 0; i < RUNS + 3; i++) {
    const started = performance.now();
    await fn();
    if (i >= 3) samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: samples[Math.floor(RUNS / 2)]!, p95: samples[Math.floor(RUNS * 0.95)]! };
}

async function main() {
  const pg = await startEmbeddedPostgres(".data/pg-bench", { fresh: true });
  const { db, pool } = openDatabase(pg.url, 8);
  await migrateDatabase(db, pool);
  await seedDemoData(db);
  const simulator = await startSimulator({ port: 0, databaseUrl: pg.url });
  Object.assign(process.env, { DATABASE_URL: pg.url, ...bankSystemsEnv(simulator.url) });
  const agent = createAgent({
    db,
    pool,
    deps: {
      settings: {
        checkTimeoutMs: 2000,
        checkMaxAttempts: 3,
        retryInitialMs: 50,
        ledgerTimeoutMs: 5000,
        ledgerMaxAttempts: 3,
        recursionLimit: 16,
        policy: DEFAULT_POLICY,
        authority: { operatorLimitMinor: 50_000, fourEyesMinor: 100_000 },
        autoApproveCeilingMinor: 50_000,
        approvalTtlMs: 172_800_000,
        claimTtlMs: 900_000,
        refundRetryMs: 15_000,
        leaseMs: 30_000,
        doubleTexting: "enqueue",
      },
    },
  });
  try {
    const rows: string[] = [];
    const results = [];
    for (const target of [20, 200]) {
      const { threadId, count } = await threadWith(db, agent, target);
      const timeline = await time(() => agent.incidents.timeline(DEMO_TENANT, threadId));
      const entries = await agent.incidents.timeline(DEMO_TENANT, threadId);
      const lastCheckpoint = entries.filter((e) => e.kind === "checkpoint").at(-1)!;
      const state = await time(() => agent.incidents.checkpoint(DEMO_TENANT, threadId, (lastCheckpoint as { checkpointId: string }).checkpointId));
      results.push({ count, timeline, state });
    }
    const [base, big] = results;
    console.log(`incident viewer, server time per request (${RUNS} runs each, ms)`);
    console.log(
      `${"request".padEnd(30)} ${`${base!.count} cp: p50`.padStart(12)} ${`${big!.count} cp: p50`.padStart(13)} ${"p95".padStart(7)} ${"ratio".padStart(7)}`,
    );
    for (const key of ["timeline", "state"] as const) {
      rows.push(
        `${(key === "timeline" ? "open a thread (timeline)" : "state + diff at a checkpoint").padEnd(30)} ${base![key].p50.toFixed(1).padStart(12)} ${big![key].p50.toFixed(1).padStart(13)} ${big![key].p95.toFixed(1).padStart(7)} ${(big![key].p50 / base![key].p50).toFixed(1).padStart(6)}x`,
      );
    }
    console.log(rows.join("\n"));
  } finally {
    await agent.close();
    await simulator.close();
    await pool.end();
    await pg.stop();
  }
}

void main();
