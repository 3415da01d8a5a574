import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { approvalQuestions, approvals, cases, transactions } from "../schema";

export type CaseRow = typeof cases.$inferSelect;
export type CaseStatus = CaseRow["status"];

/**
 * Opens the case for a transaction, or returns the one that exists: one case per
 * transaction, so repeating this (a re-run node, a second report) never duplicates it. A
 * case is opened only for a booked card payment of the customer's: for anything else (an
 * item not booked yet, a transfer, another customer's payment) nothing is opened and the
 * answer is null.
 */
export async function upsertCase(
  db: DbOrTx,
  input: Pick<CaseRow, "tenantId" | "threadId" | "customerId" | "transactionId" | "reason" | "amountMinor" | "currency"> & { revisionId?: string | null },
): Promise<CaseRow | null> {
  const [refundable] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.tenantId, input.tenantId),
        eq(transactions.id, input.transactionId),
        eq(transactions.customerId, input.customerId),
        eq(transactions.status, "booked"),
        eq(transactions.kind, "card_payment"),
      ),
    );
  // test:guards booked-only-case
  if (!refundable) return null;
  await db
    .insert(cases)
    .values({ ...input, id: randomUUID() })
    .onConflictDoNothing({ target: [cases.tenantId, cases.transactionId] });
  const [row] = await db
    .select()
    .from(cases)
    .where(and(eq(cases.tenantId, input.tenantId), eq(cases.transactionId, input.transactionId)));
  return row!;
}

export async function getCaseById(db: DbOrTx, tenantId: string, caseId: string): Promise<CaseRow | null> {
  const [row] = await db
    .select()
    .from(cases)
    .where(and(eq(cases.tenantId, tenantId), eq(cases.id, caseId)));
  return row ?? null;
}

async function latestCase(db: DbOrTx, where: SQL | undefined): Promise<CaseRow | null> {
  const [row] = await db.select().from(cases).where(where).orderBy(desc(cases.updatedAt)).limit(1);
  return row ?? null;
}

/** The customer's most recently updated case, in any conversation. */
export function getLatestCaseByCustomer(db: DbOrTx, tenantId: string, customerId: string): Promise<CaseRow | null> {
  return latestCase(db, and(eq(cases.tenantId, tenantId), eq(cases.customerId, customerId)));
}

/** The case a conversation is working on: its most recently updated one. */
export function getLatestCaseByThread(db: DbOrTx, tenantId: string, threadId: string): Promise<CaseRow | null> {
  return latestCase(db, and(eq(cases.tenantId, tenantId), eq(cases.threadId, threadId)));
}

export async function setCaseStatus(db: DbOrTx, tenantId: string, caseId: string, status: CaseStatus): Promise<void> {
  await db
    .update(cases)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(cases.tenantId, tenantId), eq(cases.id, caseId)));
}

/** Closes a case nobody has decided on yet (still open) as cancelled; false when it moved on. */
export async function cancelOpenCase(db: DbOrTx, tenantId: string, caseId: string): Promise<boolean> {
  const rows = await db
    .update(cases)
    .set({ status: "cancelled", updatedAt: sql`now()` })
    .where(and(eq(cases.tenantId, tenantId), eq(cases.id, caseId), eq(cases.status, "open")))
    .returning({ id: cases.id });
  return rows.length > 0;
}

/** A customer's cases, newest first, with the merchant of each. */
export async function listCasesByCustomer(db: DbOrTx, tenantId: string, customerId: string) {
  return db
    .select({ case: cases, merchant: transactions.merchant })
    .from(cases)
    .innerJoin(transactions, eq(transactions.id, cases.transactionId))
    .where(and(eq(cases.tenantId, tenantId), eq(cases.customerId, customerId)))
    .orderBy(desc(cases.createdAt));
}

/** The case about a transaction, if one was opened (one case per transaction). */
export async function getCaseByTransaction(db: DbOrTx, tenantId: string, transactionId: string): Promise<CaseRow | null> {
  const [row] = await db
    .select()
    .from(cases)
    .where(and(eq(cases.tenantId, tenantId), eq(cases.transactionId, transactionId)));
  return row ?? null;
}

/** Every case a conversation opened. */
export function listCasesByThread(db: DbOrTx, tenantId: string, threadId: string): Promise<CaseRow[]> {
  return db
    .select()
    .from(cases)
    .where(and(eq(cases.tenantId, tenantId), eq(cases.threadId, threadId)));
}

/** Moves an open case to awaiting approval once its operator approval is open; a case that moved on stays. */
export async function markCaseAwaitingApproval(db: DbOrTx, tenantId: string, caseId: string): Promise<void> {
  await db
    .update(cases)
    .set({ status: "awaiting_approval", updatedAt: sql`now()` })
    .where(and(eq(cases.tenantId, tenantId), eq(cases.id, caseId), eq(cases.status, "open")));
}

/**
 * The case a conversation is working on (its most recently updated one) as its customer sees
 * it: the approval's status and amount, and whether an operator's question waits for an answer.
 */
/**
 * The cases of a conversation's threads (its own, and those opened beside it), the latest
 * changed first, each with its shop, its approval's status and amount, and whether an
 * operator's question waits for the customer.
 */
export async function listCaseViewsByThreads(db: DbOrTx, tenantId: string, threadIds: string[]) {
  return db
    .select({
      case: cases,
      merchant: transactions.merchant,
      approvalStatus: approvals.status,
      approvedAmountMinor: approvals.approvedAmountMinor,
      openQuestion: sql<boolean>`exists (select 1 from ${approvalQuestions} q
        where q.tenant_id = ${approvals.tenantId} and q.approval_id = ${approvals.id} and q.answered_at is null)`,
    })
    .from(cases)
    .innerJoin(transactions, eq(transactions.id, cases.transactionId))
    .leftJoin(approvals, and(eq(approvals.tenantId, cases.tenantId), eq(approvals.caseId, cases.id)))
    .where(and(eq(cases.tenantId, tenantId), inArray(cases.threadId, threadIds)))
    .orderBy(desc(cases.updatedAt));
}
