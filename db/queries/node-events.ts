import { and, asc, eq, gte, lt } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { nodeEvents } from "../schema";

export async function recordNodeEvent(db: DbOrTx, event: typeof nodeEvents.$inferInsert): Promise<void> {
  await db.insert(nodeEvents).values(event);
}

export async function listNodeEventsByThread(db: DbOrTx, tenantId: string, threadId: string) {
  return db
    .select()
    .from(nodeEvents)
    .where(and(eq(nodeEvents.tenantId, tenantId), eq(nodeEvents.threadId, threadId)))
    .orderBy(asc(nodeEvents.id));
}

/** A conversation's calls that succeeded between `from` (inclusive) and `to` (exclusive), either end open when absent. */
export async function listSucceededNodeEvents(db: DbOrTx, tenantId: string, threadId: string, window: { from?: Date; to?: Date }) {
  return db
    .select()
    .from(nodeEvents)
    .where(
      and(
        eq(nodeEvents.tenantId, tenantId),
        eq(nodeEvents.threadId, threadId),
        eq(nodeEvents.outcome, "ok"),
        window.from ? gte(nodeEvents.at, window.from) : undefined,
        window.to ? lt(nodeEvents.at, window.to) : undefined,
      ),
    )
    .orderBy(asc(nodeEvents.id));
}
