/**
 * `npm run bench:protection [-- --quick] [-- --rounds N] [-- --json]`: what row-level security
 * and encryption at rest cost. One embedded Postgres holds two databases, migrated and seeded
 * alike; in one, row-level security is on as the migrations leave it, in the other it is
 * turned off on every table (`ALTER TABLE ... DISABLE ROW LEVEL SECURITY`). Each has its own
 * bank-systems simulator. Four copies of the built app run side by side, all signed in as the
 * application role, one for each pairing of row-level security (which database) and
 * encryption (`ENCRYPTION_AT_REST=off` writes in clear; refused in production):
 *
 * - limits and refund turns at 1 and 8 concurrent conversations over the HTTP API: first one
 *   untimed pass of every scenario on every app (the first round otherwise runs colder than
 *   the rest), then `--rounds` rounds, each scenario taken by the four apps one after another,
 *   the first rotating;
 * - turns per second over all rounds, and against the app with neither protection as the
 *   median over the rounds of the two apps' ratio in the same round (back to back, so a
 *   change in the machine's load falls on both); the checkpoint writes' p50/p95 from each
 *   app's own histogram;
 * - then a check that each app stored what it claims: encrypted or clear checkpoint values
 *   and bank-system bodies, under row-level security or not.
 */
import { execSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import type { Pool } from "pg";
import { openDatabase } from "../../db/client";
import { admitAppRole } from "../../db/app-role";
import { migrateDatabase } from "../../db/migrate";
import { seedDemoData } from "../../db/seed";
import { logToStderr } from "../../observability/log";
import { bankSystemsEnv, startSimulator, type RunningSimulator } from "../../simulator/server";
import { buildIfStale, root, stopAll } from "../build";
import { AppProcess, startStack, type Stack } from "../chaos/processes";
import { createCustomers, drive, plan, scrapeWrites, type Customer, type Kind } from "./capacity/load";
import { add, percentiles, quantileMs, subtract, total, type Buckets } from "./capacity/stats";

logToStderr();
const say = (line: string) => console.error(`[protection] ${line}`);

const argv = process.argv.slice(2);
const QUICK = argv.includes("--quick");
const JSON_OUT = argv.includes("--json");
const roundsAt = argv.indexOf("--rounds");
const ROUNDS = roundsAt >= 0 ? Number(argv[roundsAt + 1]) : QUICK ? 1 : 5;
if (!Number.isInteger(ROUNDS) || ROUNDS < 1 || ROUNDS > 20) throw new Error(`--rounds takes a whole number from 1 to 20 (it is ${argv[roundsAt + 1]})`);
const METRICS_TOKEN = "protection-bench-metrics-token";
const SCENARIOS: { kind: Kind; clients: number; perWorker: number }[] = [
  { kind: "limits", clients: 1, perWorker: QUICK ? 3 : 60 },
  { kind: "limits", clients: 8, perWorker: QUICK ? 2 : 25 },
  { kind: "refund", clients: 1, perWorker: QUICK ? 2 : 30 },
  { kind: "refund", clients: 8, perWorker: QUICK ? 1 : 10 },
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
type Tally = { turns: number; wallMs: number; latencies: number[]; writes: Buckets | null; perRound: number[] };

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
    },
    `protection-${index}.log`,
    "standalone",
  );
  process.once("exit", () => app.killNow());
  say(`starting the app: ${variant.name}`);
  await app.start();
  return app;
}

/** One scenario on one app: a warm-up turn per conversation (untimed), then the timed turns and the writes they made. */
async function scenario(run: Running, kind: Kind, clients: number, perWorker: number) {
  await drive(await plan(run.db.pool, run.customers, kind, clients, 1));
  const work = await plan(run.db.pool, run.customers, kind, clients, perWorker);
  const before = await scrapeWrites(run.app, METRICS_TOKEN);
  const result = await drive(work);
  const writes = subtract(await scrapeWrites(run.app, METRICS_TOKEN), before);
  const expected = kind === "limits" ? "idle" : "awaiting_approval";
  if (Object.keys(result.statuses).some((status) => status !== expected)) throw new Error(`${run.variant.name}: ${kind} turns should all end ${expected}: ${JSON.stringify(result.statuses)}`);
  return { ...result, writes };
}

