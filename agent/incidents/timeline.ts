import type { BaseCheckpointSaver, CheckpointTuple, StateSnapshot } from "@langchain/langgraph";
import { z } from "zod";
import type { Db } from "@/db/client";
import { listThreadAudit } from "@/db/queries/incidents";
import { listNodeEventsByThread } from "@/db/queries/node-events";
import { listMessagesByThread } from "@/db/queries/threads";
import { openNodeEvent, type KeyRing } from "../encryption";
import type { AgentGraph } from "../graph/graph";
import { interruptRecord, timestamp } from "../graph/wire";

const checkpointRecord = z.object({
  kind: z.literal("checkpoint"),
  at: timestamp,
  checkpointId: z.string(),
  parentId: z.string().nullable(),
  step: z.number().int(),
  source: z.string(),
  next: z.array(z.string()),
  /** The tasks that ran from this checkpoint: what each wrote, or the error it failed with. */
  tasks: z.array(z.object({ taskId: z.string(), node: z.string(), writes: z.unknown(), error: z.string().nullable(), interrupts: z.array(interruptRecord) })),
  /** Resume values that answered interrupts raised from this checkpoint. */
  resumes: z.array(z.object({ interruptId: z.string().nullable(), value: z.unknown() })),
  sizeBytes: z.number().int(),
  schemaVersion: z.number().int().nullable(),
});

/** One thing that happened in a conversation, on the incident viewer's time axis. */
export const timelineEntry = z
  .discriminatedUnion("kind", [
    checkpointRecord,
    z.object({
      kind: z.literal("node_event"),
      at: timestamp,
      node: z.string(),
      system: z.string().nullable(),
      outcome: z.string(),
      latencyMs: z.number(),
      attempt: z.number().int(),
      error: z.string().nullable(),
      /** The agent revision that ran the attempt; null for attempts recorded before revisions. */
      revision: z.string().nullable().optional(),
      /** A language model's call (`system: "llm"`): the tokens it read and wrote, and their cost in millionths of `costCurrency`; null when unknown. */
      inputTokens: z.number().int().nullable().optional(),
      outputTokens: z.number().int().nullable().optional(),
      costMicros: z.number().int().nullable().optional(),
      costCurrency: z.string().nullable().optional(),
      /** Calls that change something outside the ledger (the cards system): the key, what was asked and answered. */
      idempotencyKey: z.string().nullable().optional(),
      request: z.unknown().optional(),
      response: z.unknown().optional(),
    }),
    z.object({
      kind: z.literal("ledger_call"),
      at: timestamp,
      idempotencyKey: z.string().nullable(),
      request: z.unknown(),
      response: z.unknown(),
      outcome: z.string(),
      error: z.string().nullable(),
      revision: z.string().nullable().optional(),
    }),
    z.object({ kind: z.literal("operator_action"), at: timestamp, actor: z.string(), action: z.string(), data: z.unknown() }),
    /** `revision`: the agent revision that wrote an agent message. */
    z.object({ kind: z.literal("message"), at: timestamp, role: z.enum(["customer", "agent"]), text: z.string(), revision: z.string().nullable().optional() }),
  ])
  .meta({ id: "TimelineEntry" });

export type CheckpointEntry = z.infer<typeof checkpointRecord>;

/** What a conversation's language-model calls read, wrote and cost, summed from its timeline. */
export const languageModelUse = z
  .object({
    calls: z.number().int(),
    inputTokens: z.number().int(),
    outputTokens: z.number().int(),
    /** The cost in millionths of each currency the calls were priced in. */
    cost: z.array(z.object({ currency: z.string(), micros: z.number().int() })),
    /** Calls whose answer reported no tokens: their cost is unknown and not in `cost`. */
    callsWithoutUsage: z.number().int(),
  })
  .meta({ id: "LanguageModelUse" });

export type LanguageModelUse = z.infer<typeof languageModelUse>;

/** The language-model calls of a timeline, summed. */
export function languageModelUseOf(entries: readonly TimelineEntry[]): LanguageModelUse {
  const use: LanguageModelUse = { calls: 0, inputTokens: 0, outputTokens: 0, cost: [], callsWithoutUsage: 0 };
  for (const e of entries) {
    if (e.kind !== "node_event" || e.system !== "llm") continue;
    use.calls++;
    if (e.inputTokens == null && e.outputTokens == null) {
      use.callsWithoutUsage++;
      continue;
    }
    use.inputTokens += e.inputTokens ?? 0;
    use.outputTokens += e.outputTokens ?? 0;
    if (e.costMicros == null || !e.costCurrency) continue;
    const line = use.cost.find((c) => c.currency === e.costCurrency);
    if (line) line.micros += e.costMicros;
    else use.cost.push({ currency: e.costCurrency, micros: e.costMicros });
  }
  return use;
}
export type TimelineEntry = z.infer<typeof timelineEntry>;

function errorText(error: unknown): string | null {
  if (!error) return null;
  if (typeof error === "object" && "message" in error) return String((error as { message: unknown }).message);
  return String(error);
}

/** Resume values stored as pending writes of the checkpoint they answered. */
function resumesOf(tuple: CheckpointTuple | undefined): CheckpointEntry["resumes"] {
  return (tuple?.pendingWrites ?? [])
    .filter(([, channel]) => channel === "__resume__")
    .flatMap(([, , value]): CheckpointEntry["resumes"] =>
      value && typeof value === "object" && !Array.isArray(value)
        ? Object.entries(value as Record<string, unknown>).map(([interruptId, v]) => ({ interruptId, value: v }))
        : [{ interruptId: null, value }],
    );
}

