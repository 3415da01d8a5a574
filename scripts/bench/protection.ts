/**
 * `npm run bench:protection [-- --quick] [-- --rounds N] [-- --json]`: what row-level security
 * and encryption at rest cost. One embedded Postgres holds two databases, migrated and seeded
 * alike; in one, row-level security is on as the migrations leave it, in the other it is
 * turned off on every table (`ALTER TABLE ... DISABLE ROW LEVEL SECURITY`). Each has its own
 * bank-systems simulator. Four copies of the built app run side by side, all signed in as the
 * application role, one for each pairing of row-level security (which database) and
 * encryption (`ENCRYPTION_AT_REST=off` writes in clear; refused in production):
 *
 * - limits and refund turns at 1 and 8 concurrent clients over the HTTP API. Each client has a
 *   conversation on every app and sends its turns to the four apps in rotation (each client
 *   starting at another), so every app meets the same machine at the same moments: a change
 *   in load, a Postgres checkpoint or an autovacuum falls on all four alike. `--rounds` rounds,
 *   each on freshly started apps and after an untimed pass;
 * - per app: the mean turn time, the turns per second those times allow the clients
 *   (clients / mean turn time), its ratio to the unprotected app's (pooled, and each round's),
 *   and the checkpoint writes' p50/p95 from the app's own histogram;
 * - then a check that each app stored what it claims: encrypted or clear checkpoint values
 *   and bank-system bodies, under row-level security or not.
 */
import type { Pool } from "pg";
import { openDatabase } from "../../db/client";
import { EMPTY_JSON_VALUES } from "../../db/queries/key-rotation";
import { admitAppRole } from "../../db/app-role";
import { migrateDatabase } from "../../db/migrate";
import { seedDemoData } from "../../db/seed";
import { logToStderr } from "../../observability/log";
import { bankSystemsEnv, startSimulator, type RunningSimulator } from "../../simulator/server";
import { buildIfStale, stopAll } from "../build";
import { AppProcess, startStack, type Stack } from "../chaos/processes";
import { LOAD_GENERATOR_BUDGETS } from "../load-budgets";
import { benchContext, contextLine } from "./context";
import { addWrites, createCustomers, plan, scrapeWrites, turn, writesSince, type Customer, type Kind, type Writes } from "./capacity/load";
import { percentiles, quantileMs } from "./capacity/stats";

logToStderr();
const say = (line: string) => console.error(`[protection] ${line}`);

const argv = process.argv.slice(2);
const QUICK = argv.includes("--quick");
const JSON_OUT = argv.includes("--json");
const roundsAt = argv.indexOf("--rounds");
const ROUNDS = roundsAt >= 0 ? Number(argv[roundsAt + 1]) : QUICK ? 1 : 5;
if (!Number.isInteger(ROUNDS) || ROUNDS < 1 || ROUNDS > 20) throw new Error(`--rounds takes a whole number from 1 to 20 (it is ${argv[roundsAt + 1]})`);
const METRICS_TOKEN = "protection-bench-metrics-token";
/** `perApp`: turns each client sends to each app in a round. */
const SCENARIOS: { kind: Kind; clients: number; perApp: number }[] = [
  { kind: "limits", clients: 1, perApp: QUICK ? 3 : 60 },
  { kind: "limits", clients: 8, perApp: QUICK ? 2 : 20 },
  { kind: "refund", clients: 1, perApp: QUICK ? 2 : 30 },
  { kind: "refund", clients: 8, perApp: QUICK ? 1 : 8 },
];

type Variant = { name: string; rowSecurity: boolean; encryption: boolean };
/** The first is the app as shipped; the last has neither protection. */
const VARIANTS: Variant[] = [
  { name: "as shipped", rowSecurity: true, encryption: true },
  { name: "no encryption", rowSecurity: true, encryption: false },
  { name: "no row security", rowSecurity: false, encryption: true },
  { name: "neither", rowSecurity: false, encryption: false },
];

/** One database of the cluster with its simulator: `appUrl` for the apps (the application role), `pool` the owner's. */
type Database = { appUrl: string; pool: Pool; simulator: RunningSimulator };
type Running = { variant: Variant; app: AppProcess; db: Database; customers: Customer[] };
/** One app's figures for one scenario, over the rounds: turn times (ms), each round's mean, and its checkpoint writes. */
type Tally = { latencies: number[]; perRound: number[]; writes: Writes | null };

