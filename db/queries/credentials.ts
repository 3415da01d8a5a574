import { and, eq, sql } from "drizzle-orm";
import type { Role } from "../../vocabulary/roles";
import type { DbOrTx } from "../client";
import { users } from "../schema";

/*
 * Sign-in happens before any tenant is known: user names are unique across tenants, and
 * the user found names the tenant. These queries take no tenant.
 */

/**
 * The user signing in with `username`, with the stored password hash; null when unknown. Read
 * through the one database function that may look past the tenants (`auth_user_for_sign_in`).
 */
export async function findUserForSignIn(db: DbOrTx, username: string) {
  const { rows } = await db.execute<{ id: string; tenant_id: string; username: string; display_name: string; role: Role; password_hash: string }>(
    sql`select * from auth_user_for_sign_in(${username})`,
  );
  const row = rows[0];
  return row
    ? { id: row.id, tenantId: row.tenant_id, username: row.username, displayName: row.display_name, role: row.role, passwordHash: row.password_hash }
    : null;
}

/** Replaces a password hash unless it changed since it was read (a password change wins over an upgrade). */
export async function replacePasswordHash(db: DbOrTx, userId: string, previous: string, next: string): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ passwordHash: next })
    .where(and(eq(users.id, userId), eq(users.passwordHash, previous)))
    .returning({ id: users.id });
  return updated.length === 1;
}
