/**
 * `npm run release-check`: before releasing a new graph, list every paused thread and
 * fail when one waits in a node the current graph no longer has (it could never resume).
 * Reads DATABASE_URL, or the embedded Postgres that `npm start` uses.
 */
import { sql } from "drizzle-orm";
import { pausedThread, type PausedThread } from "../agent/runtime/release-check";
import { createCheckpointer } from "../agent/runtime/checkpointer";
import { openDatabase } from "../db/client";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../db/embedded";
import { CHECKPOINT_SCHEMA, migrateDatabase } from "../db/migrate";
import { env } from "../env";
import { logToStderr } from "../observability/log";
import { ownerDatabaseUrl } from "../db/app-role";

// The report is this command's standard output; its logs go to standard error.
logToStderr();

async function main() {
  const config = env();
  let embedded: EmbeddedDatabase | undefined;
  const url = ownerDatabaseUrl(process.env) ?? (embedded = await startEmbeddedPostgres(config.EMBEDDED_PG_DIR)).url;
  const { db, pool } = openDatabase(url, 2);
  try {
    await migrateDatabase(db, pool);
    const checkpointer = createCheckpointer(pool);
    const ids = await db.execute<{ thread_id: string }>(
      sql.raw(`select distinct thread_id from "${CHECKPOINT_SCHEMA}".checkpoints where checkpoint_ns = '' order by 1`),
    );
    const paused: PausedThread[] = [];
    for (const { thread_id } of ids.rows) {
      const found = await pausedThread(checkpointer, thread_id);
      if (found) paused.push(found);
    }
    console.log(`${ids.rows.length} threads, ${paused.length} paused or cut off`);
    for (const p of paused) {
      const state = p.missing.length > 0 ? `CANNOT RESUME: ${p.missing.join(", ")} missing from the graph` : "resumable";
      console.log(`  ${p.threadId}  waiting in ${p.waitingIn.join(", ")}  (state v${p.schemaVersion ?? 0})  ${state}`);
    }
    const broken = paused.filter((p) => p.missing.length > 0);
    if (broken.length > 0) {
      console.log(`\nrelease check FAILED: ${broken.length} paused thread(s) wait in nodes this graph does not have.`);
      process.exitCode = 1;
    } else {
      console.log("\nrelease check passed: every paused thread can resume on this graph.");
    }
  } finally {
    await pool.end();
    await embedded?.stop();
  }
}

void main();