/** The stack's database as the migrations leave it: row-level security on. */
function protectedDatabase(stack: Stack): Database {
  return { appUrl: stack.databaseUrl, pool: stack.pool, simulator: stack.simulator };
}

/** A second database in the stack's cluster, migrated and seeded the same way, with row-level security off on every table. */
async function unprotectedDatabase(stack: Stack): Promise<Database & { stop(): Promise<void> }> {
  const name = "bank_without_row_security";
  await stack.pool.query(`create database ${name}`);
  const ownerUrl = new URL(stack.ownerUrl);
  ownerUrl.pathname = `/${name}`;
  const { db, pool } = openDatabase(ownerUrl.toString(), 6);
  await migrateDatabase(db, pool);
  await seedDemoData(db);
  const { rows } = await pool.query<{ table: string }>(
    `select format('%I.%I', n.nspname, c.relname) as table from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'r' and c.relrowsecurity`,
  );
  for (const { table } of rows) await pool.query(`alter table ${table} disable row level security`);
  say(`row-level security turned off on ${rows.length} tables of ${name}`);
  const appUrl = new URL(stack.databaseUrl);
  appUrl.pathname = `/${name}`;
  await admitAppRole(pool, appUrl.toString());
  const simulator = await startSimulator({ port: 0, databaseUrl: ownerUrl.toString() });
  return {
    appUrl: appUrl.toString(),
    pool,
    simulator,
    stop: () =>
      stopAll([
        ["the second simulator", () => simulator.close()],
        ["the second pool", () => pool.end()],
      ]),
  };
}

async function startApp(variant: Variant, db: Database, index: number): Promise<AppProcess> {
  const app = await AppProcess.create(
    {
      DEMO_DATA: "1",
      DATABASE_URL: db.appUrl,
      ...bankSystemsEnv(db.simulator.url),
      ENCRYPTION_AT_REST: variant.encryption ? "on" : "off",
      METRICS_TOKEN,
      LOGIN_MAX_FAILURES_PER_ADDRESS: "1000000",
      // The benchmark's customers send turns as fast as the app answers them, all from 127.0.0.1.
      ...LOAD_GENERATOR_BUDGETS,
    },
    `protection-${index}.log`,
    "standalone",
  );
  process.once("exit", () => app.killNow());
  say(`starting the app: ${variant.name}`);
  await app.start();
  return app;
}

/**
 * New processes for every app, started one after another beginning with app `round`, so that
 * what one process happens to be (where its heap and compiled code ended up) is averaged over
 * the rounds instead of being counted as its settings' cost.
 */
async function restartAll(runs: Running[], round: number): Promise<void> {
  await Promise.all(runs.map((run) => run.app.kill()));
  for (let k = 0; k < runs.length; k++) await runs[(round + k) % runs.length]!.app.start();
  say(`round ${round + 1}/${ROUNDS}: the four apps restarted`);
}

/**
 * One scenario on all apps at once: each client sends its turns to the apps in rotation
 * (client `w`'s `i`-th visit starts at app `w + i`); per app, the turn times and the writes they made.
 */
async function interleaved(runs: Running[], kind: Kind, clients: number, perApp: number) {
  const plans = await Promise.all(runs.map((run) => plan(run.db.pool, run.customers, kind, clients, perApp)));
  const before = await Promise.all(runs.map((run) => scrapeWrites(run.app, METRICS_TOKEN)));
  const latencies = runs.map((): number[] => []);
  const statuses = runs.map((): Record<string, number> => ({}));
  await Promise.all(
    Array.from({ length: clients }, async (_, w) => {
      for (let i = 0; i < perApp; i++) {
        for (let k = 0; k < runs.length; k++) {
          const v = (w + i + k) % runs.length;
          const { customer, threadId, text } = plans[v]![w]![i]!;
          const { ms, status } = await turn(customer, threadId, text);
          latencies[v]!.push(ms);
          statuses[v]![status] = (statuses[v]![status] ?? 0) + 1;
        }
      }
    }),
  );
  const expected = kind === "limits" ? "idle" : "awaiting_approval";
  for (const [v, run] of runs.entries()) {
    if (Object.keys(statuses[v]!).some((status) => status !== expected))
      throw new Error(`${run.variant.name}: ${kind} turns should all end ${expected}: ${JSON.stringify(statuses[v])}`);
  }
  return Promise.all(runs.map(async (run, v) => ({ latencies: latencies[v]!, writes: writesSince(await scrapeWrites(run.app, METRICS_TOKEN), before[v]!) })));
}

