import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { Pool, type Client } from "pg";
import { env } from "../env";
import * as schema from "./schema";
import { failureFields, log } from "@/observability/log";

export type Db = NodePgDatabase<typeof schema>;
/** A database handle or an open transaction: every query takes one. */
export type DbOrTx = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

type Handles = { pool: Pool; db: Db };

const globalForDb = globalThis as unknown as { __bankDb?: Handles };

/** How long the pool waits for a connection, keeps an idle one, and lets a statement run; unset: pg's defaults (no bound, idle 10 s). */
export type PoolTimeouts = { connectMs?: number; idleMs?: number; statementMs?: number };

/** Opens a pool and its drizzle handle; tests and scripts own what they open. */
export function openDatabase(url: string, max = 10, timeouts: PoolTimeouts = {}): Handles {
  const pool = new Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: timeouts.connectMs,
    idleTimeoutMillis: timeouts.idleMs,
    statement_timeout: timeouts.statementMs,
  });
  pool.on("error", (error) => log().error({ event: "db.pool_error", ...failureFields(error) }));
  return { pool, db: drizzle(pool, { schema }) };
}

/** A drizzle handle on one dedicated connection (a liveness or LISTEN connection), for queries that must run on it. */
export function onConnection(client: Client): Db {
  return drizzle(client, { schema });
}

/** What pg-pool and pg say when no connection could be had within the connection timeout. */
const CONNECT_TIMEOUTS = ["timeout exceeded when trying to connect", "Connection terminated due to connection timeout"];

/**
 * Whether `error` (or what caused it: drizzle wraps the driver's errors) is the pool giving
 * up on a connection: the database is unreachable or every connection is busy.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (CONNECT_TIMEOUTS.includes(e.message)) return true;
  }
  return false;
}

/** The app's single pool, shared by drizzle and the LangGraph checkpointer. */
export function database(): Handles {
  if (!globalForDb.__bankDb) {
    const e = env();
    const url = e.DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set; start the app with `npm start`.");
    globalForDb.__bankDb = openDatabase(url, e.DB_POOL_MAX, { connectMs: e.DB_CONNECT_TIMEOUT_MS, idleMs: e.DB_IDLE_TIMEOUT_MS, statementMs: e.DB_STATEMENT_TIMEOUT_MS });
  }
  return globalForDb.__bankDb;
}
