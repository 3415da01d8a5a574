/**
 * Checkpoint bytes per conversation: the agent's graph (a window of recent turns in its
 * state) against a variant whose state keeps every turn, both run in this process through
 * the same turn machinery on the real PostgresSaver and the same database.
 */
import { Annotation } from "@langchain/langgraph";
import type { Pool } from "pg";
import type { Db } from "../../../db/client";
import { createThread } from "../../../db/queries/threads";
import { DEMO_TENANT } from "../../../db/seed";
import { buildGraph } from "../../../agent/graph/graph";
import { createInstance } from "../../../agent/runtime/instance";
import { createJobQueue } from "../../../db/job-queue";
import type { Ctx } from "../../../agent/runtime/context";
import { newRunRegistry } from "../../../agent/runtime/run-registry";
import { createCheckpointer } from "../../../agent/runtime/checkpointer";
import { depsFromEnv } from "../../../agent/runtime/wiring";
import { processRevision } from "../../../agent/runtime/revision";
import { env } from "../../../env";
import { AgentState } from "../../../agent/graph/state";
import { answerQueued, sendMessage } from "../../../agent/runtime/turns";
import type { ChatTurn } from "../../../agent/understanding";

/** The naive design: every turn of the conversation stays in the checkpointed state. */
const FullHistoryState = Annotation.Root({
  ...AgentState.spec,
  recent: Annotation<ChatTurn[]>({ reducer: (prev, next) => [...prev, ...next], default: () => [] }),
}) as unknown as typeof AgentState;

/** A conversation of everyday questions, repeated as long as the run needs. */
const PROMPTS = ["what are my card limits", "hello", "what's the status of my refund", "how much can I spend per day?", "is anything still pending?"];

/**
 * `bytes`: what the saver wrote for the thread, serialized (checkpoint and metadata JSON, the
 * blobs of channel values and of task writes), before Postgres compresses anything.
 * `stored`: the same rows as Postgres keeps them (pg_column_size: keys included, large values
 * compressed, which flatters a state that repeats itself).
 */
export type Footprint = { turns: number; bytes: number; stored: number; checkpoints: number };

async function footprint(pool: Pool, threadId: string, turns: number): Promise<Footprint> {
  const { rows } = await pool.query<{ bytes: string; stored: string; checkpoints: number }>(
    `select (select coalesce(sum(octet_length(c.checkpoint::text) + octet_length(c.metadata::text)), 0) from langgraph.checkpoints c where c.thread_id = $1)
          + (select coalesce(sum(octet_length(b.blob)), 0) from langgraph.checkpoint_blobs b where b.thread_id = $1)
          + (select coalesce(sum(octet_length(w.blob)), 0) from langgraph.checkpoint_writes w where w.thread_id = $1) as bytes,
            (select coalesce(sum(pg_column_size(c.*)), 0) from langgraph.checkpoints c where c.thread_id = $1)
          + (select coalesce(sum(pg_column_size(b.*)), 0) from langgraph.checkpoint_blobs b where b.thread_id = $1)
          + (select coalesce(sum(pg_column_size(w.*)), 0) from langgraph.checkpoint_writes w where w.thread_id = $1) as stored,
            (select count(*)::int from langgraph.checkpoints c where c.thread_id = $1) as checkpoints`,
    [threadId],
  );
  return { turns, bytes: Number(rows[0]!.bytes), stored: Number(rows[0]!.stored), checkpoints: rows[0]!.checkpoints };
}

/** One conversation of `marks.at(-1)` turns per variant; the footprint after each mark. */
export async function compareFootprints(db: Db, pool: Pool, databaseUrl: string, marks: number[]) {
  const deps = depsFromEnv(db);
  const instance = createInstance(databaseUrl);
  const jobs = createJobQueue(databaseUrl);
  const measure = async (state: typeof AgentState) => {
    const graph = buildGraph(deps, createCheckpointer(pool), { state });
    const ctx: Ctx = {
      db,
      graph,
      deps,
      revision: processRevision(env()),
      instance,
      runs: newRunRegistry(),
      jobs,
      answerQueued: (...args) => answerQueued(ctx)(...args),
    };
    const { id: threadId } = await createThread(db, DEMO_TENANT, "cust-alice");
    const out: Footprint[] = [];
    for (let turn = 1; turn <= marks.at(-1)!; turn++) {
      const result = await sendMessage(ctx, {
        tenantId: DEMO_TENANT,
        threadId,
        customerId: "cust-alice",
        text: PROMPTS[(turn - 1) % PROMPTS.length]!,
        actor: "alice",
      });
      if (result.kind !== "ok") throw new Error(`turn ${turn} of the footprint conversation ended ${result.kind}`);
      if (marks.includes(turn)) out.push(await footprint(pool, threadId, turn));
    }
    return out;
  };
  try {
    return { windowed: await measure(AgentState), fullHistory: await measure(FullHistoryState) };
  } finally {
    await instance.close();
  }
}
