import type { DbOrTx } from "../client";
import { operatorNotifications } from "../schema";

/** Notifies operators of an interrupt once, however often the gate that raised it re-runs. */
export async function notifyOperatorsOnce(db: DbOrTx, input: { tenantId: string; approvalId: string; interruptId: string }) {
  const inserted = await db.insert(operatorNotifications).values(input).onConflictDoNothing().returning();
  return inserted.length > 0;
}
