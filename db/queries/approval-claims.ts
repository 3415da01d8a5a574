import { and, eq, gte, isNull, lt, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { approvals } from "../schema";
import type { ApprovalRow } from "./approvals";

/**
 * Claims a pending approval for `actor` until now + ttl: when unclaimed, when the claim
 * has lapsed, when it is the actor's own (a renewal), or on a supervisor's take-over.
 * Null when someone else holds a live claim.
 */
export async function claimApproval(
  db: DbOrTx,
  input: { tenantId: string; approvalId: string; actor: string; now: Date; ttlMs: number; takeover: boolean },
): Promise<ApprovalRow | null> {
  const free = or(isNull(approvals.claimedBy), eq(approvals.claimedBy, input.actor), lt(approvals.claimExpiresAt, input.now));
  const [row] = await db
    .update(approvals)
    .set({ claimedBy: input.actor, claimExpiresAt: new Date(input.now.getTime() + input.ttlMs), updatedAt: sql`now()` })
    .where(and(eq(approvals.tenantId, input.tenantId), eq(approvals.id, input.approvalId), eq(approvals.status, "pending"), input.takeover ? undefined : free))
    .returning();
  return row ?? null;
}

/** Releases a live claim held by `actor`, or any claim when `anyHolder` (supervisors). */
export async function releaseClaim(
  db: DbOrTx,
  input: { tenantId: string; approvalId: string; actor: string; anyHolder: boolean; now: Date },
): Promise<ApprovalRow | null> {
  const [row] = await db
    .update(approvals)
    .set({ claimedBy: null, claimExpiresAt: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(approvals.tenantId, input.tenantId),
        eq(approvals.id, input.approvalId),
        input.anyHolder ? undefined : and(eq(approvals.claimedBy, input.actor), gte(approvals.claimExpiresAt, input.now)),
      ),
    )
    .returning();
  return row ?? null;
}

/** Whether someone other than `actor` holds a live claim. */
export function claimedByOther(row: Pick<ApprovalRow, "claimedBy" | "claimExpiresAt">, actor: string, now: Date): boolean {
  return !!row.claimedBy && row.claimedBy !== actor && !!row.claimExpiresAt && row.claimExpiresAt >= now;
}
