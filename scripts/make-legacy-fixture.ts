/**
 * Writes the fixtures of threads recorded by earlier graphs.
 * db/fixtures/legacy-thread-state-v0.json: one conversation checkpointed by the first
 * version of the state (full message history in state, fields `triage`, `reply`, `refund`,
 * nodes `understand`, `askSystems`, `decide`, `respond`). The incident viewer must keep
 * rendering threads like it. db/fixtures/legacy-thread-renamed-node.json: a conversation
 * paused in `humanReview`, a node later renamed; the release check must refuse it.
 * db/fixtures/legacy-thread-before-refund.json: a Coffee Corner turn auto-approved by a
 * release whose state was v0 (no `approval.amountMinor`), cut off before its refund node
 * ran, with the case and approval rows it needs; it must still resume and pay once.
 * Run once with `tsx scripts/make-legacy-fixture.ts`.
 */
import { writeFileSync } from "node:fs";
import { Annotation, END, interrupt, START, StateGraph } from "@langchain/langgraph";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import { openDatabase } from "../db/client";
import { startEmbeddedPostgres } from "../db/embedded";
import { sql } from "drizzle-orm";
import { buildGraph } from "../agent/graph/graph";
import { depsFromEnv } from "../agent/runtime/wiring";
import { BEFORE_REFUND_THREAD_ID, dumpThread, LEGACY_THREAD_ID, RENAMED_NODE_THREAD_ID } from "../db/legacy-thread";
import { seedDemoData } from "../db/seed";
import { bankSystemsEnv, startSimulator } from "../simulator/server";
import { CHECKPOINT_SCHEMA, migrateDatabase } from "../db/migrate";

const last = <T>(initial: T) => Annotation<T>({ reducer: (_a, b) => b, default: () => initial });

const StateV0 = Annotation.Root({
  tenantId: last(""),
  customerId: last(""),
  messages: Annotation<{ role: string; text: string }[]>({ reducer: (a, b) => [...a, ...b], default: () => [] }),
  intent: last<string | null>(null),
  case: last<Record<string, unknown> | null>(null),
  checks: last<Record<string, unknown>>({}),
  triage: last<Record<string, unknown> | null>(null),
  refund: last<Record<string, unknown> | null>(null),
  reply: last(""),
});

const graph = new StateGraph(StateV0)
  .addNode("understand", () => ({
    intent: "refund",
    case: { caseId: "legacy-case-1", transactionId: "tx-alice-coffee-2", merchant: "Coffee Corner", amountMinor: 490, currency: "EUR" },
  }))
  .addNode("askSystems", () => ({
    checks: {
      limits: { ok: true, cards: [{ last4: "4242", dailyLimitMinor: 150_000 }] },
      history: { ok: true, refundsLast30Days: 0 },
      antifraud: { ok: true, risk: "low", score: 0 },
    },
  }))
  .addNode("decide", () => ({ triage: { outcome: "auto_approve", reason: "Up to 50.00 EUR, antifraud clear." } }))
  .addNode("respond", () => ({
    refund: { status: "executed", entryId: "legacy-entry-1" },
    reply: "I've refunded the Coffee Corner payment of 4.90 EUR, Alice Novak.",
    messages: [{ role: "agent", text: "I've refunded the Coffee Corner payment of 4.90 EUR." }],
  }))
  .addEdge(START, "understand")
  .addEdge("understand", "askSystems")
  .addEdge("askSystems", "decide")
  .addEdge("decide", "respond")
  .addEdge("respond", END);

const paused = new StateGraph(StateV0)
  .addNode("understand", () => ({ intent: "refund", case: { caseId: "legacy-case-2", merchant: "Electro Mart", amountMinor: 124_900, currency: "EUR" } }))
  .addNode("humanReview", () => {
    interrupt({ caseId: "legacy-case-2", amountMinor: 124_900 });
    return {};
  })
  .addEdge(START, "understand")
  .addEdge("understand", "humanReview")
  .addEdge("humanReview", END);

const pg = await startEmbeddedPostgres(".data/pg-fixture", { fresh: true });
const { db, pool } = openDatabase(pg.url, 2);
await migrateDatabase(db, pool);
const saver = new PostgresSaver(pool, undefined, { schema: CHECKPOINT_SCHEMA });
await graph
  .compile({ checkpointer: saver })
  .invoke(
    { tenantId: "demo-bank", customerId: "cust-alice", messages: [{ role: "customer", text: "Coffee Corner charged me twice" }] },
    { configurable: { thread_id: LEGACY_THREAD_ID }, durability: "sync" },
  );
writeFileSync("db/fixtures/legacy-thread-state-v0.json", `${JSON.stringify(await dumpThread(db, LEGACY_THREAD_ID), null, 1)}\n`);
await paused
  .compile({ checkpointer: saver })
  .invoke(
    { tenantId: "demo-bank", customerId: "cust-bob", messages: [{ role: "customer", text: "Electro Mart is not mine" }] },
    { configurable: { thread_id: RENAMED_NODE_THREAD_ID }, durability: "sync" },
  );
writeFileSync(`db/fixtures/${RENAMED_NODE_THREAD_ID}.json`, `${JSON.stringify(await dumpThread(db, RENAMED_NODE_THREAD_ID), null, 1)}\n`);
await seedDemoData(db);
const simulator = await startSimulator({ port: 0, databaseUrl: pg.url });
Object.assign(process.env, { DATABASE_URL: pg.url, ...bankSystemsEnv(simulator.url) });
await db.execute(sql`insert into threads (id, tenant_id, customer_id, status) values (${BEFORE_REFUND_THREAD_ID}, 'demo-bank', 'cust-alice', 'busy')`);
const beforeRefund = buildGraph(depsFromEnv(db), saver, { interruptBefore: ["refund"] });
await beforeRefund.invoke(
  { schemaVersion: 0, tenantId: "demo-bank", customerId: "cust-alice", input: "I was charged twice at Coffee Corner" },
  { configurable: { thread_id: BEFORE_REFUND_THREAD_ID }, durability: "sync", recursionLimit: 16 },
);
await db.execute(
  sql`insert into messages (tenant_id, thread_id, role, text) values ('demo-bank', ${BEFORE_REFUND_THREAD_ID}, 'customer', 'I was charged twice at Coffee Corner')`,
);
const latest = await saver.getTuple({ configurable: { thread_id: BEFORE_REFUND_THREAD_ID } });
const versions = latest!.checkpoint.channel_versions;
const approval = { ...(latest!.checkpoint.channel_values.approval as Record<string, unknown>) };
delete approval.amountMinor;
await db.execute(sql`update langgraph.checkpoint_blobs set blob = convert_to(${JSON.stringify(approval)}, 'UTF8')
  where thread_id = ${BEFORE_REFUND_THREAD_ID} and channel = 'approval' and version = ${String(versions.approval)}`);
const rows = await dumpThread(db, BEFORE_REFUND_THREAD_ID);
const domain: Record<string, unknown[]> = {};
for (const table of ["cases", "approvals", "messages"]) {
  domain[table] = (await db.execute(sql.raw(`select * from ${table} where thread_id = '${BEFORE_REFUND_THREAD_ID}' order by created_at`))).rows;
}
writeFileSync(`db/fixtures/${BEFORE_REFUND_THREAD_ID}.json`, `${JSON.stringify({ ...rows, domain }, null, 1)}\n`);
await simulator.close();
await pool.end();
await pg.stop();
console.log("wrote the fixtures in db/fixtures/");
