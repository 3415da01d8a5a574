import { randomUUID } from "node:crypto";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { cases, transactions } from "../schema";

export type CaseRow = typeof cases.$inferSelect;
export type CaseStatus = CaseRow["status"];

/**
 * Opens the case for a transaction, or returns the one that exists: one case per
 * transaction, so repeating this (a re-run node, a second report) never duplicates it.
 */
export async function upsertCase(
  db: DbOrTx,
  input: Pick<CaseRow, "tenantId" | "threadId" | "customerId" | "transactionId" | "reason" | "amountMinor" | "currency">,
): Promise<CaseRow> {
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
  const [row] = await db.select().from(cases).where(and(eq(cases.tenantId, tenantId), eq(cases.id, caseId)));
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
