import type { BaseCheckpointSaver, CheckpointTuple } from "@langchain/langgraph";
import { NODES } from "../graph/graph";

export type PausedThread = {
  threadId: string;
  checkpointId: string;
  /** The nodes this thread will run when it resumes, as the graph that wrote it named them. */
  waitingIn: string[];
  /** Those of them the current graph no longer has: the thread cannot resume. */
  missing: string[];
  schemaVersion: number | null;
};

const RUNNABLE = new Set<string>([...NODES, "__start__"]);

/** Nodes a checkpoint's pending writes hand work to: conditional branches and `Send`s. */
function targets(tuple: CheckpointTuple | undefined): string[] {
  const found = (tuple?.pendingWrites ?? []).flatMap(([, channel, value]) => {
    if (channel.startsWith("branch:to:")) return [channel.slice("branch:to:".length)];
    if (channel === "__pregel_tasks" && value && typeof value === "object" && "node" in value) return [String((value as { node: unknown }).node)];
    return [];
  });
  return [...new Set(found)].filter((node) => node !== "__end__");
}

/**
 * Reads where a thread stopped from the raw checkpoints, independent of the current
 * graph: a thread whose latest checkpoint still has work to do is paused (waiting for a
 * decision) or was cut off mid-run.
 */
export async function pausedThread(checkpointer: BaseCheckpointSaver, threadId: string): Promise<PausedThread | null> {
  const latest = await checkpointer.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: "" } });
  if (!latest) return null;
  const parentId = latest.parentConfig?.configurable?.checkpoint_id;
  const parent = parentId ? await checkpointer.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: "", checkpoint_id: parentId } }) : undefined;
  const waitingIn = latest.metadata?.source === "input" ? ["__start__"] : targets(parent);
  if (waitingIn.length === 0) return null;
  const values = latest.checkpoint.channel_values as Record<string, unknown>;
  return {
    threadId,
    checkpointId: latest.checkpoint.id,
    waitingIn,
    missing: waitingIn.filter((node) => !RUNNABLE.has(node)),
    schemaVersion: typeof values.schemaVersion === "number" ? values.schemaVersion : null,
  };
}
