import { randomUUID } from "node:crypto";
import { Command, MemorySaver, type BaseCheckpointSaver, type StateSnapshot } from "@langchain/langgraph";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { Db } from "@/db/client";
import { listApprovalsByThread } from "@/db/queries/approvals";
import { listCasesByThread } from "@/db/queries/cases";
import { listSucceededNodeEvents } from "@/db/queries/node-events";
import { fixedPolicy, policyFromSettings } from "../runtime/tenant-policy";
import type { AgentDeps } from "../graph/deps";
import { openNodeEvent, type KeyRing } from "../encryption";
import { buildGraph, type AgentGraph } from "../graph/graph";
import type { RefundPolicy } from "../graph/policy";
import type { AgentStateType } from "../graph/state";
import {
  RecordedUnderstanding,
  sandboxBank,
  sandboxStore,
  type DryRunCardCall,
  type DryRunLedgerCall,
  type RecordedResponses,
  type SystemCall,
} from "./sandbox-deps";

export type WhatIf = {
  checkpointId: string;
  systems: "recorded" | "live";
  policy?: Partial<Pick<RefundPolicy, "autoApproveMaxMinor" | "clearRisks" | "maxRecentRefunds">>;
};

export type Path = {
  steps: { step: number; nodes: string[] }[];
  outcome: { triage: string | null; triageReason: string | null; approval: string | null; refund: string | null; reply: string | null };
};

export type Production = { db: Db; graph: AgentGraph; checkpointer: BaseCheckpointSaver; deps: AgentDeps; keys: KeyRing };

/** The thread's checkpoints, oldest first, as the graph reads them. */
export async function threadHistory(graph: AgentGraph, threadId: string): Promise<StateSnapshot[]> {
  const all: StateSnapshot[] = [];
  for await (const s of graph.getStateHistory({ configurable: { thread_id: threadId } })) all.push(s);
  return all.reverse();
}

const idOf = (s: StateSnapshot) => String(s.config.configurable?.checkpoint_id);

function pathOf(snapshots: StateSnapshot[]): Path {
  const last = snapshots.at(-1)?.values as AgentStateType | undefined;
  return {
    steps: snapshots.filter((s) => s.next.length > 0).map((s) => ({ step: Number(s.metadata?.step ?? -1), nodes: [...s.next] })),
    outcome: {
      triage: last?.verdict?.outcome ?? null,
      triageReason: last?.verdict?.reason ?? null,
      approval: last?.approval?.status ?? null,
      refund: last?.refundOutcome?.status ?? null,
      reply: last?.answer || null,
    },
  };
}

/** The production turn that contains `checkpointId`: from it to the end of that turn. */
export function turnFrom(all: StateSnapshot[], checkpointId: string) {
  const at = all.findIndex((s) => idOf(s) === checkpointId);
  if (at < 0) return null;
  let start = at;
  while (start > 0 && all[start]!.metadata?.source !== "input") start--;
  let end = at + 1;
  while (end < all.length && all[end]!.metadata?.source !== "input") end++;
  return { at, start, end, rest: all.slice(at, end) };
}

/** A recorded answer a sandbox may reuse: a read, never a write (a refund, a card change). */
function isRead(system: string | null, request: unknown): boolean {
  if (!system || system === "ledger") return false;
  return system !== "cards" || (request as { operation?: unknown } | null)?.operation === "list";
}

/** What the bank systems answered during that turn, as recorded. */
async function recordedAnswers(
  prod: Production,
  tenantId: string,
  threadId: string,
  from: string | undefined,
  to: string | undefined,
): Promise<RecordedResponses> {
  const stored = await listSucceededNodeEvents(prod.db, tenantId, threadId, { from: from ? new Date(from) : undefined, to: to ? new Date(to) : undefined });
  const rows = stored.map((row) => openNodeEvent(prod.keys, row));
  return Object.fromEntries(rows.filter((r) => isRead(r.system, r.request)).map((r) => [r.system, r.response]));
}

/** How a sandbox answers what production answered: the understanding, the policy, the bank systems. */
export type SandboxSetup = {
  systems: WhatIf["systems"];
  /** The understanding step: the reading production recorded (default), or the given model's own. */
  understanding?: BaseChatModel;
  /** The refund policy: the settings' (default, with `policy` over it), or the bank's row as it stands. */
  policy?: WhatIf["policy"] | "bank";
};

/** A turn replayed in a sandbox: what production's turn left and what the sandbox's left, with the dry-run calls. */
export type ReplayedTurn = {
  sandboxThreadId: string;
  original: StateSnapshot[];
  replayed: StateSnapshot[];
  ledgerCalls: DryRunLedgerCall[];
  cardCalls: DryRunCardCall[];
  systemCalls: SystemCall[];
};

