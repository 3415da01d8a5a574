import type { Db } from "@/db/client";
import { metrics } from "@/observability/metrics";
import { cancelApproval, expireApprovals, getApprovalById } from "@/db/queries/approvals";
import { claimApproval, releaseClaim } from "@/db/queries/approval-claims";
import { askQuestion } from "@/db/queries/approval-questions";
import { recordAuditEvent } from "@/db/queries/audit";
import { setCaseStatus } from "@/db/queries/cases";
import { appendAgentNotice } from "@/db/queries/threads";
import type { Ctx } from "./context";
import { refusalFor, type Refusal } from "./decisions";
import { carryOutLater } from "./carry-out";

/**
 * Closes a case before its refund starts: its approval (pending or approved) becomes
 * cancelled, the case with it, and the audit trail says who and why, in one transaction.
 * Null when it is too late (the refund was admitted, or the approval is already final).
 */
export async function cancelCase(
  db: Db,
  input: { tenantId: string; approvalId: string; caseId: string; actor: string; reason: string; action: "approval.cancelled" | "approval.withdrawn" },
) {
  return db.transaction(async (tx) => {
    const row = await cancelApproval(tx, input);
    if (!row) return null;
    await setCaseStatus(tx, input.tenantId, input.caseId, "cancelled");
    await recordAuditEvent(tx, {
      tenantId: input.tenantId,
      actor: input.actor,
      action: input.action,
      subjectType: "approval",
      subjectId: input.approvalId,
      data: { version: row.version, reason: input.reason },
    });
    return row;
  });
}

type Actor = { tenantId: string; approvalId: string; actor: string; role: string };

export type ClaimResult = { kind: "ok"; claimedBy: string | null; claimExpiresAt: Date | null; version: number } | Refusal;

/** Claims a case for the actor (a lease), renews their own claim, or a supervisor takes it over. */
export async function claimCase(ctx: Ctx, input: Actor & { takeover: boolean }): Promise<ClaimResult> {
  if (input.takeover && input.role !== "supervisor") {
    return { kind: "forbidden", code: "forbidden:role", message: "Only a supervisor can take over a claimed case." };
  }
  const before = await getApprovalById(ctx.db, input.tenantId, input.approvalId);
  if (!before) return { kind: "not_found" };
  if (before.status !== "pending") return { kind: "conflict", status: before.status, version: before.version, message: `This approval is ${before.status}.` };
  const row = await ctx.db.transaction(async (tx) => {
    const claimed = await claimApproval(tx, { ...input, now: ctx.deps.clock(), ttlMs: ctx.deps.settings.claimTtlMs });
    if (!claimed) return null;
    const action =
      before.claimedBy && before.claimedBy !== input.actor
        ? input.takeover
          ? "claim.taken_over"
          : "claim.taken"
        : before.claimedBy
          ? "claim.renewed"
          : "claim.taken";
    await recordAuditEvent(tx, {
      tenantId: input.tenantId,
      actor: input.actor,
      action,
      subjectType: "approval",
      subjectId: input.approvalId,
      data: { from: before.claimedBy },
    });
    return claimed;
  });
  if (!row) {
    return { kind: "conflict", status: before.status, version: before.version, message: `${before.claimedBy} is already working on this case.` };
  }
  return { kind: "ok", claimedBy: row.claimedBy, claimExpiresAt: row.claimExpiresAt, version: row.version };
}

/** Releases the actor's claim; a supervisor may release anyone's. */
export async function releaseCase(ctx: Ctx, input: Actor): Promise<ClaimResult> {
  const row = await ctx.db.transaction(async (tx) => {
    const released = await releaseClaim(tx, { ...input, anyHolder: input.role === "supervisor", now: ctx.deps.clock() });
    if (released)
      await recordAuditEvent(tx, {
        tenantId: input.tenantId,
        actor: input.actor,
        action: "claim.released",
        subjectType: "approval",
        subjectId: input.approvalId,
      });
    return released;
  });
  if (row) return { kind: "ok", claimedBy: null, claimExpiresAt: null, version: row.version };
  const now = await getApprovalById(ctx.db, input.tenantId, input.approvalId);
  if (!now) return { kind: "not_found" };
  return { kind: "forbidden", code: "forbidden:claimed", message: "You do not hold a claim on this case." };
}

export type QuestionResult = { kind: "ok"; questionId: string; version: number } | Refusal;

/** Asks the customer a question in their chat; the approval waits for the answer. */
export async function askCustomer(ctx: Ctx, input: Actor & { version: number; question: string }): Promise<QuestionResult> {
  const row = await getApprovalById(ctx.db, input.tenantId, input.approvalId);
  const refusal = await refusalFor(ctx, row, input);
  if (refusal) return refusal;
  const asked = await ctx.db.transaction(async (tx) => {
    const question = await askQuestion(tx, input);
    if (!question) return null;
    // Also in the conversation a request taken up beside it belongs to, where the customer reads it.
    await appendAgentNotice(tx, {
      tenantId: input.tenantId,
      threadId: row!.threadId,
      text: `The operator reviewing your refund request has a question: ${input.question}`,
    });
    await recordAuditEvent(tx, {
      tenantId: input.tenantId,
      actor: input.actor,
      action: "question.asked",
      subjectType: "approval",
      subjectId: input.approvalId,
      data: { questionId: question.id },
    });
    return question;
  });
  if (!asked) return { kind: "conflict", status: row!.status, version: row!.version, message: "The approval changed or already has an open question." };
  return { kind: "ok", questionId: asked.id, version: row!.version };
}

/**
 * Expires pending approvals past their window. The update is the lock: with several
 * instances each approval expires once, and only the instance that expired it puts the
 * thread's resume on the job queue, which tells the customer. The audit events come after every case is updated: an
 * audit insert holds its tenant's chain until commit, so a transaction takes no row lock
 * after its first one.
 */
export async function expireOverdue(ctx: Ctx): Promise<number> {
  const expired = await ctx.db.transaction(async (tx) => {
    const rows = await expireApprovals(tx, ctx.deps.clock());
    for (const row of rows) await setCaseStatus(tx, row.tenantId, row.caseId, "expired");
    for (const row of rows) {
      await recordAuditEvent(tx, {
        tenantId: row.tenantId,
        actor: "system",
        action: "approval.expired",
        subjectType: "approval",
        subjectId: row.id,
        data: { version: row.version },
      });
    }
    return rows;
  });
  if (expired.length > 0) metrics().decisions.inc({ decision: "expired" }, expired.length);
  for (const row of expired) await carryOutLater(ctx, row);
  return expired.length;
}
