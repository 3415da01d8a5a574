import path from "node:path";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { Pool } from "pg";
import type { Db } from "./client";

export const CHECKPOINT_SCHEMA = "langgraph";

/** Domain tables by drizzle-kit migrations, then the checkpointer's own tables. */
export async function migrateDatabase(db: Db, pool: Pool): Promise<void> {
  await migrate(db, { migrationsFolder: path.join(process.cwd(), "db/migrations") });
  await new PostgresSaver(pool, undefined, { schema: CHECKPOINT_SCHEMA }).setup();
}
