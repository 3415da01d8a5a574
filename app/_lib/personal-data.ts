import { createMasker, type Masker } from "@/agent/incidents/masking";
import type { Db } from "@/db/client";
import { listPersonalData } from "@/db/queries/personal-data";

/**
 * The masker for what staff see: every customer of the tenant, not only the one a
 * record is about, because people name others in free text. Built per request so a
 * customer added a second ago is masked too.
 */
export async function staffMasker(db: Db, tenantId: string): Promise<Masker> {
  return createMasker(await listPersonalData(db, tenantId));
}

/** A response body for staff with customers' names and card numbers masked. */
export async function maskedForStaff<T>(db: Db, tenantId: string, body: T): Promise<T> {
  return (await staffMasker(db, tenantId)).mask(body);
}
