/**
 * `npm run release-check`: before releasing a new graph, list every paused thread and
 * fail when one waits in a node the current graph no longer has (it could never resume), or
 * when a conversation's state does not fit the state this revision reads.
 * `-- --describe` prints what this revision reads (its state's schema, nodes and the gate's
 * interrupt payload) as JSON; `-- --candidate FILE` checks every conversation against what a
 * candidate revision reads, given as that JSON (run `--describe` in the candidate's checkout),
 * and fails naming each thread and field it could not read.
 * Reads DATABASE_URL, or the embedded Postgres that `npm start` uses.
 */
import { sql } from "drizzle-orm";
import { readFileSync } from "node:fs";
import { NODES } from "../agent/graph/graph";
import { stateContract, type StateContract } from "../agent/graph/state-schema";
import { pausedThread, unreadable, type PausedThread } from "../agent/runtime/release-check";
import { processRevision } from "../agent/runtime/revision";
import { createCheckpointer } from "../agent/runtime/checkpointer";
import { openDatabase } from "../db/client";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../db/embedded";
import { CHECKPOINT_SCHEMA, migrateDatabase } from "../db/migrate";
import { env } from "../env";
import { logToStderr } from "../observability/log";
import { ownerDatabaseUrl } from "../db/app-role";

// The report is this command's standard output; its logs go to standard error.
logToStderr();

/** The contract the check holds conversations to: the candidate's, from `--candidate FILE`, or this revision's own. */
function contractToCheck(args: string[]): { contract: StateContract; of: string } {
  const at = args.indexOf("--candidate");
  if (at < 0) return { contract: stateContract(NODES), of: `this revision (${processRevision(env()).id})` };
  const file = args[at + 1];
  if (!file) throw new Error("--candidate needs the file a candidate's `npm run release-check -- --describe` wrote");
  const contract = JSON.parse(readFileSync(file, "utf8")) as StateContract & { revision?: string };
  if (!Array.isArray(contract.nodes) || !Array.isArray(contract.channels) || !contract.state || !contract.interrupt)
    throw new Error(`${file} is not what \`npm run release-check -- --describe\` writes: it needs nodes, channels, state and interrupt`);
  return { contract, of: `the candidate ${contract.revision ?? file}` };
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes("--describe")) {
    console.log(JSON.stringify({ revision: processRevision(env()).id, ...stateContract(NODES) }, null, 2));
    return;
  }
  const { contract, of } = contractToCheck(args);
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
    const unread: { threadId: string; problems: string[] }[] = [];
    for (const { thread_id } of ids.rows) {
      const found = await pausedThread(checkpointer, thread_id);
      if (found) paused.push(found);
      const problems = await unreadable(checkpointer, thread_id, contract, found);
      if (problems.length > 0) unread.push({ threadId: thread_id, problems });
    }
    console.log(`${ids.rows.length} threads, ${paused.length} paused or cut off; checked against ${of}`);
    for (const p of paused) {
      const missing = p.waitingIn.filter((node) => node !== "__start__" && !contract.nodes.includes(node));
      const state = missing.length > 0 ? `CANNOT RESUME: ${missing.join(", ")} missing from the graph` : "resumable";
      console.log(`  ${p.threadId}  waiting in ${p.waitingIn.join(", ")}  (state v${p.schemaVersion ?? 0})  ${state}`);
    }
    for (const u of unread) console.log(`  ${u.threadId}  CANNOT BE READ:\n${u.problems.map((p) => `    - ${p}`).join("\n")}`);
    if (unread.length > 0) {
      console.log(`\nrelease check FAILED: ${unread.length} conversation(s) hold what ${of} cannot read (listed above).`);
      process.exitCode = 1;
    } else {
      console.log(`\nrelease check passed: ${of} can read and resume every conversation.`);
    }
  } finally {
    await pool.end();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`release check: ${(error as Error).message}`);
  process.exitCode = 2;
});
