import { and, eq, lt, or } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { sessions, users } from "../schema";

/*
 * Sessions are found by the hash of their token, before any tenant is known: the session
 * names the tenant (through its user), so these queries take no tenant.
 */

export async function insertSession(
  db: DbOrTx,
  input: { id: string; userId: string; role: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values({ id: input.id, userId: input.userId, role: input.role, createdAt: input.now, lastSeenAt: input.now, expiresAt: input.expiresAt });
}

/** A session and its user, or null when no such session exists. */
export async function findSession(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      sessionRole: sessions.role,
      user: {
        id: users.id,
        tenantId: users.tenantId,
        username: users.username,
        displayName: users.displayName,
        role: users.role,
        customerId: users.customerId,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id));
  return row ?? null;
}

/** Records activity, but only when the last record is older than `staleBefore`: one write a minute, not one per request. */
export async function touchSession(db: DbOrTx, id: string, now: Date, staleBefore: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(and(eq(sessions.id, id), lt(sessions.lastSeenAt, staleBefore)));
}

export async function deleteSession(db: DbOrTx, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** The role a user has now, for sign-in; null when there is no such user. */
export async function userRole(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row?.role ?? null;
}

/** Deletes sessions past their absolute end or idle for longer than the idle lifetime; returns how many. */
export async function deleteEndedSessions(db: DbOrTx, now: Date, idleMs: number): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - idleMs))))
    .returning({ id: sessions.id });
  return ended.length;
}
