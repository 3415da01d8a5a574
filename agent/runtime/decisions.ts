import { getApprovalById, lockCustomerRefundsOfCase, recordDecision, recordFirstApproval, type ApprovalRow } from "@/db/queries/approvals";
import { log } from "@/observability/log";
import { metrics } from "@/observability/metrics";
import { claimedByOther } from "@/db/queries/approval-claims";
import { getOpenQuestion } from "@/db/queries/approval-questions";
import { recordAuditEvent } from "@/db/queries/audit";
import { setCaseStatus } from "@/db/queries/cases";
import type { DeciderRole } from "@/vocabulary/roles";
import { approvalStep } from "../graph/approval-rules";
import type { Ctx } from "./context";
import { carryOutLater } from "./carry-out";

export type DecisionInput = {
  tenantId: string;
  approvalId: string;
  version: number;
  decision: "approved" | "rejected";
  reason: string;
  actor: string;
  role: DeciderRole;
  /**
   * The amount approved, at most the case's. Absent: the case's amount for a first or
   * single approval, the first approver's amount for the second of two.
   */
  amountMinor?: number;
};

export type Refusal =
  | { kind: "not_found" }
  /** `about: "amount"`: a second approval for another amount than the first approver's. */
  | { kind: "conflict"; status: string; version: number; message: string; about?: "amount" }
  | { kind: "forbidden"; code: string; message: string }
  | { kind: "invalid"; message: string };

export type DecisionResult = { kind: "ok"; status: string; version: number; approvalsNeeded: number } | Refusal;

function conflict(row: ApprovalRow | null, message?: string): Refusal {
  if (!row) return { kind: "not_found" };
  return {
    kind: "conflict",
    status: row.status,
    version: row.version,
    message: message ?? `This approval is ${row.status} at version ${row.version}; nothing was changed.`,
  };
}

/** Why `actor` may not change this approval now, or null when they may. */
export async function refusalFor(ctx: Ctx, row: ApprovalRow | null, input: { tenantId: string; version: number; actor: string }) {
  if (!row) return { kind: "not_found" } as const;
  // test:guards decide-only-pending
  if (row.status !== "pending" || row.version !== input.version) return conflict(row);
  if (claimedByOther(row, input.actor, ctx.deps.clock())) {
    return { kind: "forbidden", code: "forbidden:claimed", message: `${row.claimedBy} is working on this case.` } as const;
  }
  if (await getOpenQuestion(ctx.db, input.tenantId, row.id)) {
    return conflict(row, "The customer has not answered the question yet.");
  }
  return null;
}

/**
 * An operator's decision: authority (the bank's operator limit and four-eyes threshold) and four-eyes first, then a compare-and-set on the
 * version the operator saw; a final decision puts the resume of the paused thread (by
 * interrupt id) on the job queue and answers at once: the console hears the outcome as the
 * approval changes (executing, executed).
 * A stale, repeated, claimed or late decision changes nothing, and neither does a second
 * approval for another amount than the first: the version fence makes the amount the
 * rule judged the amount the row still holds when the update lands.
 */
export async function decideApproval(ctx: Ctx, input: DecisionInput): Promise<DecisionResult> {
  const existing = await getApprovalById(ctx.db, input.tenantId, input.approvalId);
  const refusal = await refusalFor(ctx, existing, input);
  if (refusal) return refusal;
  const row = existing!;
  const now = ctx.deps.clock();
  const step =
    input.decision === "approved"
      ? approvalStep(row, { username: input.actor, role: input.role }, input.amountMinor, (await ctx.deps.policies.forTenant(input.tenantId)).authority)
      : ({ kind: "final", amountMinor: null } as const);
  if (step.kind === "invalid") return { kind: "invalid", message: step.message };
  if (step.kind === "forbidden") return { kind: "forbidden", code: step.code, message: step.message };
  if (step.kind === "different_amount") return { kind: "conflict", status: row.status, version: row.version, message: step.message, about: "amount" };

  const decided = await ctx.db.transaction(async (tx) => {
    if (step.kind === "final" && input.decision === "approved") await lockCustomerRefundsOfCase(tx, input.tenantId, row.caseId);
    const updated =
      step.kind === "first_of_two"
        ? await recordFirstApproval(tx, { ...input, now, amountMinor: step.amountMinor })
        : await recordDecision(tx, { ...input, now, amountMinor: step.amountMinor });
    if (!updated) return null;
    if (step.kind === "final") await setCaseStatus(tx, input.tenantId, updated.caseId, input.decision);
    const action = step.kind === "first_of_two" ? "approval.first_approved" : `approval.${input.decision}`;
    await recordAuditEvent(tx, {
      tenantId: input.tenantId,
      actor: input.actor,
      action,
      subjectType: "approval",
      subjectId: updated.id,
      data: { version: updated.version, reason: input.reason, ...(step.amountMinor === null ? {} : { amountMinor: step.amountMinor }) },
    });
    return updated;
  });
  if (!decided) return conflict(await getApprovalById(ctx.db, input.tenantId, input.approvalId));
  const decision = step.kind === "first_of_two" ? "first_approved" : input.decision;
  metrics().decisions.inc({ decision });
  log().info({ event: "approval.decided", tenantId: input.tenantId, approvalId: decided.id, caseId: decided.caseId, decision, role: input.role });
  if (step.kind === "first_of_two") return { kind: "ok", status: decided.status, version: decided.version, approvalsNeeded: 1 };
  await carryOutLater(ctx, decided);
  return { kind: "ok", status: decided.status, version: decided.version, approvalsNeeded: 0 };
}
