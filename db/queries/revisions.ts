import { asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { agentRevisions } from "../schema";

export type RevisionRow = typeof agentRevisions.$inferSelect;

/**
 * Records a revision the first time it runs here, numbered after the last one; a revision
 * already known keeps its number. Instances starting together number their revisions one at a
 * time (a transaction-scoped advisory lock), so no two revisions share a number.
 */
export async function registerRevision(db: DbOrTx, revision: { id: string; components: object }): Promise<RevisionRow> {
  return db.transaction(async (tx) => {
    const [known] = await tx.select().from(agentRevisions).where(eq(agentRevisions.id, revision.id));
    if (known) return known;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('agent_revisions'))`);
    const [row] = await tx
      .insert(agentRevisions)
      .values({ id: revision.id, components: revision.components, number: sql`(select coalesce(max(${agentRevisions.number}), 0) + 1 from ${agentRevisions})` })
      .onConflictDoNothing({ target: agentRevisions.id })
      .returning();
    return row ?? (await tx.select().from(agentRevisions).where(eq(agentRevisions.id, revision.id)))[0]!;
  });
}

/** Every revision that has run here, oldest first. */
export async function listRevisions(db: DbOrTx): Promise<RevisionRow[]> {
  return db.select().from(agentRevisions).orderBy(asc(agentRevisions.number));
}
