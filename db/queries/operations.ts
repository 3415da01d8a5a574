import { count, eq, min } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { approvals, messages } from "../schema";

/** Approvals waiting for a decision, per tenant, with when the oldest of them was opened. */
export async function pendingApprovalsByTenant(db: DbOrTx): Promise<{ tenantId: string; pending: number; oldestCreatedAt: Date | null }[]> {
  const rows = await db
    .select({ tenantId: approvals.tenantId, pending: count(), oldestCreatedAt: min(approvals.createdAt) })
    .from(approvals)
    .where(eq(approvals.status, "pending"))
    .groupBy(approvals.tenantId);
  return rows.map((r) => ({ tenantId: r.tenantId, pending: Number(r.pending), oldestCreatedAt: r.oldestCreatedAt ? new Date(r.oldestCreatedAt) : null }));
}

/** Customer messages waiting behind a busy run, per tenant. */
export async function queuedMessagesByTenant(db: DbOrTx): Promise<{ tenantId: string; queued: number }[]> {
  const rows = await db.select({ tenantId: messages.tenantId, queued: count() }).from(messages).where(eq(messages.queued, true)).groupBy(messages.tenantId);
  return rows.map((r) => ({ tenantId: r.tenantId, queued: Number(r.queued) }));
}
