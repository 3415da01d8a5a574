import type { Pool } from "pg";
import { isDemoMode } from "../env";
import type { Db } from "./client";
import { loadLegacyThread } from "./legacy-thread";
import { migrateDatabase } from "./migrate";
import { DEMO_TENANT, seedDemoData } from "./seed";

/**
 * What `npm start` does to the database before the app starts: the migrations always, the demo
 * users, transactions and old conversation in demo mode only. Says whether demo data was written.
 */
export async function prepareDatabase(db: Db, pool: Pool): Promise<{ demoData: boolean }> {
  await migrateDatabase(db, pool);
  if (!isDemoMode()) return { demoData: false };
  await seedDemoData(db);
  await loadLegacyThread(db, DEMO_TENANT, "cust-alice");
  return { demoData: true };
}
