import type { Client } from "pg";

/**
 * Session-level statements, each on one dedicated connection rather than the pool: an
 * advisory lock lives as long as the connection that took it, and a LISTEN hears only on
 * the connection that issued it.
 */

/** Waits for the advisory lock named `key` and holds it until the connection closes. */
export async function holdAdvisoryLock(client: Client, key: string): Promise<void> {
  await client.query("select pg_advisory_lock(hashtext($1))", [key]);
}

/** Whether nobody holds the advisory lock named `key`: taken for a moment to find out, then let go. */
export async function advisoryLockIsFree(client: Client, key: string): Promise<boolean> {
  const { rows } = await client.query<{ free: boolean }>("select pg_try_advisory_lock(hashtext($1)) as free", [key]);
  if (!rows[0]?.free) return false;
  await client.query("select pg_advisory_unlock(hashtext($1))", [key]);
  return true;
}

/** Hears every NOTIFY on `channel` on this connection from now on. */
export async function listenOn(client: Client, channel: string): Promise<void> {
  await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
}
