import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { customers, sessions, tenants, users } from "../schema";

/**
 * Account administration for `npm run user:create`. Usernames are unique across tenants (people
 * sign in with the username alone), so the look-up by username is not scoped to one.
 */
export async function findUserByUsername(db: DbOrTx, username: string) {
  const [row] = await db.select({ id: users.id, tenantId: users.tenantId, role: users.role }).from(users).where(eq(users.username, username));
  return row ?? null;
}

/** The bank's user with this user name, or null when the bank has none (another bank's is not found). */
export async function findTenantUserByUsername(db: DbOrTx, tenantId: string, username: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.username, username)));
  return row ?? null;
}

/** The tenant a customer belongs to, or null when the bank has no such customer. */
export async function findCustomerTenant(db: DbOrTx, customerId: string): Promise<string | null> {
  const [row] = await db.select({ tenantId: customers.tenantId }).from(customers).where(eq(customers.id, customerId));
  return row?.tenantId ?? null;
}

/** Every tenant that has a policy row, customers or users, for a command that was not told which one. */
export async function listTenants(db: DbOrTx): Promise<string[]> {
  const { rows } = await db.execute<{ tenant_id: string }>(
    sql`select id as tenant_id from ${tenants} union select tenant_id from ${customers} union select tenant_id from ${users} order by 1`,
  );
  return rows.map((r) => r.tenant_id);
}

export type NewUser = typeof users.$inferInsert;

export async function insertUser(db: DbOrTx, user: NewUser): Promise<void> {
  await db.insert(users).values(user);
}

export async function setPasswordHash(db: DbOrTx, tenantId: string, userId: string, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}

/** Ends every session of the user; returns how many there were. */
export async function endUserSessions(db: DbOrTx, tenantId: string, userId: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(sql`${sessions.userId} = ${userId} and exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.tenantId} = ${tenantId})`)
    .returning({ id: sessions.id });
  return ended.length;
}
