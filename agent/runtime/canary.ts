/**
 * Canaries: a bank's share of new conversations answered by a candidate revision the deployment
 * hosts, judged against the current revision on the same window. Which revision a thread runs
 * as, what each turn came to (the figures a canary is judged by), and the judgement itself:
 * a crossed threshold stops the canary, a window that holds promotes the candidate.
 */
import { randomInt } from "node:crypto";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { z } from "zod";
import { recordAuditEvent } from "@/db/queries/audit";
import {
  getBankRevision,
  getRunningCanary,
  lastTurnOutcome,
  listCanaries,
  lockCanary,
  recordTurnOutcome,
  revisionTurnFigures,
  setBankRevision,
  updateCanary,
  type CanaryRow,
} from "@/db/queries/canaries";
import { getThreadById } from "@/db/queries/threads";
import { log } from "@/observability/log";
import { metrics } from "@/observability/metrics";
import { turnKind } from "../eval/outcome";
import type { AgentStateType } from "../graph/state";
import type { Ctx, HostedRevision } from "./context";
import type { AgentRevision } from "./revision";

/** What a canary's figures may come to against the current revision's before it stops itself; a bank's row may set each. */
export const canaryThresholds = z
  .object({
    /** Turns each revision must have answered in the window before the canary is judged. */
    minTurns: z.number().int().min(1).max(100_000).default(30),
    /** How far above the current revision's each rate (0 to 1) the candidate's may be. */
    fallbackRate: z.number().min(0).max(1).default(0.05),
    clarifyingRate: z.number().min(0).max(1).default(0.1),
    handoverRate: z.number().min(0).max(1).default(0.05),
    reaskRate: z.number().min(0).max(1).default(0.05),
    /** How many more bank-system checks per hundred turns may run degraded. */
    degradedPer100Turns: z.number().min(0).max(1000).default(5),
    /** How far, either way, the share of claims approved without an operator may move, per hundred claims. */
    autoApprovedPer100Claims: z.number().min(0).max(100).default(15),
    /** Refund claims each revision must have decided before that share is judged: a few claims swing it by chance. */
    minClaims: z.number().int().min(1).max(100_000).default(20),
    /** The candidate's 95th-percentile turn latency may be at most this many times the current's, plus `latencyP95SlackMs`. */
    latencyP95Ratio: z.number().min(1).max(100).default(1.5),
    latencyP95SlackMs: z.number().int().min(0).max(600_000).default(1000),
  })
  .strict();

export type CanaryThresholds = z.infer<typeof canaryThresholds>;

