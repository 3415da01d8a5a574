import path from "node:path";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { Client, type Pool } from "pg";
import type { Db } from "./client";
import { installJobQueue } from "./job-queue";

export const CHECKPOINT_SCHEMA = "langgraph";

/**
 * The role the app connects as (created by the migrations): not a superuser, owner of no
 * table, so row-level security applies to everything it reads and writes. Migrations and the
 * demo seed run as the database's owner; the app never does.
 */
export const APP_ROLE = "bank_app";

/** The advisory lock every migrating process takes first. */
const MIGRATION_LOCK = "bank-support-agent:migrations";

/**
 * The checkpointer's own tables, then the domain tables by drizzle-kit migrations. Neither takes a
 * lock of its own, so two processes migrating one database at once would both create the same
 * tables and one would fail (the job queue's tables come last: they grant to the app role the
 * domain migrations create): each waits for a Postgres advisory lock first, held on a connection
 * of its own (the pool may be too small to spare one) and freed when that connection closes.
 */
export async function migrateDatabase(db: Db, pool: Pool): Promise<void> {
  const lock = new Client(pool.options);
  await lock.connect();
  try {
    await lock.query("select pg_advisory_lock(hashtext($1))", [MIGRATION_LOCK]);
    // The checkpointer's tables first: the domain migrations grant on them and protect them.
    await new PostgresSaver(pool, undefined, { schema: CHECKPOINT_SCHEMA }).setup();
    await migrate(db, { migrationsFolder: path.join(process.cwd(), "db/migrations") });
    await installJobQueue(pool, APP_ROLE);
  } finally {
    await lock.end();
  }
}
