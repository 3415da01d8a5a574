import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { Pool, type Client, type PoolClient } from "pg";
import { env } from "../env";
import * as schema from "./schema";
import { failureFields, log } from "@/observability/log";
import { currentTenant } from "./tenant-context";

export type Db = NodePgDatabase<typeof schema>;
/** A database handle or an open transaction: every query takes one. */
export type DbOrTx = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

type Handles = { pool: Pool; db: Db };

const globalForDb = globalThis as unknown as { __bankDb?: Handles };

/** How long the pool waits for a connection, keeps an idle one, and lets a statement run; unset: pg's defaults (no bound, idle 10 s). */
export type PoolTimeouts = { connectMs?: number; idleMs?: number; statementMs?: number };

/** The tenant a pooled connection was last set to ("" for none). */
const SET_TO = Symbol("tenant the connection is set to");
type TenantClient = PoolClient & { [SET_TO]?: string };

/**
 * A pool whose connections act for the tenant of the work that checks them out
 * (`db/tenant-context.ts`): before the first statement of a checkout, a connection set to
 * another tenant (or none) is set to this one with `set_config('app.tenant_id', ...)`.
 * Row-level security reads that setting. A connection keeps it between checkouts, so a
 * deployment with one busy tenant pays nothing per statement; a transaction is one checkout,
 * so all of it acts for one tenant.
 */
export class TenantPool extends Pool {
  override connect(): Promise<PoolClient>;
  override connect(callback: (err: Error | undefined, client: PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(callback?: (err: Error | undefined, client: PoolClient | undefined, done: (release?: unknown) => void) => void): Promise<PoolClient> | void {
    const tenant = currentTenant() ?? "";
    const ready = super.connect().then(async (client: TenantClient) => {
      if (client[SET_TO] === tenant) return client;
      try {
        await client.query("select set_config('app.tenant_id', $1, false)", [tenant]);
      } catch (error) {
        client.release(error instanceof Error ? error : true);
        throw error;
      }
      client[SET_TO] = tenant;
      return client;
    });
    if (!callback) return ready;
    ready.then(
      (client) => callback(undefined, client, (release) => client.release(release as Error | boolean | undefined)),
      (error: Error) => callback(error, undefined, () => {}),
    );
  }
}

/** Opens a pool and its drizzle handle; tests and scripts own what they open. */
export function openDatabase(url: string, max = 10, timeouts: PoolTimeouts = {}): Handles {
  const pool = new TenantPool({
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
    globalForDb.__bankDb = openDatabase(url, e.DB_POOL_MAX, {
      connectMs: e.DB_CONNECT_TIMEOUT_MS,
      idleMs: e.DB_IDLE_TIMEOUT_MS,
      statementMs: e.DB_STATEMENT_TIMEOUT_MS,
    });
  }
  return globalForDb.__bankDb;
}