/**
 * Runs the rest of the turn that holds `checkpointId` in a sandbox: a fresh thread on an
 * in-memory saver seeded from that checkpoint, recorded system answers, a dry-run ledger and
 * cards system, the operator's recorded decision at the gate. Production checkpoints,
 * approvals, ledger and cards are only read.
 */
export async function replayTurn(
  prod: Production,
  tenantId: string,
  threadId: string,
  all: StateSnapshot[],
  checkpointId: string,
  setup: SandboxSetup,
): Promise<ReplayedTurn | null> {
  const turn = turnFrom(all, checkpointId);
  if (!turn) return null;
  const chosen = all[turn.at]!;
  const threadCases = await listCasesByThread(prod.db, tenantId, threadId);
  const decisions = await listApprovalsByThread(prod.db, tenantId, threadId);
  const systemCalls: SystemCall[] = [];
  const ledgerCalls: DryRunLedgerCall[] = [];
  const cardCalls: DryRunCardCall[] = [];
  const store = sandboxStore(prod.deps.store, {
    caseIdFor: (transactionId) => threadCases.find((c) => c.transactionId === transactionId)?.id,
    decisionFor: (caseId) => decisions.find((d) => d.caseId === caseId)?.status ?? null,
  });
  const heard = turn.end > turn.start ? ((all[turn.end - 1]!.values as AgentStateType).heard ?? null) : null;
  const whatIf = setup.policy === "bank" ? undefined : setup.policy;
  const settings = { ...prod.deps.settings, retryInitialMs: 1, checkMaxAttempts: 1, policy: { ...prod.deps.settings.policy, ...whatIf } };
  const deps: AgentDeps = {
    ...prod.deps,
    model: setup.understanding ?? new RecordedUnderstanding(heard),
    store,
    bank: sandboxBank({
      live: prod.deps.bank,
      recorded: await recordedAnswers(prod, tenantId, threadId, all[turn.start]?.createdAt, all[turn.end]?.createdAt),
      mode: setup.systems,
      calls: systemCalls,
      ledger: ledgerCalls,
      cards: cardCalls,
    }),
    settings,
    // A what-if replay keeps to the settings' policy with the investigator's change, whatever the bank's row says now.
    policies: setup.policy === "bank" ? prod.deps.policies : fixedPolicy(policyFromSettings(settings)),
  };
  const sandbox = buildGraph(deps, new MemorySaver());
  const config = { configurable: { thread_id: `sandbox-${randomUUID()}` }, recursionLimit: deps.settings.recursionLimit };
  const values = chosen.values as AgentStateType;
  if (chosen.metadata?.source === "input") {
    const tuple = await prod.checkpointer.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: "", checkpoint_id: idOf(chosen) } });
    const input = (tuple?.checkpoint.channel_values as Record<string, unknown>)?.__start__ ?? {};
    if (values.tenantId) await sandbox.updateState(config, values, "reply");
    await sandbox.invoke(input as Partial<AgentStateType>, config);
  } else {
    const producedBy = all[turn.at - 1]?.next[0];
    await sandbox.updateState(config, values, producedBy);
    await sandbox.invoke(null, config);
  }
  const paused = (await sandbox.getState(config)).tasks.flatMap((t) => t.interrupts);
  const approvalId = (paused[0]?.value as { approvalId?: string } | undefined)?.approvalId;
  if (paused[0]?.id && approvalId && store.answerGate(approvalId)) {
    await sandbox.invoke(new Command({ resume: { [paused[0].id]: { approvalId } } }), config);
  }
  const replayed = await threadHistory(sandbox, config.configurable.thread_id);
  return { sandboxThreadId: config.configurable.thread_id, original: turn.rest, replayed, ledgerCalls, cardCalls, systemCalls };
}

/**
 * Runs the rest of a conversation from one checkpoint in a sandbox (see `replayTurn`), with
 * the understanding production read (never a language model) and the policy changed as asked.
 */
export async function replayInSandbox(prod: Production, tenantId: string, threadId: string, whatIf: WhatIf) {
  const result = await replayTurn(prod, tenantId, threadId, await threadHistory(prod.graph, threadId), whatIf.checkpointId, {
    systems: whatIf.systems,
    policy: whatIf.policy,
  });
  if (!result) return null;
  const { original: rest, replayed: sandboxed, ...calls } = result;
  const original = pathOf(rest);
  const replayed = pathOf(sandboxed);
  const differs =
    JSON.stringify(original.steps.map((s) => s.nodes)) !== JSON.stringify(replayed.steps.map((s) => s.nodes)) ||
    original.outcome.triage !== replayed.outcome.triage ||
    original.outcome.refund !== replayed.outcome.refund;
  return {
    sandboxThreadId: calls.sandboxThreadId,
    original,
    sandbox: replayed,
    differs,
    ledgerCalls: calls.ledgerCalls,
    cardCalls: calls.cardCalls,
    systemCalls: calls.systemCalls,
  };
}
