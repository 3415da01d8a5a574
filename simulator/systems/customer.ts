import type { Pool } from "pg";
import { HttpError, problem } from "../http";

/** Throws 404 `not_found:customer` unless the customer exists in the tenant. */
export async function requireCustomer(pool: Pool, tenantId: string, customerId: string): Promise<void> {
  const { rowCount } = await pool.query("select 1 from customers where tenant_id = $1 and id = $2", [tenantId, customerId]);
  if (!rowCount) throw new HttpError(problem("not_found:customer", "no such customer"));
}
