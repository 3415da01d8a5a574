import type { StateSnapshot } from "@langchain/langgraph";
import { z } from "zod";
import type { AgentGraph } from "../graph/graph";
import { interruptRecord, timestamp } from "../graph/wire";

/** One checkpoint of a thread, as the incident viewer lists it. */
export const checkpointSummary = z.object({
  checkpointId: z.string(),
  parentId: z.string().nullable(),
  step: z.number().int(),
  source: z.string(),
  ran: z.array(z.string()).meta({ description: "Nodes whose writes this checkpoint holds." }),
  next: z.array(z.string()),
  interrupts: z.array(interruptRecord),
  createdAt: timestamp.optional(),
  sizeBytes: z.number().int().meta({ description: "Serialized size of the state at this checkpoint." }),
});

export type CheckpointSummary = z.infer<typeof checkpointSummary>;

function summarize(s: StateSnapshot, older: StateSnapshot | undefined): CheckpointSummary {
  return {
    checkpointId: String(s.config.configurable?.checkpoint_id),
    parentId: s.parentConfig ? String(s.parentConfig.configurable?.checkpoint_id) : null,
    step: Number(s.metadata?.step ?? -1),
    source: String(s.metadata?.source ?? ""),
    ran: older ? [...older.next] : [],
    next: [...s.next],
    interrupts: s.tasks.flatMap((t) => t.interrupts.map((i) => ({ id: i.id, value: i.value }))),
    createdAt: s.createdAt,
    sizeBytes: Buffer.byteLength(JSON.stringify(s.values)),
  };
}

/** Every checkpoint of a thread, oldest first. The viewer only reads; nothing re-executes. */
export async function listCheckpoints(graph: AgentGraph, threadId: string): Promise<CheckpointSummary[]> {
  const newestFirst: StateSnapshot[] = [];
  for await (const s of graph.getStateHistory({ configurable: { thread_id: threadId } })) newestFirst.push(s);
  const oldestFirst = newestFirst.reverse();
  return oldestFirst.map((s, i) => summarize(s, oldestFirst[i - 1]));
}

/** The full state at one checkpoint, or null when the thread has no such checkpoint. */
export async function getCheckpoint(graph: AgentGraph, threadId: string, checkpointId: string) {
  const s = await graph.getState({ configurable: { thread_id: threadId, checkpoint_id: checkpointId } });
  if (!s.config.configurable?.checkpoint_id || !s.createdAt) return null;
  return { checkpointId, step: Number(s.metadata?.step ?? -1), next: [...s.next], values: s.values as Record<string, unknown> };
}

/** Up to `limit` checkpoints of a thread, newest first, older than checkpoint `before` when given. */
export async function listSnapshots(graph: AgentGraph, threadId: string, options: { limit: number; before?: string }): Promise<StateSnapshot[]> {
  const snapshots: StateSnapshot[] = [];
  const before = options.before ? { configurable: { thread_id: threadId, checkpoint_id: options.before } } : undefined;
  for await (const s of graph.getStateHistory({ configurable: { thread_id: threadId } }, { limit: options.limit, before })) snapshots.push(s);
  return snapshots;
}
