/**
 * Writes the fixtures of threads recorded by earlier graphs.
 * db/fixtures/legacy-thread-state-v0.json: one conversation checkpointed by the first
 * version of the state (full message history in state, fields `triage`, `reply`, `refund`,
 * nodes `understand`, `askSystems`, `decide`, `respond`). The incident viewer must keep
 * rendering threads like it. db/fixtures/legacy-thread-renamed-node.json: a conversation
 * paused in `humanReview`, a node later renamed; the release check must refuse it.
 * Run once with `tsx scripts/make-legacy-fixture.ts`.
 */
import { writeFileSync } from "node:fs";
import { Annotation, END, interrupt, START, StateGraph } from "@langchain/langgraph";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import { openDatabase } from "../db/client";
import { startEmbeddedPostgres } from "../db/embedded";
import { dumpThread, LEGACY_THREAD_ID, RENAMED_NODE_THREAD_ID } from "../db/legacy-thread";
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
await graph.compile({ checkpointer: saver }).invoke(
  { tenantId: "demo-bank", customerId: "cust-alice", messages: [{ role: "customer", text: "Coffee Corner charged me twice" }] },
  { configurable: { thread_id: LEGACY_THREAD_ID }, durability: "sync" },
);
writeFileSync("db/fixtures/legacy-thread-state-v0.json", `${JSON.stringify(await dumpThread(db, LEGACY_THREAD_ID), null, 1)}\n`);
await paused.compile({ checkpointer: saver }).invoke(
  { tenantId: "demo-bank", customerId: "cust-bob", messages: [{ role: "customer", text: "Electro Mart is not mine" }] },
  { configurable: { thread_id: RENAMED_NODE_THREAD_ID }, durability: "sync" },
);
writeFileSync(`db/fixtures/${RENAMED_NODE_THREAD_ID}.json`, `${JSON.stringify(await dumpThread(db, RENAMED_NODE_THREAD_ID), null, 1)}\n`);
await pool.end();
await pg.stop();
console.log("wrote the fixtures in db/fixtures/");
