import { and, eq, gt } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { tenantPolicyChanges } from "../schema";
import type { TenantPolicyValues } from "./tenants";

export type PolicyChangeRow = typeof tenantPolicyChanges.$inferSelect;

/**
 * Records a supervisor's proposal to loosen the bank's policy, replacing any proposal still
 * waiting (marked `superseded`): a bank has at most one pending change, the one both supervisors see.
 */
export async function proposePolicyChange(
  db: DbOrTx,
  input: { id: string; tenantId: string; baseVersion: number; policy: TenantPolicyValues; proposedBy: string; now: Date; expiresAt: Date },
): Promise<PolicyChangeRow> {
  await db
    .update(tenantPolicyChanges)
    .set({ status: "superseded", decidedBy: input.proposedBy, decidedAt: input.now })
    .where(and(eq(tenantPolicyChanges.tenantId, input.tenantId), eq(tenantPolicyChanges.status, "pending")));
  const [row] = await db
    .insert(tenantPolicyChanges)
    .values({
      id: input.id,
      tenantId: input.tenantId,
      baseVersion: input.baseVersion,
      ...input.policy,
      proposedBy: input.proposedBy,
      proposedAt: input.now,
      expiresAt: input.expiresAt,
    })
    .returning();
  return row!;
}

/** The bank's change waiting for a second supervisor, unless it has expired by `now`. */
export async function getPendingPolicyChange(db: DbOrTx, tenantId: string, now: Date): Promise<PolicyChangeRow | null> {
  const [row] = await db
    .select()
    .from(tenantPolicyChanges)
    .where(and(eq(tenantPolicyChanges.tenantId, tenantId), eq(tenantPolicyChanges.status, "pending"), gt(tenantPolicyChanges.expiresAt, now)));
  return row ?? null;
}

/** One proposal, locked until the transaction ends so two confirmations of it take turns. */
export async function lockPolicyChangeById(tx: DbOrTx, tenantId: string, id: string): Promise<PolicyChangeRow | null> {
  const [row] = await tx
    .select()
    .from(tenantPolicyChanges)
    .where(and(eq(tenantPolicyChanges.tenantId, tenantId), eq(tenantPolicyChanges.id, id)))
    .for("update");
  return row ?? null;
}

/** Ends a pending proposal (locked by `lockPolicyChangeById` in the same transaction) as `status`, by `actor`. */
export async function settlePolicyChange(
  db: DbOrTx,
  input: { tenantId: string; id: string; status: "confirmed" | "rejected" | "withdrawn" | "superseded"; actor: string; now: Date },
): Promise<void> {
  await db
    .update(tenantPolicyChanges)
    .set({ status: input.status, decidedBy: input.actor, decidedAt: input.now })
    .where(and(eq(tenantPolicyChanges.tenantId, input.tenantId), eq(tenantPolicyChanges.id, input.id), eq(tenantPolicyChanges.status, "pending")));
}