/** The bank's thresholds: its row's, each unset one at its default (a row that does not fit them is read as the defaults, and logged). */
export function thresholdsOf(tenantId: string, raw: unknown): CanaryThresholds {
  const parsed = canaryThresholds.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  log().warn({ event: "canary.thresholds_invalid", tenantId, problems: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`) });
  return canaryThresholds.parse({});
}

/** One revision's figures over a canary's window. */
export type ArmFigures = {
  revisionId: string;
  turns: number;
  fallbackRate: number;
  clarifyingRate: number;
  handoverRate: number;
  reaskRate: number;
  degradedPer100Turns: number;
  claims: number;
  autoApprovedPer100Claims: number | null;
  latencyP95Ms: number | null;
};

export type Crossing = { figure: string; current: number; candidate: number; limit: string };
export type Judgement = { current: ArmFigures; candidate: ArmFigures; sampleReached: boolean; crossed: Crossing[] };

const round = (x: number, places = 4) => Math.round(x * 10 ** places) / 10 ** places;

/** The candidate against the current revision: each threshold the candidate crossed (judged once both reached `minTurns`). */
export function judge(current: ArmFigures, candidate: ArmFigures, t: CanaryThresholds): Judgement {
  const crossed: Crossing[] = [];
  const above = (figure: keyof ArmFigures & string, allowed: number, unit = "") => {
    const [a, b] = [current[figure] as number, candidate[figure] as number];
    if (b - a > allowed + 1e-9) crossed.push({ figure, current: a, candidate: b, limit: `at most ${allowed}${unit} above the current revision's` });
  };
  above("fallbackRate", t.fallbackRate);
  above("clarifyingRate", t.clarifyingRate);
  above("handoverRate", t.handoverRate);
  above("reaskRate", t.reaskRate);
  above("degradedPer100Turns", t.degradedPer100Turns);
  const [a, b] = [current.autoApprovedPer100Claims, candidate.autoApprovedPer100Claims];
  const enoughClaims = current.claims >= t.minClaims && candidate.claims >= t.minClaims;
  if (a !== null && b !== null && enoughClaims && Math.abs(b - a) > t.autoApprovedPer100Claims + 1e-9)
    crossed.push({ figure: "autoApprovedPer100Claims", current: a, candidate: b, limit: `within ${t.autoApprovedPer100Claims} of the current revision's` });
  const [p, q] = [current.latencyP95Ms, candidate.latencyP95Ms];
  if (p !== null && q !== null && q > p * t.latencyP95Ratio + t.latencyP95SlackMs)
    crossed.push({
      figure: "latencyP95Ms",
      current: p,
      candidate: q,
      limit: `at most ${t.latencyP95Ratio} x the current revision's + ${t.latencyP95SlackMs} ms`,
    });
  return { current, candidate, sampleReached: current.turns >= t.minTurns && candidate.turns >= t.minTurns, crossed };
}

async function armFigures(ctx: Ctx, tenantId: string, revisionId: string, since: Date, until: Date): Promise<ArmFigures> {
  const f = await revisionTurnFigures(ctx.db, tenantId, revisionId, since, until);
  const rate = (n: number) => (f.turns === 0 ? 0 : round(n / f.turns));
  return {
    revisionId,
    turns: f.turns,
    fallbackRate: rate(f.fallbacks),
    clarifyingRate: rate(f.clarifying),
    handoverRate: rate(f.handovers),
    reaskRate: rate(f.reasks),
    degradedPer100Turns: f.turns === 0 ? 0 : round((f.degradedChecks / f.turns) * 100, 2),
    claims: f.claims,
    autoApprovedPer100Claims: f.claims === 0 ? null : round((f.autoApproved / f.claims) * 100, 2),
    latencyP95Ms: f.latencyP95Ms === null ? null : Math.round(f.latencyP95Ms),
  };
}

/** The revisions this deployment runs: its own, and the candidate its settings name. */
export function hostedRevisions(ctx: Ctx): HostedRevision[] {
  return [{ id: ctx.revision.id, revision: ctx.revision, model: ctx.deps.model }, ...(ctx.candidate ? [ctx.candidate] : [])];
}

const hosted = (ctx: Ctx, id: string | null | undefined) => (id ? hostedRevisions(ctx).find((r) => r.id === id) : undefined);

/** The revision the bank's conversations run on: a promoted candidate the deployment still hosts, else its own. */
async function bankRevision(ctx: Ctx, tenantId: string): Promise<HostedRevision> {
  return hosted(ctx, (await getBankRevision(ctx.db, tenantId)).agentRevisionId) ?? hostedRevisions(ctx)[0]!;
}

/**
 * The revision a run on the thread answers as: the candidate, for a conversation the bank's
 * running canary gave it; the bank's revision otherwise (a conversation of a canary that has
 * ended goes back to it). A deployment that hosts one revision asks nothing.
 */
export async function revisionForThread(ctx: Ctx, tenantId: string, threadId: string): Promise<HostedRevision> {
  if (!ctx.candidate) return hostedRevisions(ctx)[0]!;
  const [thread, canary] = await Promise.all([getThreadById(ctx.db, tenantId, threadId), getRunningCanary(ctx.db, tenantId)]);
  const onCanary = canary && thread?.revisionId === canary.candidateRevisionId ? hosted(ctx, canary.candidateRevisionId) : undefined;
  return onCanary ?? (await bankRevision(ctx, tenantId));
}

/** The revision a new conversation of the bank starts on: the candidate for the running canary's share, else the bank's. */
export async function revisionForNewThread(ctx: Ctx, tenantId: string): Promise<HostedRevision> {
  if (!ctx.candidate) return hostedRevisions(ctx)[0]!;
  const canary = await getRunningCanary(ctx.db, tenantId);
  const candidate = canary ? hosted(ctx, canary.candidateRevisionId) : undefined;
  if (candidate && randomInt(100) < canary!.sharePercent) return candidate;
  return bankRevision(ctx, tenantId);
}

/**
 * Records what a customer turn came to, for the canary figures: its intent and named outcome,
 * whether it asked back, handed over or fell back, whether a claim was approved without an
 * operator, whether the customer asked again what the last turn left unanswered, and how long
 * it took, when the deployment hosts a candidate. Never fails the turn: a figure that could not
 * be written is logged.
 */
export async function recordTurn(ctx: Ctx, input: { tenantId: string; threadId: string; values: AgentStateType; latencyMs: number }): Promise<void> {
  const { tenantId, threadId, values: v } = input;
  // Only a deployment that hosts a candidate can run a canary: one that does not records nothing.
  if (!ctx.candidate) return;
  try {
    const revision = await revisionForThread(ctx, tenantId, threadId);
    const { intent, outcome, clarifying, handover, fallback } = turnKind(v as Parameters<typeof turnKind>[0]);
    const claim = intent === "refund" && Boolean(v.case) && !v.case?.priorStatus && Boolean(v.verdict);
    const before = await lastTurnOutcome(ctx.db, tenantId, threadId);
    const reask = Boolean(before && intent && intent !== "greeting" && before.intent === intent && (before.fallback || before.outcome === null));
    await recordTurnOutcome(ctx.db, {
      tenantId,
      threadId,
      revisionId: revision.id,
      intent,
      outcome,
      clarifying,
      handover,
      fallback,
      claim,
      autoApproved: claim && v.verdict?.outcome === "auto_approve",
      reask,
      latencyMs: Math.max(0, Math.round(input.latencyMs)),
    });
  } catch (error) {
    log().error({ event: "turn_outcome.record_failed", tenantId, threadId, error: (error as Error).message });
  }
}

const minutes = (ms: number) => Math.round(ms / 60_000);

function describe(crossed: Crossing[]): string {
  return crossed.map((c) => `${c.figure} ${c.candidate} against ${c.current} (${c.limit})`).join("; ");
}

/** Ends the canary as `status`, by the canary itself, audited and counted. */
async function end(ctx: Ctx, canary: CanaryRow, status: "stopped" | "promoted", reason: string, figures: object, now: Date) {
  const ended = await ctx.db.transaction(async (tx) => {
    const locked = await lockCanary(tx, canary.tenantId, canary.id);
    if (locked?.status !== "running") return false;
    await updateCanary(tx, canary.tenantId, canary.id, { status, endedAt: now, endedBy: "canary", endReason: reason, figures, evaluatedAt: now });
    if (status === "promoted") await setBankRevision(tx, canary.tenantId, canary.candidateRevisionId);
    await recordAuditEvent(tx, {
      tenantId: canary.tenantId,
      actor: "canary",
      action: `canary.${status}`,
      subjectType: "canary",
      subjectId: canary.id,
      data: { candidate: canary.candidateRevisionId, current: canary.currentRevisionId, sharePercent: canary.sharePercent, reason, figures },
    });
    return true;
  });
  if (!ended) return;
  metrics().canaryEnds.inc({ tenant: canary.tenantId, outcome: status });
  log()[status === "stopped" ? "warn" : "info"]({
    event: `canary.${status}`,
    tenantId: canary.tenantId,
    canaryId: canary.id,
    candidate: canary.candidateRevisionId,
    reason,
  });
}

/**
 * Judges the bank's running canary on the window since it started: stopped when, with both
 * revisions past the minimum sample, the candidate crosses a threshold; promoted when its window
 * ends and it held; stopped when its window ends too thin to judge. Otherwise its figures are
 * kept for the ops page. Proposals nobody confirmed in time lapse. Returns what it did.
 */
export async function evaluateCanary(ctx: Ctx, tenantId: string, now: Date): Promise<"stopped" | "promoted" | "running" | "none"> {
  for (const old of await listCanaries(ctx.db, tenantId, 5)) {
    if (old.status === "proposed" && old.expiresAt <= now) await updateCanary(ctx.db, tenantId, old.id, { status: "lapsed", endedAt: now, endedBy: "canary" });
  }
  const canary = await getRunningCanary(ctx.db, tenantId);
  if (!canary?.startedAt) return "none";
  const t = thresholdsOf(tenantId, (await getBankRevision(ctx.db, tenantId)).canaryThresholds);
  const [current, candidate] = await Promise.all([
    armFigures(ctx, tenantId, canary.currentRevisionId, canary.startedAt, now),
    armFigures(ctx, tenantId, canary.candidateRevisionId, canary.startedAt, now),
  ]);
  const judged = judge(current, candidate, t);
  const figures = { ...judged, thresholds: t };
  if (judged.sampleReached && judged.crossed.length > 0) {
    await end(ctx, canary, "stopped", `crossed: ${describe(judged.crossed)}`, figures, now);
    return "stopped";
  }
  if (canary.endsAt && canary.endsAt <= now) {
    if (judged.sampleReached) {
      await end(ctx, canary, "promoted", `held for ${minutes(canary.durationMs)} min on ${candidate.turns} turns against ${current.turns}`, figures, now);
      return "promoted";
    }
    const thin = `too few turns to judge in ${minutes(canary.durationMs)} min: ${candidate.turns} on the candidate and ${current.turns} on the current revision, of ${t.minTurns} each`;
    await end(ctx, canary, "stopped", thin, figures, now);
    return "stopped";
  }
  await updateCanary(ctx.db, tenantId, canary.id, { figures, evaluatedAt: now });
  return "running";
}

export type CandidateModel = { revision: AgentRevision; model: BaseChatModel };
