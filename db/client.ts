import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { Pool } from "pg";
import { env } from "../env";
import * as schema from "./schema";
import { failureFields, log } from "@/observability/log";

export type Db = NodePgDatabase<typeof schema>;
/** A database handle or an open transaction: every query takes one. */
export type DbOrTx = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

type Handles = { pool: Pool; db: Db };

const globalForDb = globalThis as unknown as { __bankDb?: Handles };

/** Opens a pool and its drizzle handle; tests and scripts own what they open. */
export function openDatabase(url: string, max = 10): Handles {
  const pool = new Pool({ connectionString: url, max });
  pool.on("error", (error) => log().error({ event: "db.pool_error", ...failureFields(error) }));
  return { pool, db: drizzle(pool, { schema }) };
}

/** The app's single pool, shared by drizzle and the LangGraph checkpointer. */
export function database(): Handles {
  if (!globalForDb.__bankDb) {
    const url = env().DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set; start the app with `npm start`.");
    globalForDb.__bankDb = openDatabase(url, 20);
  }
  return globalForDb.__bankDb;
}
