import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { users } from "../schema";

/*
 * Sign-in happens before any tenant is known: user names are unique across tenants, and
 * the user found names the tenant. These queries take no tenant.
 */

/** The user signing in with `username`, with the stored password hash; null when unknown. */
export async function findUserForSignIn(db: DbOrTx, username: string) {
  const [row] = await db
    .select({ id: users.id, tenantId: users.tenantId, username: users.username, displayName: users.displayName, role: users.role, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.username, username));
  return row ?? null;
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
