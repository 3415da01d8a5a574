import { randomUUID } from "node:crypto";
import { and, eq, gte, inArray, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "../client";
import { approvalQuestions, approvals, cases, threads } from "../schema";
import { APPROVED_STATUSES, type ApprovalStatus } from "../../vocabulary/statuses";

/** A customer's other claims policy weighs: the refunds approved, being paid or paid, and those waiting for a decision. */
export type OwnClaims = { refunded: string[]; awaiting: string[] };

export type ApprovalRow = typeof approvals.$inferSelect;

type NewApproval = Pick<
  ApprovalRow,
  "tenantId" | "caseId" | "threadId" | "amountMinor" | "currency" | "policyReason" | "risk" | "expiresAt" | "requiredApprovals" | "createdAt"
> &
  Partial<Pick<ApprovalRow, "operatorLimitMinor" | "fourEyesMinor">> & {
    checks: unknown;
  };

async function insertOnce(db: DbOrTx, values: Omit<typeof approvals.$inferInsert, "decidedAt"> & { decidedAt?: SQL }): Promise<ApprovalRow> {
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

/** The lock one customer's refund decisions take turns at, policy's and operators' alike, until their transaction ends. */
const customerRefundLock = (tenantId: SQL, customerId: SQL) =>
  sql`pg_advisory_xact_lock(hashtext('approvals:customer'), hashtext(${tenantId}::text || ':' || ${customerId}::text))`;

/**
 * Takes the lock of the customer whose case this is, for an operator's approval: a policy
 * decision for another of their claims then counts it, or is counted by it, never neither.
 */
export async function lockCustomerRefundsOfCase(tx: DbOrTx, tenantId: string, caseId: string): Promise<void> {
  await tx.execute(
    sql`select ${customerRefundLock(sql`${cases.tenantId}`, sql`${cases.customerId}`)} from ${cases} where ${cases.tenantId} = ${tenantId} and ${cases.id} = ${caseId}`,
  );
}

/**
 * Records that policy approved the case on its own, decided one at a time per customer: the
 * transaction holds the customer's advisory lock while it lists the cases of the refunds the app
 * approved, is paying or paid for them since `refundsSince` (by policy or by an operator, this
 * case's left out), and of their claims still waiting for an operator, and asks `decide` whether
 * the approval still stands. Two claims of one
 * customer, in any conversations on any instances, so never both pass a per-customer rule on
 * counts that missed each other. A repeat returns the case's existing row unchanged;
 * `recorded` says whether this call wrote it, and `row` is null when `decide` said no.
 */
export async function recordPolicyApproval(
  db: Db,
  input: NewApproval & { customerId: string; refundsSince: Date },
  decide: (own: OwnClaims) => boolean | Promise<boolean>,
): Promise<{ row: ApprovalRow | null; recorded: boolean }> {
  const { customerId, refundsSince, ...approval } = input;
  return db.transaction(async (tx) => {
    // test:guards customer-lock
    await tx.execute(sql`select ${customerRefundLock(sql`${input.tenantId}`, sql`${customerId}`)}`);
    const existing = await getApprovalByCase(tx, input.tenantId, input.caseId);
    if (existing) return { row: existing, recorded: false };
    const own = await tx
      .select({ caseId: approvals.caseId, status: approvals.status })
      .from(approvals)
      .innerJoin(cases, and(eq(cases.tenantId, approvals.tenantId), eq(cases.id, approvals.caseId)))
      .where(
        and(
          eq(approvals.tenantId, input.tenantId),
          eq(cases.customerId, customerId),
          inArray(approvals.status, [...APPROVED_STATUSES, "pending"]),
          // A claim still waiting counts whatever its age: approved, it is a refund now.
          or(eq(approvals.status, "pending"), gte(approvals.decidedAt, refundsSince), gte(approvals.createdAt, refundsSince)),
          ne(approvals.caseId, input.caseId),
        ),
      );
    const claims: OwnClaims = {
      refunded: own.filter((r) => r.status !== "pending").map((r) => r.caseId),
      // test:guards count-awaiting-claims
      awaiting: own.filter((r) => r.status === "pending").map((r) => r.caseId),
    };
    // test:guards count-own-approvals
    if (!(await decide(claims))) return { row: null, recorded: false };
    const id = randomUUID();
    const row = await insertOnce(tx, {
      ...approval,
      id,
      status: "approved",
      mode: "policy",
      decidedBy: "policy",
      decisionReason: approval.policyReason,
      approvedAmountMinor: approval.amountMinor,
      decidedAt: sql`clock_timestamp()`,
    });
    return { row, recorded: row.id === id };
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

/**
 * The columns a decision sets; the version moves on so older views go stale. It is dated when
 * it is written, not when its transaction began: one customer's decisions, taken in turn at
 * their lock, are dated in the order they were taken.
 */
function decided(status: ApprovalStatus, actor: string, reason: string) {
  return {
    status,
    version: sql`${approvals.version} + 1`,
    decidedBy: actor,
    decisionReason: reason,
    decidedAt: sql`clock_timestamp()`,
    updatedAt: sql`now()`,
  };
}

type DecisionInput = {
  tenantId: string;
  approvalId: string;
  version: number;
  actor: string;
  reason: string;
  now: Date;
};

/**
 * Who may still change a pending approval at `version`: nobody else holds a live claim on
 * it and no question to the customer is open. Part of every decision's compare-and-set.
 */
function decidable(input: DecisionInput) {
  return and(
    eq(approvals.tenantId, input.tenantId),
    eq(approvals.id, input.approvalId),
    // test:guards decide-only-pending-sql
    eq(approvals.status, "pending"),
    eq(approvals.version, input.version),
    or(isNull(approvals.claimedBy), eq(approvals.claimedBy, input.actor), lt(approvals.claimExpiresAt, input.now)),
    sql`not exists (select 1 from ${approvalQuestions} q where q.approval_id = ${approvals.id} and q.answered_at is null)`,
  );
}

/**
 * A final decision, as a compare-and-set on the version the operator saw. An approval
 * records the amount the ledger will pay (always, even the case's full amount); a
 * rejection clears it. Null when the approval is no longer decidable at that version
 * (decided, cancelled, stale, claimed, asking).
 */
export async function recordDecision(
  db: DbOrTx,
  input: DecisionInput & { decision: "approved" | "rejected"; amountMinor: number | null },
): Promise<ApprovalRow | null> {
  const [row] = await db
    .update(approvals)
    .set({
      ...decided(input.decision, input.actor, input.reason),
      approvedAmountMinor: input.decision === "approved" ? input.amountMinor : null,
    })
    .where(decidable(input))
    .returning();
  return row ?? null;
}

/**
 * The first of two approvals (four-eyes), with the amount it approves: the approval stays
 * pending for the second, who must approve the same amount.
 */
export async function recordFirstApproval(db: DbOrTx, input: DecisionInput & { role: string; amountMinor: number }): Promise<ApprovalRow | null> {
  const [row] = await db
    .update(approvals)
    .set({
      firstApprovedBy: input.actor,
      firstApprovedRole: input.role,
      firstApprovedAt: sql`now()`,
      firstApprovedAmountMinor: input.amountMinor,
      version: sql`${approvals.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(decidable(input), isNull(approvals.firstApprovedBy)))
    .returning();
  return row ?? null;
}

/** Pending approvals past their expiry become final, each exactly once across instances. */
export async function expireApprovals(db: DbOrTx, now: Date): Promise<ApprovalRow[]> {
  return db
    .update(approvals)
    .set(decided("expired", "system", "No decision before the approval window closed."))
    .where(and(eq(approvals.status, "pending"), lt(approvals.expiresAt, now)))
    .returning();
}

/** The customer's cancel: final for a case whose refund has not started. Null when too late. */
export async function cancelApproval(db: DbOrTx, input: { tenantId: string; approvalId: string; actor: string; reason: string }): Promise<ApprovalRow | null> {
  const [row] = await db
    .update(approvals)
    .set(decided("cancelled", input.actor, input.reason))
    .where(and(eq(approvals.tenantId, input.tenantId), eq(approvals.id, input.approvalId), inArray(approvals.status, ["pending", "approved"])))
    .returning();
  return row ?? null;
}

/**
 * `firstAttempt`: this call moved the approval to executing, so no ledger call for it can
 * have been sent yet; a re-run's admission is never a first attempt.
 */
export type Admission = { admitted: boolean; firstAttempt: boolean; status: ApprovalStatus; version: number };

/**
 * The refund's admission check: approved -> executing, fenced by the decision's version.
 * A refund that was admitted before (the node re-runs after a crash, the retry job picks it
 * up) is admitted again as a re-run, which asks the ledger before it pays. Anything else
 * (cancelled, rejected, expired, pending, a stale version) is refused.
 */
export async function admitRefund(db: DbOrTx, input: { tenantId: string; approvalId: string; version: number }): Promise<Admission> {
  const [won] = await db
    .update(approvals)
    .set({ status: "executing", version: sql`${approvals.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(eq(approvals.tenantId, input.tenantId), eq(approvals.id, input.approvalId), eq(approvals.status, "approved"), eq(approvals.version, input.version)),
    )
    .returning({ status: approvals.status, version: approvals.version });
  // test:guards admission-fence
  if (won) return { admitted: true, firstAttempt: true, ...won };
  const current = await getApprovalById(db, input.tenantId, input.approvalId);
  if (!current) return { admitted: false, firstAttempt: false, status: "cancelled", version: 0 };
  const rerun = (current.status === "executing" || current.status === "executed") && current.version > input.version;
  return { admitted: rerun, firstAttempt: false, status: current.status, version: current.version };
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

/**
 * Refunds admitted but never confirmed by the ledger, on threads at rest, untouched for
 * `olderThanMs` by the agent's clock (`now`): the retry job's candidates.
 */
export async function listUnfinishedRefunds(db: DbOrTx, input: { olderThanMs: number; now: Date }) {
  return db
    .select({ id: approvals.id, tenantId: approvals.tenantId, threadId: approvals.threadId })
    .from(approvals)
    .innerJoin(threads, eq(threads.id, approvals.threadId))
    .where(and(eq(approvals.status, "executing"), eq(threads.status, "idle"), lt(approvals.updatedAt, new Date(input.now.getTime() - input.olderThanMs))));
}

/**
 * Takes one retry of an unfinished refund, as a compare-and-set on its last touch (dated
 * `now`, the agent's clock): with several instances, one retries it per interval. Null when
 * it finished or was just tried.
 */
export async function claimRefundRetry(
  db: DbOrTx,
  input: { tenantId: string; approvalId: string; olderThanMs: number; now: Date },
): Promise<ApprovalRow | null> {
  const [row] = await db
    .update(approvals)
    .set({ updatedAt: input.now })
    .where(
      and(
        eq(approvals.tenantId, input.tenantId),
        eq(approvals.id, input.approvalId),
        eq(approvals.status, "executing"),
        lt(approvals.updatedAt, new Date(input.now.getTime() - input.olderThanMs)),
      ),
    )
    .returning();
  return row ?? null;
}

/** Every approval of a conversation's cases. */
export function listApprovalsByThread(db: DbOrTx, tenantId: string, threadId: string): Promise<ApprovalRow[]> {
  return db
    .select()
    .from(approvals)
    .where(and(eq(approvals.tenantId, tenantId), eq(approvals.threadId, threadId)));
}

/**
 * Approvals decided (or executing) while their conversation stayed paused at the gate, in
 * every tenant: the recovery job resumes each in its own tenant.
 */
export async function listDecidedOnPausedThreads(db: DbOrTx): Promise<ApprovalRow[]> {
  const rows = await db
    .select({ approval: approvals })
    .from(approvals)
    .innerJoin(threads, and(eq(threads.tenantId, approvals.tenantId), eq(threads.id, approvals.threadId)))
    .where(and(eq(threads.status, "awaiting_approval"), inArray(approvals.status, ["approved", "rejected", "cancelled", "expired", "executing"])));
  return rows.map((r) => r.approval);
}

/** Postgres channel on which the job that carries out a final decision says it is done (the thread resumed, or nothing waited). */
export const DECISION_CARRIED_OUT_CHANNEL = "decision_carried_out";

export type DecisionCarriedOut = { tenantId: string; approvalId: string };

/** Tells every instance that the approval's decision has been carried out. */
export async function announceDecisionCarriedOut(db: DbOrTx, done: DecisionCarriedOut) {
  await db.execute(sql`select pg_notify(${DECISION_CARRIED_OUT_CHANNEL}, ${JSON.stringify(done)})`);
}
