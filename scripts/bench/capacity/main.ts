/**
 * `npm run bench [-- --quick] [-- --json]`: the capacity benchmark. One run starts an
 * embedded Postgres, the bank-systems simulator and the built app (the standalone server
 * the container image runs) and, over the HTTP API:
 *
 * - times limits and refund turns at 1, 8 and 32 concurrent conversations, with the app's
 *   checkpoints in Postgres and again with CHECKPOINTER=memory (the same app, graph and turn
 *   machinery; only the saver differs), and reads the checkpoint writes' p50/p95 from the
 *   app's own histogram;
 * - times the fan-out turn (limits, history and antifraud at once) against a turn asking one
 *   system, each system answering in 400 ms;
 * then, in this process on the same database, measures checkpoint bytes per conversation at
 * 15, 30 and 60 turns against a variant of the graph that keeps every turn in its state; and
 * the framework's floor: the same graph shape run bare in LangGraph with in-process clients
 * and the in-memory saver, so the app's cost over LangGraph is a ratio.
 */
import { openDatabase } from "../../../db/client";
import { bankSystemsEnv } from "../../../simulator/server";
import { logToStderr } from "../../../observability/log";
import { buildIfStale } from "../../build";
import { benchContext, contextLine } from "../context";
import { AppProcess, startStack, type Stack } from "../../chaos/processes";
import { compareFootprints, type Footprint } from "./bytes";
import { measureFloor } from "./floor";
import { createCustomers, drive, plan, scrapeWrites, writesSince, type Customer, type Kind, type LoadResult } from "./load";
import { percentiles, quantileMs, total, type Percentiles } from "./stats";
import { LOAD_GENERATOR_BUDGETS } from "../../load-budgets";

// The report is this command's standard output; its logs go to standard error.
logToStderr();
const say = (line: string) => console.error(`[capacity] ${line}`);

const args = new Set(process.argv.slice(2));
const QUICK = args.has("--quick");
const JSON_OUT = args.has("--json");
const METRICS_TOKEN = "capacity-bench-metrics-token";
const CONCURRENCY = [1, 8, 32] as const;
/** Turns per conversation at each concurrency (about the same wall time each). */
const TURNS = QUICK ? { 1: 4, 8: 2, 32: 1 } : { 1: 60, 8: 25, 32: 10 };
const REFUND_TURNS = QUICK ? { 1: 3, 8: 1, 32: 1 } : { 1: 30, 8: 10, 32: 5 };
const FANOUT_TURNS = QUICK ? 2 : 12;
const SLOW_MS = 400;
const MARKS = QUICK ? [3, 6, 12] : [15, 30, 60];
const FLOOR_TURNS = QUICK ? 20 : 300;

type Saver = "postgres" | "memory";
export type Row = {
  kind: Kind;
  clients: number;
  turns: number;
  turnsPerSecond: number;
  latency: Percentiles;
  statuses: Record<string, number>;
  write?: { p50: number; p95: number; count: number };
};

/** One scenario: a warm-up turn per worker (untimed), then the timed turns. */
async function scenario(stack: Stack, app: AppProcess, customers: Customer[], kind: Kind, clients: number, saver: Saver): Promise<Row> {
  const perWorker = (kind === "limits" ? TURNS : REFUND_TURNS)[clients as 1 | 8 | 32];
  await drive(await plan(stack.pool, customers, kind, clients, 1));
  const work = await plan(stack.pool, customers, kind, clients, perWorker);
  const before = saver === "postgres" ? await scrapeWrites(app, METRICS_TOKEN) : undefined;
  const result: LoadResult = await drive(work);
  const writes = before ? writesSince(await scrapeWrites(app, METRICS_TOKEN), before).buckets : undefined;
  // A turn that went another way (a degraded check, a clarifying question) would be timing something else.
  const expected = kind === "limits" ? "idle" : "awaiting_approval";
  if (Object.keys(result.statuses).some((status) => status !== expected))
    throw new Error(`${kind} turns should all end ${expected}: ${JSON.stringify(result.statuses)}`);
  const row: Row = {
    kind,
    clients,
    turns: result.turns,
    turnsPerSecond: result.turns / (result.wallMs / 1000),
    latency: percentiles(result.latencies),
    statuses: result.statuses,
    write: writes ? { p50: quantileMs(writes, 0.5), p95: quantileMs(writes, 0.95), count: total(writes) } : undefined,
  };
  say(`${saver} ${kind} x${clients}: ${row.turnsPerSecond.toFixed(1)} turns/s, p50 ${row.latency.p50.toFixed(0)} ms (${JSON.stringify(row.statuses)})`);
  return row;
}

async function setLatency(stack: Stack, latencyMs: number | undefined) {
  const admin = `${stack.simulator.url}/_admin/faults`;
  if (latencyMs === undefined) return void (await (await fetch(admin, { method: "DELETE" })).arrayBuffer());
  for (const system of ["limits", "history", "antifraud"]) {
    const res = await fetch(admin, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ system, latencyMs }) });
    if (res.status !== 200) throw new Error(`the simulator refused a latency fault: ${res.status}`);
    await res.arrayBuffer();
  }
}

