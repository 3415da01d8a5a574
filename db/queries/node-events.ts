import { and, asc, eq } from "drizzle-orm";
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