/** Nodes a checkpoint's writes send work to, read from the raw `branch:to:<node>` channels. */
function branchTargets(tuple: CheckpointTuple | undefined): string[] {
  const targets = (tuple?.pendingWrites ?? []).flatMap(([, channel]) => (channel.startsWith("branch:to:") ? [channel.slice(10)] : []));
  return [...new Set(targets)];
}

/**
 * The tasks that ran from a checkpoint, read from the raw writes. Used when the current
 * graph cannot describe them: threads written by an earlier graph whose nodes are gone.
 */
function rawTasks(tuple: CheckpointTuple | undefined, next: string[]): CheckpointEntry["tasks"] {
  const byTask = new Map<string, Record<string, unknown>>();
  for (const [taskId, channel, value] of tuple?.pendingWrites ?? []) {
    if (channel.startsWith("branch:") || channel.startsWith("__")) continue;
    byTask.set(taskId, { ...byTask.get(taskId), [channel]: value });
  }
  return [...byTask].map(([taskId, writes]) => ({ taskId, node: next.length === 1 ? next[0]! : "task", writes, error: null, interrupts: [] }));
}

function checkpointEntry(s: StateSnapshot, tuple: CheckpointTuple | undefined, parent: CheckpointTuple | undefined): CheckpointEntry {
  const values = (tuple?.checkpoint.channel_values ?? s.values ?? {}) as Record<string, unknown>;
  const known = s.tasks.length > 0 || (tuple?.pendingWrites ?? []).length === 0;
  const next = known ? [...s.next] : branchTargets(parent).length > 0 ? branchTargets(parent) : [...s.next];
  return {
    kind: "checkpoint",
    at: s.createdAt ?? "",
    checkpointId: String(s.config.configurable?.checkpoint_id),
    parentId: s.parentConfig ? String(s.parentConfig.configurable?.checkpoint_id) : null,
    step: Number(s.metadata?.step ?? -1),
    source: String(s.metadata?.source ?? ""),
    next,
    tasks: known
      ? s.tasks.map((t) => ({
          taskId: t.id,
          node: t.name,
          writes: t.result ?? null,
          error: errorText(t.error),
          interrupts: t.interrupts.map((i) => ({ id: i.id, value: i.value })),
        }))
      : rawTasks(tuple, next),
    resumes: resumesOf(tuple),
    sizeBytes: Buffer.byteLength(JSON.stringify(values)),
    schemaVersion: typeof values.schemaVersion === "number" ? values.schemaVersion : null,
  };
}

/**
 * Everything that happened in a conversation on one time axis: checkpoints with the
 * tasks that ran from each, bank-system attempts, ledger calls, operator actions and
 * messages. Only reads; nothing is re-executed.
 */
export async function buildTimeline(
  deps: { db: Db; graph: AgentGraph; checkpointer: BaseCheckpointSaver; keys: KeyRing },
  tenantId: string,
  threadId: string,
): Promise<TimelineEntry[]> {
  const config = { configurable: { thread_id: threadId, checkpoint_ns: "" } };
  const tuples = new Map<string, CheckpointTuple>();
  for await (const t of deps.checkpointer.list(config)) tuples.set(t.checkpoint.id, t);
  const snapshots: StateSnapshot[] = [];
  for await (const s of deps.graph.getStateHistory(config)) snapshots.push(s);
  const [stored, audit, messages] = await Promise.all([
    listNodeEventsByThread(deps.db, tenantId, threadId),
    listThreadAudit(deps.db, tenantId, threadId),
    listMessagesByThread(deps.db, tenantId, threadId),
  ]);
  const events = stored.map((row) => openNodeEvent(deps.keys, row));
  const attempts = new Map<string, number>();
  const entries: TimelineEntry[] = [
    ...snapshots.map((s) =>
      checkpointEntry(
        s,
        tuples.get(String(s.config.configurable?.checkpoint_id)),
        s.parentConfig ? tuples.get(String(s.parentConfig.configurable?.checkpoint_id)) : undefined,
      ),
    ),
    ...events.map((e): TimelineEntry => {
      const at = e.at.toISOString();
      if (e.system === "ledger") {
        return {
          kind: "ledger_call",
          at,
          idempotencyKey: e.idempotencyKey,
          request: e.request,
          response: e.response,
          outcome: e.outcome,
          error: e.error,
          revision: e.revisionId,
        };
      }
      const key = `${e.step}:${e.system}:${e.idempotencyKey ?? ""}`;
      const attempt = e.outcome === "degraded" ? (attempts.get(key) ?? 0) : (attempts.get(key) ?? 0) + 1;
      attempts.set(key, attempt);
      const entry: TimelineEntry = {
        kind: "node_event",
        at,
        node: e.node,
        system: e.system,
        outcome: e.outcome,
        latencyMs: e.latencyMs,
        attempt,
        error: e.error,
        revision: e.revisionId,
        ...(e.system === "llm" ? { inputTokens: e.inputTokens, outputTokens: e.outputTokens, costMicros: e.costMicros, costCurrency: e.costCurrency } : {}),
      };
      return e.system === "cards" ? { ...entry, idempotencyKey: e.idempotencyKey, request: e.request, response: e.response } : entry;
    }),
    ...audit.map((a): TimelineEntry => ({ kind: "operator_action", at: a.at.toISOString(), actor: a.actor, action: a.action, data: a.data })),
    ...messages.map((m): TimelineEntry => ({ kind: "message", at: m.createdAt.toISOString(), role: m.role, text: m.text, revision: m.revisionId })),
  ];
  return entries.sort((a, b) => a.at.localeCompare(b.at) || (a.kind === "checkpoint" && b.kind === "checkpoint" ? a.step - b.step : 0));
}
