import { and, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { canaries, nodeEvents, tenants, turnOutcomes } from "../schema";

export type CanaryRow = typeof canaries.$inferSelect;
export type TurnOutcomeRow = typeof turnOutcomes.$inferInsert;

/** Postgres's code for a broken unique constraint: the bank already has a canary proposed or running. */
const UNIQUE_VIOLATION = "23505";

/** Records a supervisor's proposal; null when the bank already has a canary proposed or running. */
export async function proposeCanary(
  db: DbOrTx,
  input: Pick<
    CanaryRow,
    "id" | "tenantId" | "candidateRevisionId" | "currentRevisionId" | "sharePercent" | "durationMs" | "proposedBy" | "proposedAt" | "expiresAt"
  >,
): Promise<CanaryRow | null> {
  try {
    const [row] = await db.insert(canaries).values(input).returning();
    return row!;
  } catch (error) {
    if (
      (error as { code?: string; cause?: { code?: string } }).code === UNIQUE_VIOLATION ||
      (error as { cause?: { code?: string } }).cause?.code === UNIQUE_VIOLATION
    )
      return null;
    throw error;
  }
}

/** The bank's canary proposed or running, if any. */
export async function getOpenCanary(db: DbOrTx, tenantId: string): Promise<CanaryRow | null> {
  const [row] = await db
    .select()
    .from(canaries)
    .where(and(eq(canaries.tenantId, tenantId), inArray(canaries.status, ["proposed", "running"])));
  return row ?? null;
}

/** The bank's running canary, if any. */
export async function getRunningCanary(db: DbOrTx, tenantId: string): Promise<CanaryRow | null> {
  const [row] = await db
    .select()
    .from(canaries)
    .where(and(eq(canaries.tenantId, tenantId), eq(canaries.status, "running")));
  return row ?? null;
}

/** The bank's canaries, newest first. */
export async function listCanaries(db: DbOrTx, tenantId: string, limit = 10): Promise<CanaryRow[]> {
  return db.select().from(canaries).where(eq(canaries.tenantId, tenantId)).orderBy(desc(canaries.proposedAt)).limit(limit);
}

/** One canary, locked until the transaction ends so two answers to it take turns. */
export async function lockCanary(tx: DbOrTx, tenantId: string, id: string): Promise<CanaryRow | null> {
  const [row] = await tx
    .select()
    .from(canaries)
    .where(and(eq(canaries.tenantId, tenantId), eq(canaries.id, id)))
    .for("update");
  return row ?? null;
}

export async function updateCanary(db: DbOrTx, tenantId: string, id: string, set: Partial<CanaryRow>): Promise<CanaryRow> {
  const [row] = await db
    .update(canaries)
    .set(set)
    .where(and(eq(canaries.tenantId, tenantId), eq(canaries.id, id)))
    .returning();
  return row!;
}

/** The bank's own revision (a promoted candidate's) and its canary thresholds, as its row holds them. */
export async function getBankRevision(db: DbOrTx, tenantId: string): Promise<{ agentRevisionId: string | null; canaryThresholds: unknown }> {
  const [row] = await db
    .select({ agentRevisionId: tenants.agentRevisionId, canaryThresholds: tenants.canaryThresholds })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return row ?? { agentRevisionId: null, canaryThresholds: null };
}

export async function setBankRevision(db: DbOrTx, tenantId: string, agentRevisionId: string): Promise<void> {
  await db.update(tenants).set({ agentRevisionId }).where(eq(tenants.id, tenantId));
}

export async function setCanaryThresholds(db: DbOrTx, tenantId: string, thresholds: object | null): Promise<void> {
  await db.update(tenants).set({ canaryThresholds: thresholds }).where(eq(tenants.id, tenantId));
}

export async function recordTurnOutcome(db: DbOrTx, row: TurnOutcomeRow): Promise<void> {
  await db.insert(turnOutcomes).values(row);
}

/** The conversation's last recorded turn. */
export async function lastTurnOutcome(db: DbOrTx, tenantId: string, threadId: string) {
  const [row] = await db
    .select()
    .from(turnOutcomes)
    .where(and(eq(turnOutcomes.tenantId, tenantId), eq(turnOutcomes.threadId, threadId)))
    .orderBy(desc(turnOutcomes.id))
    .limit(1);
  return row ?? null;
}

/** Bank-system checks (not the language model, the ledger or a card change) whose every attempt failed. */
const CHECKS = ["limits", "history", "antifraud", "cards"];

/** What a revision's turns of the bank between `since` and `until` came to: counts, sums and the turn latency's 95th percentile. */
export async function revisionTurnFigures(db: DbOrTx, tenantId: string, revisionId: string, since: Date, until: Date) {
  const inWindow = and(eq(turnOutcomes.tenantId, tenantId), eq(turnOutcomes.revisionId, revisionId), gte(turnOutcomes.at, since), lt(turnOutcomes.at, until));
  const [turns] = await db
    .select({
      turns: sql<number>`count(*)::int`,
      fallbacks: sql<number>`count(*) filter (where ${turnOutcomes.fallback})::int`,
      clarifying: sql<number>`count(*) filter (where ${turnOutcomes.clarifying})::int`,
      handovers: sql<number>`count(*) filter (where ${turnOutcomes.handover})::int`,
      reasks: sql<number>`count(*) filter (where ${turnOutcomes.reask})::int`,
      claims: sql<number>`count(*) filter (where ${turnOutcomes.claim})::int`,
      autoApproved: sql<number>`count(*) filter (where ${turnOutcomes.autoApproved})::int`,
      latencyP95Ms: sql<number | null>`percentile_cont(0.95) within group (order by ${turnOutcomes.latencyMs})`,
    })
    .from(turnOutcomes)
    .where(inWindow);
  const [degraded] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(nodeEvents)
    .where(
      and(
        eq(nodeEvents.tenantId, tenantId),
        eq(nodeEvents.revisionId, revisionId),
        eq(nodeEvents.outcome, "degraded"),
        inArray(nodeEvents.system, CHECKS),
        gte(nodeEvents.at, since),
        lt(nodeEvents.at, until),
      ),
    );
  return { ...turns!, latencyP95Ms: turns!.latencyP95Ms === null ? null : Number(turns!.latencyP95Ms), degradedChecks: degraded!.n };
}
