import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { customers, handovers } from "../schema";

export type HandoverRow = typeof handovers.$inferSelect;
export type HandoverStatus = HandoverRow["status"];
export type HandoverReason = HandoverRow["reason"];

/** Postgres channel on which every change to a handover is announced, for the consoles of every instance. */
export const HANDOVER_CHANNEL = "handover_events";

/** Announces a change on HANDOVER_CHANNEL; inside a transaction it is sent when the transaction commits. */
export async function notifyHandoverChange(db: DbOrTx, row: HandoverRow): Promise<void> {
  const payload = { handoverId: row.id, tenantId: row.tenantId, status: row.status, version: row.version };
  await db.execute(sql`select pg_notify(${HANDOVER_CHANNEL}, ${JSON.stringify(payload)})`);
}

/**
 * Opens a handover for the thread; null when the thread already has an open one (the
 * partial unique index decides, so two requests at once open one).
 */
export async function insertHandover(
  db: DbOrTx,
  input: { tenantId: string; threadId: string; customerId: string; summary: string; reason: HandoverReason; category?: string | null; createdAt?: Date },
): Promise<HandoverRow | null> {
  const [row] = await db
    .insert(handovers)
    .values({ id: randomUUID(), ...input, category: input.category ?? null, ...(input.createdAt ? { createdAt: input.createdAt } : {}) })
    .onConflictDoNothing({ target: [handovers.tenantId, handovers.threadId], where: sql`${handovers.status} = 'open'` })
    .returning();
  return row ?? null;
}

export async function getOpenHandoverByThread(db: DbOrTx, tenantId: string, threadId: string): Promise<HandoverRow | null> {
  const [row] = await db
    .select()
    .from(handovers)
    .where(and(eq(handovers.tenantId, tenantId), eq(handovers.threadId, threadId), eq(handovers.status, "open")));
  return row ?? null;
}

/** The thread's most recent handover, whatever its status; null when it never had one. */
export async function getLatestHandoverByThread(db: DbOrTx, tenantId: string, threadId: string): Promise<HandoverRow | null> {
  const [row] = await db
    .select()
    .from(handovers)
    .where(and(eq(handovers.tenantId, tenantId), eq(handovers.threadId, threadId)))
    .orderBy(desc(handovers.createdAt), desc(handovers.id))
    .limit(1);
  return row ?? null;
}

/** One handover with the customer's name; null for an unknown id or another tenant's. */
export async function getHandoverById(db: DbOrTx, tenantId: string, id: string): Promise<(HandoverRow & { customerName: string }) | null> {
  const [row] = await db
    .select({ handover: handovers, customerName: customers.name })
    .from(handovers)
    .innerJoin(customers, eq(customers.id, handovers.customerId))
    .where(and(eq(handovers.tenantId, tenantId), eq(handovers.id, id)));
  return row ? { ...row.handover, customerName: row.customerName } : null;
}

/**
 * The tenant's handovers in one status (or all), with customers' names: open ones oldest
 * first (the longest waiting on top), the others newest first. At most `limit`.
 */
export async function listHandovers(db: DbOrTx, tenantId: string, status: HandoverStatus | "all", limit = 100) {
  const rows = await db
    .select({ handover: handovers, customerName: customers.name })
    .from(handovers)
    .innerJoin(customers, eq(customers.id, handovers.customerId))
    .where(and(eq(handovers.tenantId, tenantId), status === "all" ? undefined : eq(handovers.status, status)))
    .orderBy(...(status === "open" ? [asc(handovers.createdAt), asc(handovers.id)] : [desc(handovers.createdAt), desc(handovers.id)]))
    .limit(limit);
  return rows.map((r) => ({ ...r.handover, customerName: r.customerName }));
}

/** Records the answer to an open handover at the version the staff member saw; null when it moved on. */
export async function markHandoverAnswered(
  db: DbOrTx,
  input: { tenantId: string; handoverId: string; version: number; actor: string; answer: string },
): Promise<HandoverRow | null> {
  const [row] = await db
    .update(handovers)
    .set({ status: "answered", answeredBy: input.actor, answeredAt: sql`now()`, answer: input.answer, version: sql`${handovers.version} + 1` })
    .where(and(eq(handovers.tenantId, input.tenantId), eq(handovers.id, input.handoverId), eq(handovers.status, "open"), eq(handovers.version, input.version)))
    .returning();
  return row ?? null;
}

/** Closes an open handover without an answer, at the version the staff member saw; null when it moved on. */
export async function markHandoverClosed(
  db: DbOrTx,
  input: { tenantId: string; handoverId: string; version: number; actor: string },
): Promise<HandoverRow | null> {
  const [row] = await db
    .update(handovers)
    .set({ status: "closed", closedBy: input.actor, closedAt: sql`now()`, version: sql`${handovers.version} + 1` })
    .where(and(eq(handovers.tenantId, input.tenantId), eq(handovers.id, input.handoverId), eq(handovers.status, "open"), eq(handovers.version, input.version)))
    .returning();
  return row ?? null;
}
