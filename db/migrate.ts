import path from "node:path";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { Client, type Pool } from "pg";
import type { Db } from "./client";

export const CHECKPOINT_SCHEMA = "langgraph";

/** The advisory lock every migrating process takes first. */
const MIGRATION_LOCK = "bank-support-agent:migrations";

/**
 * The checkpointer's own tables, then the domain tables by drizzle-kit migrations. Neither takes a
 * lock of its own, so two processes migrating one database at once would both create the same
 * tables and one would fail: each waits for a Postgres advisory lock first, held on a connection
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
  } finally {
    await lock.end();
  }
}
