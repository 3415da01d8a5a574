import { diffLines } from "diff";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { AgentState } from "../graph/state";

const KNOWN = new Set(Object.keys(AgentState.spec));

/** The state fields of a stored checkpoint, without LangGraph's own channels. */
function stateFields(channelValues: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(channelValues).filter(([key]) => !key.startsWith("__") && !key.includes(":")));
}

function prettySorted(values: Record<string, unknown>): string {
  const sorted = Object.fromEntries(Object.entries(values).sort(([a], [b]) => a.localeCompare(b)));
  return `${JSON.stringify(sorted, null, 2)}\n`;
}

/**
 * The raw state at a checkpoint as the saver stored it, fields the current state no
 * longer knows included, and a line diff against its parent. Old threads render as they were.
 * Retention keeps the parent of every step it keeps for an incident, so those diffs are
 * unchanged; a checkpoint kept only as such a parent, or as the thread's latest, may have
 * lost its own parent (`parentPruned`), and then there is no diff.
 */
export async function checkpointView(checkpointer: BaseCheckpointSaver, threadId: string, checkpointId: string) {
  const tuple = await checkpointer.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: "", checkpoint_id: checkpointId } });
  if (!tuple || tuple.checkpoint.id !== checkpointId) return null;
  const values = stateFields(tuple.checkpoint.channel_values as Record<string, unknown>);
  const parentId = tuple.parentConfig?.configurable?.checkpoint_id as string | undefined;
  const parent = parentId ? await checkpointer.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: "", checkpoint_id: parentId } }) : undefined;
  const parentPruned = Boolean(parentId) && !parent;
  const before = parent ? stateFields(parent.checkpoint.channel_values as Record<string, unknown>) : {};
  return {
    checkpointId,
    parentId: parentId ?? null,
    parentPruned,
    step: Number(tuple.metadata?.step ?? -1),
    source: String(tuple.metadata?.source ?? ""),
    values,
    unknownFields: Object.keys(values).filter((key) => !KNOWN.has(key)),
    diff: parentPruned
      ? []
      : diffLines(prettySorted(before), prettySorted(values)).map((part) => ({
          value: part.value,
          ...(part.added ? { added: true } : {}),
          ...(part.removed ? { removed: true } : {}),
        })),
  };
}

export type CheckpointView = NonNullable<Awaited<ReturnType<typeof checkpointView>>>;