/** What each app stored: its checkpoint values and bank-system bodies encrypted or not, its database under row-level security or not. */
async function storedAsClaimed(run: Running): Promise<string> {
  const prefix = `${run.customers[0]!.customerId.replace(/-cust-\d+$/, "")}-cust-%`;
  const { rows } = await run.db.pool.query<{ values: number; sealed: number; bodies: number; envelopes: number; policed: number }>(
    `select
       (select count(*)::int from langgraph.checkpoint_blobs b join threads t on t.id = b.thread_id where t.customer_id like $1 and b.blob is not null) as values,
       (select count(*)::int from langgraph.checkpoint_blobs b join threads t on t.id = b.thread_id where t.customer_id like $1 and b.blob is not null and b.type like 'enc:%') as sealed,
       (select count(*)::int from node_events e join threads t on t.id = e.thread_id where t.customer_id like $1 and e.request is not null) as bodies,
       (select count(*)::int from node_events e join threads t on t.id = e.thread_id where t.customer_id like $1 and e.request ? 'enc') as envelopes,
       (select count(*)::int from pg_class where relkind = 'r' and relrowsecurity) as policed`,
    [prefix],
  );
  const r = rows[0]!;
  const encrypted = r.values > 0 && r.sealed === r.values && r.bodies > 0 && r.envelopes === r.bodies;
  const clear = r.values > 0 && r.sealed === 0 && r.bodies > 0 && r.envelopes === 0;
  if (run.variant.encryption ? !encrypted : !clear) throw new Error(`${run.variant.name}: ${r.sealed} of ${r.values} checkpoint values and ${r.envelopes} of ${r.bodies} bodies encrypted`);
  if (run.variant.rowSecurity !== r.policed > 0) throw new Error(`${run.variant.name}: ${r.policed} tables under row-level security`);
  return `${run.variant.name}: ${r.sealed} of ${r.values} checkpoint values and ${r.envelopes} of ${r.bodies} bank-system bodies encrypted; ${r.policed} tables under row-level security`;
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
    for (const { kind, clients, perWorker } of SCENARIOS) for (const run of runs) await scenario(run, kind, clients, Math.ceil(perWorker / 2));
    say("warm-up pass done");
    const tallies = runs.map(() => SCENARIOS.map((): Tally => ({ turns: 0, wallMs: 0, latencies: [], writes: null, perRound: [] })));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [s, { kind, clients, perWorker }] of SCENARIOS.entries()) {
        for (let k = 0; k < runs.length; k++) {
          const v = (round + s + k) % runs.length;
          const result = await scenario(runs[v]!, kind, clients, perWorker);
          const t = tallies[v]![s]!;
          t.turns += result.turns;
          t.wallMs += result.wallMs;
          t.latencies.push(...result.latencies);
          t.writes = t.writes ? add(t.writes, result.writes) : result.writes;
          t.perRound.push(result.turns / (result.wallMs / 1000));
        }
        say(`round ${round + 1}/${ROUNDS}: ${kind} x${clients} done`);
      }
    }
    const checks = [];
    for (const run of runs) checks.push(await storedAsClaimed(run));
    const rows = runs.map((run, v) =>
      SCENARIOS.map(({ kind, clients }, s) => {
        const t = tallies[v]![s]!;
        return {
          variant: run.variant.name,
          kind,
          clients,
          turns: t.turns,
          turnsPerSecond: t.turns / (t.wallMs / 1000),
          perRound: t.perRound,
          /** This app's turns/s over the unprotected app's in the same round, the median over the rounds. */
          versusNeither: median(t.perRound.map((tps, round) => tps / tallies[runs.length - 1]![s]!.perRound[round]!)),
          latency: percentiles(t.latencies),
          write: { p50: quantileMs(t.writes!, 0.5), p95: quantileMs(t.writes!, 0.95), count: total(t.writes!) },
        };
      }),
    );
    let commit = "unknown";
    try {
      commit = execSync("git rev-parse --short HEAD", { cwd: root, encoding: "utf8" }).trim() + (execSync("git status --porcelain", { cwd: root, encoding: "utf8" }).trim() ? " (with local changes)" : "");
    } catch {
      /* not a git checkout */
    }
    const context = { date: new Date().toISOString().slice(0, 16).replace("T", " ") + " UTC", cpus: cpus().length, cpuModel: cpus()[0]?.model.trim() ?? "?", load: loadavg().map((l) => l.toFixed(2)).join(" "), commit, rounds: ROUNDS };
    return { rows, checks, context };
  } finally {
    await Promise.all(runs.map((run) => run.app.kill()));
    await second.stop();
    await stack.stop();
  }
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "-");
const pct = (a: number, b: number) => change(a / b);
const change = (ratio: number) => `${ratio >= 1 ? "+" : ""}${(100 * (ratio - 1)).toFixed(0)}%`;
const pad = (cells: string[], widths: number[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" ");

function report({ rows, checks, context }: Awaited<ReturnType<typeof measureAll>>): string {
  const out: string[] = [];
  out.push(`protection benchmark${QUICK ? " (--quick: too few turns for figures; a smoke test)" : ""}`);
  out.push(`${context.date}, ${context.cpus} CPU(s) (${context.cpuModel}), load average ${context.load}, commit ${context.commit}, ${context.rounds} round(s)`);
  out.push("turns over HTTP, one conversation per client; turns/s over all rounds (each round's in brackets); checkpoint write p50 / p95 in ms from the app's histogram;");
  out.push("vs neither: the median over the rounds of this app's turns/s over the unprotected app's in the same round");
  out.push("");
  const w = [8, 7, 8, 10, 10, 11, 24];
  for (const [v, variant] of VARIANTS.entries()) {
    out.push(`${variant.name} (row-level security ${variant.rowSecurity ? "on" : "off"}, encryption ${variant.encryption ? "on" : "off"})`);
    out.push(pad(["turn", "clients", "turns/s", "write p50", "write p95", "vs neither", "rounds' turns/s"], w));
    for (const row of rows[v]!) {
      const versus = v === VARIANTS.length - 1 ? "" : change(row.versusNeither);
      out.push(pad([row.kind, String(row.clients), f1(row.turnsPerSecond), f1(row.write.p50), f1(row.write.p95), versus, `[${row.perRound.map(f1).join(" ")}]`], w));
    }
    out.push("");
  }
  out.push("as shipped against neither (turns/s, median of the rounds' ratios; write p50; write p95; the goal: under 10% each way):");
  for (const [s, shipped] of rows[0]!.entries()) {
    const base = rows[VARIANTS.length - 1]![s]!;
    out.push(
      `  ${shipped.kind} x${shipped.clients}: turns/s ${change(shipped.versusNeither)}; write p50 ${f1(shipped.write.p50)} vs ${f1(base.write.p50)} ms (${pct(shipped.write.p50, base.write.p50)}); write p95 ${f1(shipped.write.p95)} vs ${f1(base.write.p95)} ms (${pct(shipped.write.p95, base.write.p95)})`,
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
