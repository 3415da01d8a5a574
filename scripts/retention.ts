/**
 * `npm run retention -- --dry-run` lists, per tenant, what the retention sweep would remove
 * now (threads and their checkpoints, writes, blobs and bytes; messages, node events and
 * sessions past their windows) and changes nothing. Without `--dry-run` it runs one sweep
 * now, whatever the app's own schedule (the sweep is safe to run twice). `--json` prints the
 * figures as JSON. The database is DATABASE_URL's; policies come from `retention_policies`
 * and the RETENTION_* settings.
 */
import { parseArgs } from "node:util";
import { sweepRetention, type TenantSweep } from "../app/_lib/retention";
import { openDatabase } from "../db/client";
import { env, settingProblems } from "../env";

const USAGE = "usage: npm run retention -- [--dry-run] [--json]";
/** Threads listed per tenant in the text output. */
const SHOWN = 20;

function table(report: TenantSweep[], dryRun: boolean): string {
  const lines = [dryRun ? "Dry run: nothing was changed. The sweep would remove:" : "Removed:"];
  for (const s of report) {
    const p = s.policy;
    lines.push(
      `${s.tenantId} (idle ${p.idleDays} d, ${p.mode}; messages ${p.messageDays} d, node events ${p.nodeEventDays} d, sessions ${p.sessionDays} d)`,
      `  threads ${s.threads}, checkpoints ${s.checkpoints}, writes ${s.writes}, blobs ${s.blobs}, ${(s.bytes / 1024).toFixed(1)} KB`,
      `  messages ${s.messages}, node events ${s.nodeEvents}, sessions ${s.sessions}${s.skipped ? `; ${s.skipped} thread(s) became busy and were left alone` : ""}`,
      ...s.pruned.slice(0, SHOWN).map((t) => `    thread ${t.threadId}: ${t.checkpoints} checkpoint(s), ${(t.bytes / 1024).toFixed(1)} KB`),
      ...(s.pruned.length > SHOWN ? [`    ... and ${s.pruned.length - SHOWN} more thread(s) (--json lists all)`] : []),
    );
  }
  if (report.length === 0) lines.push("  (no tenants)");
  return lines.join("\n");
}

async function main(): Promise<number> {
  let values: { "dry-run"?: boolean; json?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({ options: { "dry-run": { type: "boolean" }, json: { type: "boolean" }, help: { type: "boolean", short: "h" } }, strict: true }));
  } catch (error) {
    console.error(`[retention] ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const problems = settingProblems();
  if (problems.length > 0) {
    for (const p of problems) console.error(`[retention] ${p.setting}: ${p.message}`);
    return 1;
  }
  const url = env().DATABASE_URL;
  if (!url) {
    console.error("[retention] DATABASE_URL is required: the Postgres server to sweep (the app sweeps its embedded one itself).");
    return 1;
  }
  const { db, pool } = openDatabase(url, 2);
  try {
    const dryRun = values["dry-run"] ?? false;
    const report = await sweepRetention(db, { now: new Date(), dryRun });
    console.log(values.json ? JSON.stringify({ dryRun, tenants: report }, null, 2) : table(report, dryRun));
    return 0;
  } finally {
    await pool.end();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[retention] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
