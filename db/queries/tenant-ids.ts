import { sql } from "drizzle-orm";
import type { DbOrTx } from "../client";

/**
 * Every tenant with customers, staff or conversations, for work done once per tenant (the
 * background jobs). Read through a database function, since row-level security shows a
 * connection only its own tenant's rows.
 */
export async function listTenantIds(db: DbOrTx): Promise<string[]> {
  const { rows } = await db.execute<{ app_tenant_ids: string }>(sql`select app_tenant_ids() order by 1`);
  return rows.map((r) => r.app_tenant_ids);
}
