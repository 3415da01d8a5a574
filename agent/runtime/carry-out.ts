import { announceDecisionCarriedOut, getApprovalById, type ApprovalRow, type DecisionCarriedOut } from "@/db/queries/approvals";
import { context, propagation, ROOT_CONTEXT, SpanKind } from "@opentelemetry/api";
import type { QueueName } from "@/db/job-queue";
import { inSpan } from "@/observability/tracing";
import type { Ctx } from "./context";
import { resumeGate } from "./graph-run";
import { withThread } from "./lease";
import { recordAnswer } from "./transcript";

/** The job queue's queue of final decisions whose paused thread is to be resumed. */
export const CARRY_OUT_QUEUE: QueueName = "carry_out_decision";

/** A thread another run holds: the job runs again after the queue's backoff. */
export class ThreadBusy extends Error {}

/**
 * Puts the resume of a final decision (an operator's, an expiry, a cancel from another
 * conversation, or one recovery found undone) on the job queue, so whoever decided gets an
 * answer at once and any instance resumes the thread. A second job for the same approval
 * finds nothing left to do; `onceInSeconds` keeps the recovery job, which finds an undone
 * decision every time it runs until it is done, to one job per approval in that window.
 */
export async function carryOutLater(ctx: Ctx, row: ApprovalRow, { onceInSeconds }: { onceInSeconds?: number } = {}): Promise<void> {
  const job: CarryOutJob = { tenantId: row.tenantId, approvalId: row.id, trace: {} };
  // The trace goes with the job, so the resume is traced under the decision that asked for it.
  propagation.inject(context.active(), job.trace);
  await ctx.jobs.send(CARRY_OUT_QUEUE, job, onceInSeconds ? { singletonKey: row.id, singletonSeconds: onceInSeconds } : {});
}

/** The queue's job: the approval, and the trace context of whatever decided it (W3C `traceparent`, ids only). */
export type CarryOutJob = DecisionCarriedOut & { trace: Record<string, string> };

/**
 * The queue's job: resumes the thread paused on the approval, so the customer hears the
 * decision (and an approved refund is paid), then announces it. A thread another run holds
 * throws ThreadBusy, and the queue tries again with a growing delay; the recovery job puts a
 * decision whose retries ran out back on the queue.
 */
export async function carryOut(ctx: Ctx, job: CarryOutJob): Promise<{ resumed: number }> {
  const parent = propagation.extract(ROOT_CONTEXT, job.trace ?? {});
  const attributes = { "agent.tenant": job.tenantId, "agent.approval_id": job.approvalId };
  return inSpan("job.carry_out_decision", { parent, kind: SpanKind.CONSUMER, attributes }, async () => {
    const row = await getApprovalById(ctx.db, job.tenantId, job.approvalId);
    if (row && (await resumeDecided(ctx, row)) === "busy") throw new ThreadBusy(`another run holds the approval's thread`);
    await announceDecisionCarriedOut(ctx.db, { tenantId: job.tenantId, approvalId: job.approvalId });
    return { resumed: row ? 1 : 0 };
  });
}

/**
 * Resumes the paused thread once a decision is final, so the customer hears it: "busy" when
 * another run holds the thread (the caller tries again later), "done" otherwise, also when
 * the thread no longer waits at the gate.
 */
async function resumeDecided(ctx: Ctx, row: ApprovalRow): Promise<"done" | "busy"> {
  if (!row.interruptId) return "done";
  const interruptId = row.interruptId;
  const held = await withThread(ctx, row.tenantId, row.threadId, async (previous) => {
    if (previous !== "awaiting_approval") return { result: "done" as const, status: "idle" };
    const { values, status } = await resumeGate(ctx, row.threadId, interruptId, row.id);
    await recordAnswer(ctx, { tenantId: row.tenantId, threadId: row.threadId, text: values.answer });
    return { result: "done" as const, status };
  });
  return held ?? "busy";
}