/** One client, every check answering in SLOW_MS: a limits turn (one system) and a refund turn (three at once). */
async function fanOut(stack: Stack, customers: Customer[]) {
  await setLatency(stack, SLOW_MS);
  try {
    const single = await drive(await plan(stack.pool, customers, "limits", 1, FANOUT_TURNS));
    const fan = await drive(await plan(stack.pool, customers, "refund", 1, FANOUT_TURNS));
    return { slowMs: SLOW_MS, singleCheck: percentiles(single.latencies), fanOut: percentiles(fan.latencies) };
  } finally {
    await setLatency(stack, undefined);
  }
}

/** The app on its own port, its checkpoints where `saver` says; its log in `.data/capacity-<saver>.log`. */
async function startApp(stack: Stack, saver: Saver): Promise<AppProcess> {
  const app = await AppProcess.create(
    {
      DEMO_DATA: "1",
      DATABASE_URL: stack.databaseUrl,
      ...bankSystemsEnv(stack.simulator.url),
      CHECKPOINTER: saver,
      METRICS_TOKEN,
      // Every bench customer signs in from 127.0.0.1, and sends turns as fast as the app answers them.
      LOGIN_MAX_FAILURES_PER_ADDRESS: "1000000",
      ...LOAD_GENERATOR_BUDGETS,
    },
    `capacity-${saver}.log`,
    "standalone",
  );
  process.once("exit", () => app.killNow());
  say(`starting the app (${saver} checkpoints)`);
  await app.start();
  return app;
}

/**
 * Both apps run side by side (one of them idle at any time) and take each scenario in turn,
 * the first to go alternating, so a change in the machine's load during the run falls on
 * both rather than on whichever ran second.
 */
async function runApps(stack: Stack) {
  const apps = { postgres: await startApp(stack, "postgres"), memory: await startApp(stack, "memory") };
  try {
    const customers = {
      postgres: await createCustomers(stack.pool, apps.postgres, "bench-postgres", Math.max(...CONCURRENCY)),
      memory: await createCustomers(stack.pool, apps.memory, "bench-memory", Math.max(...CONCURRENCY)),
    };
    const rows: Record<Saver, Row[]> = { postgres: [], memory: [] };
    let order: Saver[] = ["postgres", "memory"];
    for (const kind of ["limits", "refund"] as const) {
      for (const clients of CONCURRENCY) {
        for (const saver of order) rows[saver].push(await scenario(stack, apps[saver], customers[saver], kind, clients, saver));
        order = [order[1]!, order[0]!];
      }
    }
    await apps.memory.kill();
    const fan = await fanOut(stack, customers.postgres);
    return { rows, fan };
  } finally {
    await Promise.all([apps.postgres.kill(), apps.memory.kill()]);
  }
}

