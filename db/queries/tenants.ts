import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { tenants } from "../schema";

export type TenantRow = typeof tenants.$inferSelect;

/** The policy's figures a supervisor edits, all in minor units but the window. */
export type TenantPolicyValues = Pick<TenantRow, "autoApproveMaxMinor" | "operatorLimitMinor" | "fourEyesMinor" | "approvalWindowMs">;

/** The policy's figures of a row that carries them (a tenant's, a proposed change's). */
export function policyValuesOf(row: TenantPolicyValues): TenantPolicyValues {
  return {
    autoApproveMaxMinor: row.autoApproveMaxMinor,
    operatorLimitMinor: row.operatorLimitMinor,
    fourEyesMinor: row.fourEyesMinor,
    approvalWindowMs: row.approvalWindowMs,
  };
}

/** Postgres channel on which a change to a tenant's policy is announced, so every instance forgets what it cached. */
export const TENANT_POLICY_CHANNEL = "tenant_policy_changed";

/** Announces on TENANT_POLICY_CHANNEL; inside a transaction it is sent when the transaction commits. */
export async function notifyTenantPolicyChange(db: DbOrTx, tenantId: string): Promise<void> {
  await db.execute(sql`select pg_notify(${TENANT_POLICY_CHANNEL}, ${tenantId})`);
}

/** The tenant's row with its policy; null when the tenant has none (it follows the settings). */
export async function getTenant(db: DbOrTx, tenantId: string): Promise<TenantRow | null> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId));
  return row ?? null;
}

/** Writes a tenant's row unless it has one already (the existing row is left as it is). */
export async function insertTenantIfMissing(db: DbOrTx, row: Omit<TenantRow, "version" | "updatedAt" | "agentRevisionId" | "canaryThresholds">): Promise<void> {
  await db.insert(tenants).values(row).onConflictDoNothing({ target: tenants.id });
  await notifyTenantPolicyChange(db, row.id);
}

/**
 * Sets the tenant's policy if it is still at `version` (a compare-and-set); version 0 means the
 * tenant has no row yet and writes it, with `defaults` for its name and currency. Returns the row
 * as it is now, or null when another change came first. Every instance hears of the change.
 */
export async function setTenantPolicy(
  db: DbOrTx,
  input: { tenantId: string; version: number; policy: TenantPolicyValues; actor: string; now: Date; defaults: { name: string; currency: string } },
): Promise<TenantRow | null> {
  const [row] =
    input.version === 0
      ? await db
          .insert(tenants)
          .values({ id: input.tenantId, ...input.defaults, ...input.policy, updatedAt: input.now, updatedBy: input.actor })
          .onConflictDoNothing({ target: tenants.id })
          .returning()
      : await db
          .update(tenants)
          .set({ ...input.policy, version: sql`${tenants.version} + 1`, updatedAt: input.now, updatedBy: input.actor })
          .where(and(eq(tenants.id, input.tenantId), eq(tenants.version, input.version)))
          .returning();
  if (row) await notifyTenantPolicyChange(db, input.tenantId);
  return row ?? null;
}
