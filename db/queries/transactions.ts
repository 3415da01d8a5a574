import { and, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { transactions } from "../schema";

/**
 * The customer's booked card payments, newest first: what a refund request can be about.
 * Pending items, transfers, cash withdrawals and top-ups are left out.
 */
export async function listTransactionsByCustomer(db: DbOrTx, tenantId: string, customerId: string) {
  const rows = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.tenantId, tenantId),
        eq(transactions.customerId, customerId),
        // test:guards booked-only-listed
        eq(transactions.status, "booked"),
        eq(transactions.kind, "card_payment"),
      ),
    )
    .orderBy(desc(transactions.postedAt));
  return rows.map((t) => ({
    id: t.id,
    merchant: t.merchant,
    amountMinor: t.amountMinor,
    currency: t.currency,
    postedAt: t.postedAt.toISOString(),
    country: t.country,
    ...(t.mcc && { mcc: t.mcc }),
  }));
}

/**
 * The customer's items not booked yet (card payments, transfers, cash withdrawals, top-ups),
 * newest first: what a refund request may name and can never be opened for.
 */
export async function listPendingByCustomer(db: DbOrTx, tenantId: string, customerId: string) {
  const rows = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.tenantId, tenantId), eq(transactions.customerId, customerId), eq(transactions.status, "pending")))
    .orderBy(desc(transactions.postedAt));
  return rows.map((t) => ({
    id: t.id,
    kind: t.kind,
    merchant: t.merchant,
    amountMinor: t.amountMinor,
    currency: t.currency,
    postedAt: t.postedAt.toISOString(),
  }));
}

export async function getTransactionById(db: DbOrTx, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.tenantId, tenantId), eq(transactions.id, id)));
  return row ?? null;
}