async function footprints(stack: Stack) {
  Object.assign(process.env, { DATABASE_URL: stack.ownerUrl, ...bankSystemsEnv(stack.simulator.url), LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" });
  const { db, pool } = openDatabase(stack.ownerUrl, 4);
  try {
    return await compareFootprints(db, pool, stack.ownerUrl, MARKS);
  } finally {
    await pool.end();
  }
}

const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "-");
const f0 = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : "-");
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
const pad = (cells: string[], widths: number[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" ");

function report(result: Awaited<ReturnType<typeof measureAll>>) {
  const { postgres, memory, fan, bytes, floor, context } = result;
  const out: string[] = [];
  out.push(`capacity benchmark${QUICK ? " (--quick: too few turns for figures; a smoke test)" : ""}`);
  out.push(contextLine(context));
  out.push("turns over HTTP (POST /api/threads/{id}/messages), one conversation per client; latency in ms, from the client");
  out.push("");
  const w = [8, 7, 8, 6, 6, 6, 2, 8, 6, 6, 6, 2, 9, 9, 13];
  out.push(`${"".padEnd(17)}${"Postgres saver".padEnd(30)}${"  in-memory saver".padEnd(33)}${"  Postgres / memory"}`);
  out.push(pad(["turn", "clients", "turns/s", "p50", "p95", "p99", "|", "turns/s", "p50", "p95", "p99", "|", "turns/s", "p50", "p50 / p95"], w));
  for (const [i, pg] of postgres.entries()) {
    const mem = memory[i]!;
    out.push(
      pad(
        [
          pg.kind,
          String(pg.clients),
          f1(pg.turnsPerSecond),
          f0(pg.latency.p50),
          f0(pg.latency.p95),
          f0(pg.latency.p99),
          "|",
          f1(mem.turnsPerSecond),
          f0(mem.latency.p50),
          f0(mem.latency.p95),
          f0(mem.latency.p99),
          "|",
          `${Math.round((100 * pg.turnsPerSecond) / mem.turnsPerSecond)}%`,
          ratio(pg.latency.p50, mem.latency.p50),
          `${f1(pg.write!.p50)} / ${f1(pg.write!.p95)}`,
        ],
        w,
      ),
    );
  }
  out.push("(a limits turn asks the limits system; a refund turn claims a 75.00 duplicate charge: three checks at once, then the approval gate)");
  out.push("");
  out.push(`fan-out, one client, limits, history and antifraud each answering in ${fan.slowMs} ms:`);
  out.push(pad(["", "p50", "p95"], [46, 7, 7]));
  out.push(pad(["turn asking one system (limits)", f0(fan.singleCheck.p50), f0(fan.singleCheck.p95)], [46, 7, 7]));
  out.push(pad(["fan-out turn (refund: three systems at once)", f0(fan.fanOut.p50), f0(fan.fanOut.p95)], [46, 7, 7]));
  out.push(
    `fan-out / one system: ${ratio(fan.fanOut.p50, fan.singleCheck.p50)} at p50 (goal <= 1.15x); fan-out / ${fan.slowMs} ms: ${ratio(fan.fanOut.p50, fan.slowMs)}`,
  );
  out.push("");
  const [a, b, c] = MARKS;
  const bw = [40, 10, 10, 10, 7, 11, 12];
  out.push("checkpoint bytes per conversation: what the saver wrote (checkpoints, channel values, task writes), serialized;");
  out.push(`stored: the same rows as Postgres keeps them at ${c} turns (keys included, large values compressed)`);
  out.push(pad(["", `${a} turns`, `${b} turns`, `${c} turns`, `${c}/${b}`, "stored", "checkpoints"], bw));
  const line = (name: string, f: Footprint[]) =>
    pad([name, kb(f[0]!.bytes), kb(f[1]!.bytes), kb(f[2]!.bytes), ratio(f[2]!.bytes, f[1]!.bytes), kb(f[2]!.stored), String(f[2]!.checkpoints)], bw);
  out.push(line("this graph (a window of recent turns)", bytes.windowed));
  out.push(line("naive variant (every turn in the state)", bytes.fullHistory));
  out.push(
    `naive / this graph at ${c} turns: ${ratio(bytes.fullHistory[2]!.bytes, bytes.windowed[2]!.bytes)} serialized, ${ratio(bytes.fullHistory[2]!.stored, bytes.windowed[2]!.stored)} stored (goal >= 6x); this graph ${c}/${b}: ${ratio(bytes.windowed[2]!.bytes, bytes.windowed[1]!.bytes)} (goal <= 2.05x)`,
  );
  out.push("");
  out.push("the framework's floor: the same graph shape run bare in LangGraph in this process (in-process clients, MemorySaver, durability sync), one thread;");
  out.push("the app: its turn over HTTP at one client (p50), against the floor's p50");
  const fw = [8, 12, 12, 14, 18, 18];
  out.push(pad(["turn", "floor p50", "floor CPU", "app in memory", "app on Postgres", "memory / Postgres"], fw));
  for (const f of floor) {
    const pg = postgres.find((r) => r.kind === f.kind && r.clients === 1)!;
    const mem = memory.find((r) => r.kind === f.kind && r.clients === 1)!;
    out.push(
      pad(
        [
          f.kind,
          `${f1(f.wall.p50)} ms`,
          `${f1(f.cpuMsPerTurn)} ms`,
          `${f0(mem.latency.p50)} ms`,
          `${f0(pg.latency.p50)} ms`,
          `${ratio(mem.latency.p50, f.wall.p50)} / ${ratio(pg.latency.p50, f.wall.p50)}`,
        ],
        fw,
      ),
    );
  }
  out.push("");
  const at8 = postgres.filter((r) => r.clients === 8);
  out.push("goals on this machine:");
  for (const r of at8) {
    const mem = memory.find((m) => m.kind === r.kind && m.clients === 8)!;
    out.push(
      `  ${r.kind}, 8 clients: Postgres throughput ${Math.round((100 * r.turnsPerSecond) / mem.turnsPerSecond)}% of in-memory (goal >= 70%); checkpoint write p95 ${f1(r.write!.p95)} ms over ${r.write!.count} writes (goal <= 5 ms)`,
    );
  }
  out.push(
    "checkpoint write times come from the app's bank_checkpoint_write_duration_seconds histogram (put and put_writes), interpolated within its buckets.",
  );
  return out.join("\n");
}

let stack: Stack | undefined;

async function measureAll() {
  buildIfStale(say);
  stack = await startStack("pg-capacity");
  const { rows, fan } = await runApps(stack);
  say("measuring checkpoint bytes in this process");
  const bytes = await footprints(stack);
  say("measuring the framework's floor in this process");
  const floor = [await measureFloor("limits", FLOOR_TURNS), await measureFloor("refund", FLOOR_TURNS)];
  const context = { ...benchContext(), quick: QUICK };
  return { postgres: rows.postgres, memory: rows.memory, fan, bytes, floor, context };
}

async function main() {
  try {
    const result = await measureAll();
    console.log(JSON_OUT ? JSON.stringify(result, null, 2) : report(result));
  } finally {
    await stack?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