/** What each app stored: its checkpoint values (empty ones aside, stored in clear either way) and bank-system bodies encrypted or not, its database under row-level security or not. */
async function storedAsClaimed(run: Running): Promise<string> {
  const prefix = `${run.customers[0]!.customerId.replace(/-cust-\d+$/, "")}-cust-%`;
  const { rows } = await run.db.pool.query<{ values: number; sealed: number; bodies: number; envelopes: number; policed: number }>(
    `select
       (select count(*)::int from langgraph.checkpoint_blobs b join threads t on t.id = b.thread_id where t.customer_id like $1 and b.blob is not null and not (b.type = 'json' and b.blob = any($2::bytea[]))) as values,
       (select count(*)::int from langgraph.checkpoint_blobs b join threads t on t.id = b.thread_id where t.customer_id like $1 and b.blob is not null and b.type like 'enc:%') as sealed,
       (select count(*)::int from node_events e join threads t on t.id = e.thread_id where t.customer_id like $1 and e.request is not null) as bodies,
       (select count(*)::int from node_events e join threads t on t.id = e.thread_id where t.customer_id like $1 and e.request ? 'enc') as envelopes,
       (select count(*)::int from pg_class where relkind = 'r' and relrowsecurity) as policed`,
    [prefix, EMPTY_JSON_VALUES.map((v) => Buffer.from(v))],
  );
  const r = rows[0]!;
  const encrypted = r.values > 0 && r.sealed === r.values && r.bodies > 0 && r.envelopes === r.bodies;
  const clear = r.values > 0 && r.sealed === 0 && r.bodies > 0 && r.envelopes === 0;
  if (run.variant.encryption ? !encrypted : !clear)
    throw new Error(`${run.variant.name}: ${r.sealed} of ${r.values} checkpoint values and ${r.envelopes} of ${r.bodies} bodies encrypted`);
  if (run.variant.rowSecurity !== r.policed > 0) throw new Error(`${run.variant.name}: ${r.policed} tables under row-level security`);
  return `${run.variant.name}: ${r.sealed} of ${r.values} checkpoint values (empty ones aside) and ${r.envelopes} of ${r.bodies} bank-system bodies encrypted; ${r.policed} tables under row-level security`;
}

async function measureAll() {
  buildIfStale(say);
  const stack = await startStack("pg-protection");
  const second = await unprotectedDatabase(stack).catch(async (error: unknown) => {
    await stack.stop();
    throw error;
  });
  const runs: Running[] = [];
  try {
    const databases = { on: protectedDatabase(stack), off: second };
    for (const [i, variant] of VARIANTS.entries()) {
      const db = variant.rowSecurity ? databases.on : databases.off;
      const app = await startApp(variant, db, i);
      runs.push({ variant, app, db, customers: await createCustomers(db.pool, app, `bench-v${i}`, Math.max(...SCENARIOS.map((s) => s.clients))) });
    }
    const tallies = runs.map(() => SCENARIOS.map((): Tally => ({ latencies: [], perRound: [], writes: null })));
    for (let round = 0; round < ROUNDS; round++) {
      if (round > 0) await restartAll(runs, round);
      for (const { kind, clients, perApp } of SCENARIOS) await interleaved(runs, kind, clients, Math.ceil(perApp / 4));
      say(`round ${round + 1}/${ROUNDS}: warm-up pass done`);
      for (const [s, { kind, clients, perApp }] of SCENARIOS.entries()) {
        for (const [v, result] of (await interleaved(runs, kind, clients, perApp)).entries()) {
          const t = tallies[v]![s]!;
          t.latencies.push(...result.latencies);
          t.perRound.push(mean(result.latencies));
          t.writes = t.writes ? addWrites(t.writes, result.writes) : result.writes;
        }
        say(`round ${round + 1}/${ROUNDS}: ${kind} x${clients} done`);
      }
    }
    const checks = [];
    for (const run of runs) checks.push(await storedAsClaimed(run));
    const rows = runs.map((run, v) =>
      SCENARIOS.map(({ kind, clients }, s) => {
        const t = tallies[v]![s]!;
        const base = tallies[runs.length - 1]![s]!;
        return {
          variant: run.variant.name,
          kind,
          clients,
          turns: t.latencies.length,
          meanTurnMs: mean(t.latencies),
          /** The rate `clients` keep up with these turn times. */
          turnsPerSecond: clients / (mean(t.latencies) / 1000),
          /** This app's turns/s over the unprotected app's: over all rounds, and each round's. */
          versusNeither: mean(base.latencies) / mean(t.latencies),
          perRound: t.perRound.map((ms, round) => base.perRound[round]! / ms),
          latency: percentiles(t.latencies),
          write: {
            p50: quantileMs(t.writes!.buckets, 0.5),
            p95: quantileMs(t.writes!.buckets, 0.95),
            mean: t.writes!.ms / t.writes!.count,
            count: t.writes!.count,
          },
        };
      }),
    );
    const context = { ...benchContext(), rounds: ROUNDS };
    return { rows, checks, context };
  } finally {
    await Promise.all(runs.map((run) => run.app.kill()));
    await second.stop();
    await stack.stop();
  }
}

