/**
 * `npm run bench:savers [rounds]`: the checkpoint saver's cost in one process, without HTTP.
 * The same limits turns go through the agent's turn machinery (`sendMessage`) with three
 * savers taking turns: LangGraph's PostgresSaver (one INSERT per channel inside
 * BEGIN/COMMIT), the app's saver (one statement per checkpoint or set of task writes) and
 * MemorySaver; at 1 and 8 concurrent conversations, each round once per saver.
 */
import { MemorySaver, type BaseCheckpointSaver } from "@langchain/langgraph";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import { openDatabase } from "../../db/client";
import { startEmbeddedPostgres } from "../../db/embedded";
import { CHECKPOINT_SCHEMA, migrateDatabase } from "../../db/migrate";
import { createThread } from "../../db/queries/threads";
import { DEMO_TENANT, seedDemoData } from "../../db/seed";
import { logToStderr } from "../../observability/log";
import { bankSystemsEnv, startSimulator } from "../../simulator/server";
import { percentiles } from "./capacity/stats";

// The report is this command's standard output; its logs go to standard error.
logToStderr();

const ROUNDS = Number(process.argv[2] ?? 2);
const TURNS = { 1: 40, 8: 12 } as const;

/** Times every put and putWrites of `saver` into `into` (ms). */
function timed<T extends BaseCheckpointSaver>(saver: T, into: number[]): T {
  const put = saver.put.bind(saver);
  const putWrites = saver.putWrites.bind(saver);
  saver.put = async (...args) => {
    const started = performance.now();
    const next = await put(...args);
    into.push(performance.now() - started);
    return next;
  };
  saver.putWrites = async (...args) => {
    const started = performance.now();
    await putWrites(...args);
    into.push(performance.now() - started);
  };
  return saver;
}

async function main() {
  const pg = await startEmbeddedPostgres(".data/pg-bench-savers", { fresh: true });
  const simulator = await startSimulator({ port: 0, databaseUrl: pg.url });
  // The agent reads its settings once: the simulator's address must be in place first.
  Object.assign(process.env, { DATABASE_URL: pg.url, ...bankSystemsEnv(simulator.url), LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" });
  const { db, pool } = openDatabase(pg.url, 20);
  const { createAgent } = await import("../../agent");
  const { createCheckpointer } = await import("../../agent/runtime/checkpointer");
  try {
    await migrateDatabase(db, pool);
    await seedDemoData(db);
    const writes: number[] = [];
    const savers: Record<string, () => BaseCheckpointSaver> = {
      PostgresSaver: () => timed(new PostgresSaver(pool, undefined, { schema: CHECKPOINT_SCHEMA }), writes),
      "the app's saver": () => timed(createCheckpointer(pool), writes),
      "in memory": () => new MemorySaver(),
    };
    const rows = new Map<string, { tps: number[]; p50: number[]; w50: number[]; w95: number[] }>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, make] of Object.entries(savers)) {
        for (const clients of [1, 8] as const) {
          const agent = createAgent({ db, pool, checkpointer: make() });
          const threads = await Promise.all(Array.from({ length: clients }, async () => (await createThread(db, DEMO_TENANT, "cust-alice")).id));
          const turn = async (threadId: string) => {
            const result = await agent.sendMessage({
              tenantId: DEMO_TENANT,
              threadId,
              customerId: "cust-alice",
              text: "what are my card limits",
              actor: "alice",
            });
            if (result.kind !== "ok" || result.reply.includes("couldn't reach")) throw new Error(`a limits turn ended ${result.kind}`);
          };
          await Promise.all(threads.map(turn));
          writes.length = 0;
          const latencies: number[] = [];
          const started = performance.now();
          await Promise.all(
            threads.map(async (threadId) => {
              for (let i = 0; i < TURNS[clients]; i++) {
                const at = performance.now();
                await turn(threadId);
                latencies.push(performance.now() - at);
              }
            }),
          );
          const wallMs = performance.now() - started;
          await agent.close();
          const key = `${name}|${clients}`;
          const row = rows.get(key) ?? { tps: [], p50: [], w50: [], w95: [] };
          const written = percentiles(writes);
          row.tps.push(latencies.length / (wallMs / 1000));
          row.p50.push(percentiles(latencies).p50);
          row.w50.push(written.p50);
          row.w95.push(written.p95);
          rows.set(key, row);
        }
      }
    }
    const list = (xs: number[]) => xs.map((x) => (Number.isFinite(x) ? x.toFixed(1) : "-")).join(", ");
    const w = Math.max(14, ROUNDS * 7);
    console.log(`limits turns in one process, ${ROUNDS} round(s) (one figure per round); ms`);
    console.log(`${"saver".padEnd(18)} clients  ${"turns/s".padEnd(w)} ${"turn p50".padEnd(w)} ${"write p50".padEnd(w)} write p95`);
    for (const [key, row] of rows) {
      const [name, clients] = key.split("|");
      console.log(
        `${name!.padEnd(18)} ${clients!.padStart(7)}  ${list(row.tps).padEnd(w)} ${list(row.p50).padEnd(w)} ${list(row.w50).padEnd(w)} ${list(row.w95)}`,
      );
    }
  } finally {
    await simulator.close();
    await pool.end();
    await pg.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
