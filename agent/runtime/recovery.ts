import { listDecidedOnPausedThreads } from "@/db/queries/approvals";
import { getThreadById, getUnansweredMessage, hasNewerQueuedMessage, listBusyThreads, takeOverThread } from "@/db/queries/threads";
import { log } from "@/observability/log";
import { metrics } from "@/observability/metrics";
import type { Ctx, RestingStatus } from "./context";
import { carryOutLater } from "./carry-out";
import { holdThread, letGo } from "./lease";
import { whenIdle } from "./run-registry";
import { newerMessageStops, RunDrained, runToRest, unfinished } from "./graph-run";
import { retryUnfinishedRefunds } from "./refund-retry";
import { settleCutOff } from "./superseded";
import { STATE_SCHEMA_VERSION, type AgentStateType } from "../graph/state";
import { recordAnswer } from "./transcript";
import { claimBeside, secondClaim, type SecondClaim } from "./beside";
import { besideRunner } from "./turns";

/**
 * Finishes one run cut off by a crash or a drain. Finished tasks keep their writes and
 * are not called again; a customer message that never reached the graph is run now. When
 * a newer message already superseded the cut-off one (interrupt, rollback), the run is
 * settled as stopped instead of resumed.
 */
async function finishRun(ctx: Ctx, tenantId: string, threadId: string) {
  const config = { configurable: { thread_id: threadId } };
  const snapshot = await ctx.graph.getState(config);
  const unanswered = await getUnansweredMessage(ctx.db, tenantId, threadId);
  const paused = snapshot.tasks.some((t) => t.interrupts.length > 0);
  let status: RestingStatus = paused ? "awaiting_approval" : "idle";
  const superseded = unanswered && !paused && newerMessageStops(ctx) && (await hasNewerQueuedMessage(ctx.db, tenantId, threadId, unanswered.id));
  if (!superseded || !(await settleCutOff(ctx, { tenantId, threadId, answers: unanswered.id }, snapshot))) {
    let outcome;
    if (unfinished(snapshot)) {
      outcome = await runToRest(ctx, threadId, null);
    } else if (unanswered) {
      const values = snapshot.values as Partial<AgentStateType>;
      const customerId = values.customerId || (await getThreadById(ctx.db, tenantId, threadId))!.customerId;
      outcome = await runToRest(ctx, threadId, { schemaVersion: STATE_SCHEMA_VERSION, tenantId, customerId, input: unanswered.text });
    }
    // A run re-paused at the gate has told the customer already; any other answer is theirs to read.
    if (outcome?.values.answer && (unanswered || !paused)) {
      const second = unanswered ? secondClaim(outcome.values) : undefined;
      const told = second ? `\n\n${await claimBesideAfterCrash(ctx, tenantId, threadId, unanswered!, second)}` : "";
      await recordAnswer(ctx, { tenantId, threadId, text: outcome.values.answer + told, answers: unanswered?.id });
    }
    if (outcome) status = outcome.status;
  }
  await letGo(ctx, tenantId, threadId, status);
}

/** The second claim of a message whose turn was cut off, taken up beside the conversation as the turn would have (once, under the same ids). */
async function claimBesideAfterCrash(ctx: Ctx, tenantId: string, threadId: string, message: { id: number; text: string }, second: SecondClaim) {
  const customerId = (await getThreadById(ctx.db, tenantId, threadId))!.customerId;
  const input = { tenantId, threadId, customerId, text: message.text, actor: customerId };
  return claimBeside(ctx, input, message.id, second.claim, second.language, besideRunner(ctx, input, message.id));
}

/**
 * Whether recovery may take a busy thread: another instance's only when that instance is
 * dead (its liveness lock is free) and its lease has run out; an owner that is alive keeps
 * its thread however late its lease, and a live owner renews its lease while it runs. This
 * instance's own thread only when no call in this process holds it (its run there stopped).
 */
async function mayTakeOver(ctx: Ctx, t: { id: string; owner: string | null; expired: boolean }): Promise<boolean> {
  if (t.owner === ctx.instance.id) return !ctx.runs.held.has(t.id);
  return t.expired && !(await ctx.instance.isAlive(t.owner));
}

/** How often recovery may queue again a decision whose resume has not happened (its job's instance died, or its retries ran out). */
const UNDONE_DECISION_REQUEUE_S = 10;

/**
 * Recovers what crashed or drained instances left behind, once even with several
 * instances doing it at the same time: busy threads whose owner is gone (taken over by a
 * compare-and-set on the owner and the lease), decisions recorded while their thread
 * stayed paused, and refunds the ledger never confirmed.
 */
export async function recoverStuckRuns(ctx: Ctx): Promise<{ threads: string[]; decisions: string[]; refunds: string[] }> {
  await ctx.instance.ready();
  const recovered: string[] = [];
  for (const t of await listBusyThreads(ctx.db)) {
    if (ctx.runs.draining) break;
    if (!(await mayTakeOver(ctx, t))) continue;
    const take = () => takeOverThread(ctx.db, { threadId: t.id, from: t.owner, owner: ctx.instance.id, leaseMs: ctx.deps.settings.leaseMs });
    const finished = await holdThread(ctx, t.id, take, async () => {
      metrics().recoveryTakeovers.inc();
      log().info({ event: "recovery.takeover", tenantId: t.tenantId, threadId: t.id, leaseExpired: t.expired });
      await finishRun(ctx, t.tenantId, t.id);
      return true;
    }).catch((error: unknown) => {
      if (error instanceof RunDrained) return null;
      throw error;
    });
    if (finished) recovered.push(t.id);
  }
  const waiting = await listDecidedOnPausedThreads(ctx.db);
  for (const approval of waiting) await carryOutLater(ctx, approval, { onceInSeconds: UNDONE_DECISION_REQUEUE_S });
  const refunds = await retryUnfinishedRefunds(ctx);
  return { threads: recovered, decisions: waiting.map((a) => a.id), refunds };
}

/**
 * Drain: new turns are refused, running graphs stop at their next superstep boundary
 * (their threads stay leased to this instance, so another instance recovers them once
 * this one is gone), and the call returns when nothing runs or the bound is reached.
 */
export async function drain(ctx: Ctx, timeoutMs: number): Promise<{ drained: number; stillRunning: number }> {
  ctx.runs.draining = true;
  const drained = ctx.runs.active.size;
  metrics().drains.inc();
  metrics().drainedRuns.inc(drained);
  for (const control of ctx.runs.active) control.requestDrain("the app is shutting down");
  await whenIdle(ctx.runs, timeoutMs);
  return { drained, stillRunning: ctx.runs.active.size };
}
