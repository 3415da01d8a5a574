import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { approvals, cases, customers, transactions } from "../schema";

export type ApprovalRow = typeof approvals.$inferSelect;
export type ApprovalStatus = ApprovalRow["status"];

type NewApproval = Pick<ApprovalRow, "tenantId" | "caseId" | "threadId" | "amountMinor" | "currency" | "policyReason"> & {
  checks: unknown;
};

async function insertOnce(db: DbOrTx, values: typeof approvals.$inferInsert): Promise<ApprovalRow> {
  await db.insert(approvals).values(values).onConflictDoNothing({ target: approvals.caseId });
  const [row] = await db
    .select()
    .from(approvals)
    .where(and(eq(approvals.tenantId, values.tenantId), eq(approvals.caseId, values.caseId)));
  return row!;
}

/** The operator's approval for a case, opened once; a repeat returns the existing row unchanged. */
export function openApproval(db: DbOrTx, input: NewApproval): Promise<ApprovalRow> {
  return insertOnce(db, { ...input, id: randomUUID(), status: "pending", mode: "operator" });
}

/** Records that policy approved the case on its own; a repeat returns the existing row unchanged. */
export function recordPolicyApproval(db: DbOrTx, input: NewApproval): Promise<ApprovalRow> {
  return insertOnce(db, {
    ...input,
    id: randomUUID(),
    status: "approved",
    mode: "policy",
    decidedBy: "policy",
    decisionReason: input.policyReason,
    decidedAt: new Date(),
  });
}

export async function getApprovalById(db: DbOrTx, tenantId: string, approvalId: string): Promise<ApprovalRow | null> {
  const [row] = await db
    .select()
    .from(approvals)
    .where(and(eq(approvals.tenantId, tenantId), eq(approvals.id, approvalId)));
  return row ?? null;
}

export async function getApprovalByCase(db: DbOrTx, tenantId: string, caseId: string): Promise<ApprovalRow | null> {
  const [row] = await db
    .select()
    .from(approvals)
    .where(and(eq(approvals.tenantId, tenantId), eq(approvals.caseId, caseId)));
  return row ?? null;
}

export async function setApprovalInterrupt(db: DbOrTx, tenantId: string, approvalId: string, interruptId: string) {
  await db
    .update(approvals)
    .set({ interruptId })
    .where(and(eq(approvals.tenantId, tenantId), eq(approvals.id, approvalId)));
}

/** The columns a decision sets; the version moves on so older views go stale. */
function decided(status: ApprovalStatus, actor: string, reason: string) {
  return {
    status,
    version: sql`${approvals.version} + 1`,
    decidedBy: actor,
    decisionReason: reason,
    decidedAt: sql`now()`,
    updatedAt: sql`now()`,
  };
}

/**
 * An operator's decision, as a compare-and-set on the version the operator saw.
 * Null when the approval is no longer pending at that version (decided, cancelled, stale).
 */
export async function recordDecision(
  db: DbOrTx,
  input: { tenantId: string; approvalId: string; version: number; decision: "approved" | "rejected"; actor: string; reason: string },
): Promise<ApprovalRow | null> {
  const [row] = await db
    .update(approvals)
    .set(decided(input.decision, input.actor, input.reason))
    .where(
      and(
        eq(approvals.tenantId, input.tenantId),
        eq(approvals.id, input.approvalId),
        eq(approvals.status, "pending"),
        eq(approvals.version, input.version),
      ),
    )
    .returning();
  return row ?? null;
}

/** The customer's cancel: final for a case whose refund has not started. Null when too late. */
export async function cancelApproval(
  db: DbOrTx,
  input: { tenantId: string; approvalId: string; actor: string; reason: string },
): Promise<ApprovalRow | null> {
  const [row] = await db
    .update(approvals)
    .set(decided("cancelled", input.actor, input.reason))
    .where(
      and(
        eq(approvals.tenantId, input.tenantId),
        eq(approvals.id, input.approvalId),
        inArray(approvals.status, ["pending", "approved"]),
      ),
    )
    .returning();
  return row ?? null;
}

export type Admission = { admitted: boolean; status: ApprovalStatus; version: number };

/**
 * The refund's admission check: approved -> executing, fenced by the decision's version.
 * A refund that was admitted before (the node re-runs after a crash) is admitted again;
 * the ledger's idempotency key keeps that re-run from paying twice. Anything else
 * (cancelled, rejected, expired, pending, a stale version) is refused.
 */
export async function admitRefund(
  db: DbOrTx,
  input: { tenantId: string; approvalId: string; version: number },
): Promise<Admission> {
  const [won] = await db
    .update(approvals)
    .set({ status: "executing", version: sql`${approvals.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(approvals.tenantId, input.tenantId),
        eq(approvals.id, input.approvalId),
        eq(approvals.status, "approved"),
        eq(approvals.version, input.version),
      ),
    )
    .returning({ status: approvals.status, version: approvals.version });
  if (won) return { admitted: true, ...won };
  const current = await getApprovalById(db, input.tenantId, input.approvalId);
  if (!current) return { admitted: false, status: "cancelled", version: 0 };
  const rerun = (current.status === "executing" || current.status === "executed") && current.version > input.version;
  return { admitted: rerun, status: current.status, version: current.version };
}

/** Marks the refund paid: approval executed and case refunded, in one transaction. */
export async function completeRefund(db: DbOrTx, input: { tenantId: string; approvalId: string; caseId: string }) {
  await db.transaction(async (tx) => {
    await tx
      .update(approvals)
      .set({ status: "executed", updatedAt: sql`now()` })
      .where(and(eq(approvals.tenantId, input.tenantId), eq(approvals.id, input.approvalId), eq(approvals.status, "executing")));
    await tx
      .update(cases)
      .set({ status: "refunded", updatedAt: sql`now()` })
      .where(and(eq(cases.tenantId, input.tenantId), eq(cases.id, input.caseId)));
  });
}

/** The operator queue with what an operator needs to decide. */
export async function listApprovals(db: DbOrTx, tenantId: string, statuses: ApprovalStatus[], limit = 100) {
  return db
    .select({
      approval: approvals,
      case: cases,
      customerName: customers.name,
      merchant: transactions.merchant,
      postedAt: transactions.postedAt,
    })
    .from(approvals)
    .innerJoin(cases, eq(cases.id, approvals.caseId))
    .innerJoin(customers, eq(customers.id, cases.customerId))
    .innerJoin(transactions, eq(transactions.id, cases.transactionId))
    .where(and(eq(approvals.tenantId, tenantId), inArray(approvals.status, statuses)))
    .orderBy(desc(approvals.createdAt))
    .limit(limit);
}
