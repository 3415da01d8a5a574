/**
 * Shadow replay: a bank's real customer turns of a window, each replayed through this agent's
 * revision (the candidate) in the incident sandbox, and what the candidate would have done
 * differently, per intent and overall. Production is only read: the sandbox keeps its own
 * checkpoints in memory, answers the bank's checks from the recording, pays and changes cards
 * in dry runs, and records nothing.
 */
import type { StateSnapshot } from "@langchain/langgraph";
import { listSucceededNodeEvents } from "@/db/queries/node-events";
import { listRevisions } from "@/db/queries/revisions";
import { listThreadsWithCustomerTurns } from "@/db/queries/threads";
import { turnKind } from "../eval/outcome";
import type { AgentStateType } from "../graph/state";
import type { AgentRevision, RevisionComponents } from "../runtime/revision";
import { replayTurn, threadHistory, turnFrom, type Production } from "./sandbox";

/** What a turn came to, as the shadow report compares it. */
export type TurnOutcome = {
  intent: string | null;
  /** The named outcome (refunded, review, clarify_transaction, answered, ...), as the conversation evaluation names it. */
  outcome: string | null;
  /** The payment a case was opened or found for. */
  case: string | null;
  /** Policy's verdict: auto_approve, review, ... */
  decision: string | null;
  /** What the ledger was asked to pay. */
  refundMinor: number | null;
  handover: boolean;
  /** A card action and how it ended (`freeze:done`). */
  card: string | null;
  clarifying: boolean;
  fallback: boolean;
};

/** The ways a candidate's turn may differ from production's. */
export const CHANGES = ["understood", "outcome", "case", "decision", "refund", "handover", "card", "reply"] as const;
export type Change = (typeof CHANGES)[number];

export type Rates = { clarifying: number; handover: number; fallback: number };
export type Figures = {
  turns: number;
  /** Turns whose outcome differs in any way but the reply's words. */
  outcomesChanged: number;
  changed: Record<Change, number>;
  production: Rates;
  candidate: Rates;
};

export type TurnChange = {
  threadId: string;
  checkpointId: string;
  at: string;
  changes: Change[];
  production: TurnOutcome;
  candidate: TurnOutcome;
};

export type ShadowReport = {
  tenantId: string;
  candidate: AgentRevision;
  /** The revisions that answered the replayed turns in production, with how many each. */
  production: Record<string, number>;
  window: { since: string; until: string };
  generatedAt: string;
  /** Turns in the window, and those left out by `limit` (the newest are kept). */
  turnsInWindow: number;
  /** How each turn was understood: the model's recorded reading, or the candidate's own. */
  understanding: { recorded: number; candidate: number };
  /**
   * Replies compared word for word, and those not: a reply a language model worded in
   * production, replayed on its recorded reading, is worded by the code in the sandbox (the
   * model is not asked again), so only its outcome is compared.
   */
  replies: { compared: number; notCompared: number };
  /** Bank-system answers the candidate asked for that the recorded turn did not have (those checks ran degraded). */
  missingSystemAnswers: number;
  overall: Figures;
  byIntent: Record<string, Figures>;
  /** Turns the sandbox could not replay, with why. */
  failed: { threadId: string; checkpointId: string; error: string }[];
  /** Every turn whose outcome or reply changed, oldest first, up to `MAX_CHANGES_LISTED`. */
  changes: TurnChange[];
};

const MAX_CHANGES_LISTED = 500;

/** What a turn's last state came to. */
export function turnOutcome(values: AgentStateType | undefined, ledgerMinor: number | null | undefined): TurnOutcome {
  const v = values ?? ({} as Partial<AgentStateType>);
  const { intent, outcome, clarifying, handover, fallback } = turnKind(v as Parameters<typeof turnKind>[0]);
  const paid = v.refundOutcome?.status === "executed" ? (v.approval?.amountMinor ?? null) : null;
  return {
    intent,
    outcome,
    case: v.case?.transactionId ?? null,
    decision: v.verdict?.outcome ?? null,
    refundMinor: ledgerMinor === undefined ? paid : ledgerMinor,
    handover,
    card: v.cardAction ? `${v.cardAction.action}:${v.cardAction.outcome}` : null,
    clarifying,
    fallback,
  };
}

function changesBetween(a: TurnOutcome, b: TurnOutcome, replies: [string | undefined, string | undefined] | null): Change[] {
  const changes: Change[] = [];
  if (a.intent !== b.intent) changes.push("understood");
  if (a.outcome !== b.outcome) changes.push("outcome");
  if (a.case !== b.case) changes.push("case");
  if (a.decision !== b.decision) changes.push("decision");
  if (a.refundMinor !== b.refundMinor) changes.push("refund");
  if (a.handover !== b.handover) changes.push("handover");
  if (a.card !== b.card) changes.push("card");
  if (replies && (replies[0] ?? "") !== (replies[1] ?? "")) changes.push("reply");
  return changes;
}

type Tally = { turns: number; outcomesChanged: number; changed: Record<Change, number>; production: Rates; candidate: Rates };
const emptyTally = (): Tally => ({
  turns: 0,
  outcomesChanged: 0,
  changed: Object.fromEntries(CHANGES.map((c) => [c, 0])) as Record<Change, number>,
  production: { clarifying: 0, handover: 0, fallback: 0 },
  candidate: { clarifying: 0, handover: 0, fallback: 0 },
});

function count(tally: Tally, production: TurnOutcome, candidate: TurnOutcome, changes: Change[]) {
  tally.turns++;
  if (changes.some((c) => c !== "reply")) tally.outcomesChanged++;
  for (const c of changes) tally.changed[c]++;
  for (const [rates, o] of [
    [tally.production, production],
    [tally.candidate, candidate],
  ] as const) {
    if (o.clarifying) rates.clarifying++;
    if (o.handover) rates.handover++;
    if (o.fallback) rates.fallback++;
  }
}