const mean = (xs: number[]) => xs.reduce((sum, x) => sum + x, 0) / xs.length;

const f2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : "-");
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "-");
const pct = (a: number, b: number) => change(a / b);
const change = (ratio: number) => `${ratio >= 1 ? "+" : ""}${(100 * (ratio - 1)).toFixed(0)}%`;
const pad = (cells: string[], widths: number[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" ");

function report({ rows, checks, context }: Awaited<ReturnType<typeof measureAll>>): string {
  const out: string[] = [];
  out.push(`protection benchmark${QUICK ? " (--quick: too few turns for figures; a smoke test)" : ""}`);
  out.push(`${contextLine(context)}, ${context.rounds} round(s)`);
  out.push("turns over HTTP; each client sends its turns to the four apps in rotation, so all four meet the same machine at the same moments;");
  out.push("each round on freshly started apps, after an untimed pass;");
  out.push("turn ms: mean turn time; turns/s: clients / mean turn time; vs neither: turns/s against the unprotected app (all rounds, then each round);");
  out.push("checkpoint write p50 / p95 in ms from each app's histogram (interpolated within its buckets), and the exact mean from its sum and count");
  out.push("");
  const w = [8, 7, 8, 8, 10, 10, 11, 11, 30];
  for (const [v, variant] of VARIANTS.entries()) {
    out.push(`${variant.name} (row-level security ${variant.rowSecurity ? "on" : "off"}, encryption ${variant.encryption ? "on" : "off"})`);
    out.push(pad(["turn", "clients", "turn ms", "turns/s", "write p50", "write p95", "write mean", "vs neither", "each round"], w));
    for (const row of rows[v]!) {
      const last = v === VARIANTS.length - 1;
      out.push(
        pad(
          [
            row.kind,
            String(row.clients),
            f1(row.meanTurnMs),
            f1(row.turnsPerSecond),
            f1(row.write.p50),
            f1(row.write.p95),
            f2(row.write.mean),
            last ? "" : change(row.versusNeither),
            last ? "" : `[${row.perRound.map(change).join(" ")}]`,
          ],
          w,
        ).trimEnd(),
      );
    }
    out.push("");
  }
  out.push("as shipped against neither (turns/s; write p50; write p95; write mean; the goal: under 10% each):");
  for (const [s, shipped] of rows[0]!.entries()) {
    const base = rows[VARIANTS.length - 1]![s]!;
    out.push(
      `  ${shipped.kind} x${shipped.clients}: turns/s ${change(shipped.versusNeither)}; write p50 ${f1(shipped.write.p50)} vs ${f1(base.write.p50)} ms (${pct(shipped.write.p50, base.write.p50)}); write p95 ${f1(shipped.write.p95)} vs ${f1(base.write.p95)} ms (${pct(shipped.write.p95, base.write.p95)}); write mean ${f2(shipped.write.mean)} vs ${f2(base.write.mean)} ms (${pct(shipped.write.mean, base.write.mean)})`,
    );
  }
  out.push("");
  out.push("stored as claimed:");
  for (const line of checks) out.push(`  ${line}`);
  return out.join("\n");
}

measureAll().then(
  (result) => {
    console.log(JSON_OUT ? JSON.stringify(result, null, 2) : report(result));
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
