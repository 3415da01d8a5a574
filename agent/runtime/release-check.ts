import type { BaseCheckpointSaver, CheckpointTuple } from "@langchain/langgraph";
import { fromJSONSchema, type z } from "zod";
import type { JSONSchema } from "zod/v4/core";
import { NODES } from "../graph/graph";
import type { StateContract } from "../graph/state-schema";
import type { AgentStateType } from "../graph/state";
import { upgradeState } from "../graph/upgrade";

const INTERRUPT = "__interrupt__";

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

/** Values that carry nothing a reader could lose: a channel holding one may go. */
const holdsNothing = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === "" ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === "object" && !Array.isArray(value) && Object.keys(value as object).length === 0);

/** The values of a thread's latest checkpoint and the interrupts it waits on, as stored. */
async function storedState(checkpointer: BaseCheckpointSaver, threadId: string) {
  const latest = await checkpointer.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: "" } });
  if (!latest) return null;
  const interrupts = (latest.pendingWrites ?? [])
    .filter(([, channel]) => channel === INTERRUPT)
    .flatMap(([, , value]) => (Array.isArray(value) ? value : [value]) as { id?: string; value?: unknown }[])
    .map((record) => record?.value);
  return { values: latest.checkpoint.channel_values as Record<string, unknown>, interrupts };
}

type Issue = { path: PropertyKey[]; message: string; code?: string; errors?: Issue[][] };

/**
 * The issues under a union (a channel that may also be null): those of the branch that read
 * furthest into the value, with their full paths, so the field itself is named.
 */
function deepest(issue: Issue): Issue[] {
  if (issue.code !== "invalid_union" || !issue.errors?.length) return [issue];
  const depth = (issues: Issue[]) => Math.max(...issues.map((i) => i.path.length));
  const branch = [...issue.errors].sort((a, b) => depth(b) - depth(a))[0]!;
  return branch.flatMap((inner) => deepest({ ...inner, path: [...issue.path, ...inner.path] }));
}

/** Each issue of a check as "what field.path: why". */
const issuesOf = (what: string, error: z.ZodError) =>
  (error.issues as Issue[])
    .flatMap(deepest)
    .slice(0, 10)
    .map((issue) => `${what} ${issue.path.map(String).join(".") || "(whole)"}: ${issue.message}`);

/**
 * What a revision described by `contract` could not read of a thread: a node it would resume in
 * that the revision lacks, a channel holding a value that the revision's state does not have
 * (removed or renamed), a field whose value does not fit the revision's type for it, and an
 * interrupt payload the revision's gate cannot read. The state is read as this revision reads it
 * (upgraded to its schema version); empty when the revision reads all of it.
 */
export async function unreadable(
  checkpointer: BaseCheckpointSaver,
  threadId: string,
  contract: StateContract,
  paused?: PausedThread | null,
): Promise<string[]> {
  const stored = await storedState(checkpointer, threadId);
  if (!stored) return [];
  const problems: string[] = [];
  const runnable = new Set([...contract.nodes, "__start__"]);
  for (const node of paused?.waitingIn ?? []) if (!runnable.has(node)) problems.push(`waits in node "${node}", which the revision does not have`);
  const values = upgradeState(stored.values as AgentStateType) as unknown as Record<string, unknown>;
  const known = new Set(contract.channels);
  const kept: Record<string, unknown> = {};
  for (const [channel, value] of Object.entries(values)) {
    if (channel.startsWith("__") || channel.startsWith("branch:")) continue;
    if (known.has(channel)) kept[channel] = value;
    else if (!holdsNothing(value)) problems.push(`channel "${channel}" holds a value and is not in the revision's state (removed or renamed)`);
  }
  const state = fromJSONSchema(contract.state as JSONSchema.JSONSchema).safeParse(kept);
  if (!state.success) problems.push(...issuesOf("field", state.error));
  const gate = fromJSONSchema(contract.interrupt as JSONSchema.JSONSchema);
  for (const payload of stored.interrupts) {
    const read = gate.safeParse(payload);
    if (!read.success) problems.push(...issuesOf("interrupt payload", read.error));
  }
  return problems;
}