const share = (n: number, of: number) => (of === 0 ? 0 : Math.round((n / of) * 10_000) / 10_000);
const asFigures = (t: Tally): Figures => {
  const rates = (r: Rates): Rates => ({ clarifying: share(r.clarifying, t.turns), handover: share(r.handover, t.turns), fallback: share(r.fallback, t.turns) });
  return { ...t, production: rates(t.production), candidate: rates(t.candidate) };
};

/** The language-model parts of a revision: a turn read by the same model with the same prompts is not asked again. */
const sameReader = (a: RevisionComponents | undefined, b: RevisionComponents) => a !== undefined && a.model === b.model && a.prompts === b.prompts;

type CustomerTurn = { threadId: string; all: StateSnapshot[]; checkpointId: string; at: string };

async function customerTurns(prod: Production, tenantId: string, since: Date, until: Date): Promise<CustomerTurn[]> {
  const turns: CustomerTurn[] = [];
  for (const threadId of await listThreadsWithCustomerTurns(prod.db, tenantId, since, until)) {
    const all = await threadHistory(prod.graph, threadId);
    for (const s of all) {
      const at = s.createdAt ? new Date(s.createdAt) : null;
      if (s.metadata?.source !== "input" || !at || at < since || at >= until) continue;
      turns.push({ threadId, all, checkpointId: String(s.config.configurable?.checkpoint_id), at: at.toISOString() });
    }
  }
  return turns.sort((a, b) => a.at.localeCompare(b.at));
}

/**
 * Replays every customer turn of `tenantId` between `since` and `until` (the newest `limit`)
 * through `candidate`, this agent's revision. A turn the language model read in production
 * keeps that reading when the candidate asks the same model with the same prompts; any other
 * turn is read by the candidate's own understanding (its offline model, or its language model).
 */
export async function shadowReplay(
  prod: Production & { revision: AgentRevision },
  tenantId: string,
  window: { since: Date; until: Date; limit: number; systems?: "recorded" | "live" },
): Promise<ShadowReport> {
  const revisions = new Map((await listRevisions(prod.db)).map((r) => [r.id, r.components as RevisionComponents]));
  const found = await customerTurns(prod, tenantId, window.since, window.until);
  const turns = found.slice(-window.limit);
  const overall = emptyTally();
  const byIntent = new Map<string, Tally>();
  const report: Omit<ShadowReport, "overall" | "byIntent"> = {
    tenantId,
    candidate: prod.revision,
    production: {},
    window: { since: window.since.toISOString(), until: window.until.toISOString() },
    generatedAt: new Date().toISOString(),
    turnsInWindow: found.length,
    understanding: { recorded: 0, candidate: 0 },
    replies: { compared: 0, notCompared: 0 },
    missingSystemAnswers: 0,
    failed: [],
    changes: [],
  };
  for (const turn of turns) {
    const span = turnFrom(turn.all, turn.checkpointId)!;
    const events = await listSucceededNodeEvents(prod.db, tenantId, turn.threadId, {
      from: new Date(turn.all[span.start]!.createdAt!),
      to: turn.all[span.end]?.createdAt ? new Date(turn.all[span.end]!.createdAt!) : undefined,
    });
    const ranAs = events.find((e) => e.revisionId)?.revisionId ?? "unrecorded";
    report.production[ranAs] = (report.production[ranAs] ?? 0) + 1;
    const modelRead = events.find((e) => e.system === "llm" && e.node === "intake");
    const recorded = modelRead !== undefined && sameReader(revisions.get(modelRead.revisionId ?? ""), prod.revision.components);
    report.understanding[recorded ? "recorded" : "candidate"]++;
    const compareReplies = !(recorded && events.some((e) => e.system === "llm" && e.node === "reply"));
    try {
      const replayed = await replayTurn(prod, tenantId, turn.threadId, turn.all, turn.checkpointId, {
        systems: window.systems ?? "recorded",
        understanding: recorded ? undefined : prod.deps.model,
        policy: "bank",
      });
      if (!replayed) throw new Error("the turn's checkpoint is gone");
      report.missingSystemAnswers += replayed.systemCalls.filter((c) => c.source === "missing").length;
      const before = replayed.original.at(-1)?.values as AgentStateType | undefined;
      const after = replayed.replayed.at(-1)?.values as AgentStateType | undefined;
      const production = turnOutcome(before, undefined);
      const candidate = turnOutcome(after, replayed.ledgerCalls.at(-1)?.request.amountMinor ?? null);
      const changes = changesBetween(production, candidate, compareReplies ? [before?.answer, after?.answer] : null);
      report.replies[compareReplies ? "compared" : "notCompared"]++;
      count(overall, production, candidate, changes);
      const group = production.intent ?? "none";
      if (!byIntent.has(group)) byIntent.set(group, emptyTally());
      count(byIntent.get(group)!, production, candidate, changes);
      if (changes.length > 0 && report.changes.length < MAX_CHANGES_LISTED)
        report.changes.push({ threadId: turn.threadId, checkpointId: turn.checkpointId, at: turn.at, changes, production, candidate });
    } catch (error) {
      report.failed.push({ threadId: turn.threadId, checkpointId: turn.checkpointId, error: (error as Error).message });
    }
  }
  return {
    ...report,
    overall: asFigures(overall),
    byIntent: Object.fromEntries([...byIntent.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([intent, t]) => [intent, asFigures(t)])),
  };
}
