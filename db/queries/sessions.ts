import { and, eq, lt, or, sql } from "drizzle-orm";
import type { Role } from "../../vocabulary/roles";
import type { DbOrTx } from "../client";
import { sessions, users } from "../schema";

/*
 * Sessions are found by the hash of their token, before any tenant is known: the session
 * names the tenant (through its user), so these queries take no tenant. Row-level security
 * still scopes the writes: a session is its user's tenant's.
 */

/**
 * Every instance hears on this channel the id of each session that ends (the database's
 * triggers announce a deleted session row, and every session of a user whose role changed),
 * so the event streams it holds for that session close at once.
 */
export const SESSION_ENDED_CHANNEL = "session_ended";

export async function insertSession(db: DbOrTx, input: { id: string; userId: string; role: string; now: Date; expiresAt: Date }): Promise<void> {
  await db
    .insert(sessions)
    .values({ id: input.id, userId: input.userId, role: input.role, createdAt: input.now, lastSeenAt: input.now, expiresAt: input.expiresAt });
}

/**
 * A session and its user, or null when no such session exists. It is read before any tenant is
 * known, through the one database function that may (`auth_session`: one session, by its id).
 */
export async function findSession(db: DbOrTx, id: string) {
  const { rows } = await db.execute<{
    expires_at: string;
    last_seen_at: string;
    session_role: string | null;
    user_id: string;
    tenant_id: string;
    username: string;
    display_name: string;
    role: Role;
    customer_id: string | null;
  }>(sql`select * from auth_session(${id})`);
  const row = rows[0];
  if (!row) return null;
  return {
    expiresAt: new Date(row.expires_at),
    lastSeenAt: new Date(row.last_seen_at),
    sessionRole: row.session_role,
    user: { id: row.user_id, tenantId: row.tenant_id, username: row.username, displayName: row.display_name, role: row.role, customerId: row.customer_id },
  };
}

/** Records activity, but only when the last record is older than `staleBefore`: one write a minute, not one per request. */
export async function touchSession(db: DbOrTx, id: string, now: Date, staleBefore: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(and(eq(sessions.id, id), lt(sessions.lastSeenAt, staleBefore)));
}

export async function deleteSession(db: DbOrTx, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** The role a user has now, for sign-in; null when there is no such user. */
export async function userRole(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row?.role ?? null;
}

/** Deletes sessions past their absolute end, idle for longer than the idle lifetime, or opened for a role their user no longer has; returns how many. */
export async function deleteEndedSessions(db: DbOrTx, now: Date, idleMs: number): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, now),
        lt(sessions.lastSeenAt, new Date(now.getTime() - idleMs)),
        sql`${sessions.role} is distinct from (select ${users.role} from ${users} where ${users.id} = ${sessions.userId})`,
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}
