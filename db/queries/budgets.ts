import { lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { requestBudgets } from "../schema";

/** One budget's window for one subject; `tenantId` null for a client address. */
export type BudgetWindow = { tenantId: string | null; budget: string; subject: string; windowStart: Date; windowEnd: Date };

/**
 * Uses one request of the window's budget, unless `limit` are used already: returns how many
 * are used with this one, or null when the window is full. One statement: concurrent requests
 * on every instance wait for each other's increment, so no more than `limit` ever get through.
 * A refused request uses nothing.
 */
export async function spendBudget(db: DbOrTx, window: BudgetWindow, limit: number): Promise<number | null> {
  const { rows } = await db.execute<{ used: number }>(sql`
    insert into ${requestBudgets} (tenant_id, budget, subject, window_start, window_end, used)
    values (${window.tenantId}, ${window.budget}, ${window.subject}, ${window.windowStart}, ${window.windowEnd}, 1)
    on conflict (tenant_id, budget, subject, window_start)
    do update set used = ${requestBudgets}.used + 1
    where ${requestBudgets}.used < ${limit}
    returning used`);
  return rows[0] ? Number(rows[0].used) : null;
}

/** Deletes the windows that closed before `before` (the acting tenant's, or with none, the addresses'); returns how many. */
export async function deleteClosedBudgets(db: DbOrTx, before: Date): Promise<number> {
  const deleted = await db.delete(requestBudgets).where(lt(requestBudgets.windowEnd, before)).returning({ budget: requestBudgets.budget });
  return deleted.length;
}
