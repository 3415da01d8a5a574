/**
 * `npm run release:shadow -- --candidate <revision> --since 7d [--bank T] [--until <time>]
 * [--limit N] [--systems recorded|live] [--out FILE]`, run in the candidate's checkout with
 * its settings: replays each bank's customer turns of the window through the candidate in the
 * incident sandbox (the recorded bank answers, a dry-run ledger and cards system, the model's
 * recorded reading where the candidate would ask the same model with the same prompts) and
 * reports, per intent and overall, the outcomes and replies that changed and the candidate's
 * rates of clarifying questions, hand-overs and fallbacks against production's. The report is
 * written as JSON (`--out`, one file per bank) and kept for the bank's supervisors and auditors
 * (the Releases page); nothing else in the database changes. `--candidate` names the revision
 * this checkout runs as (the command prints it), so a report never claims another one.
 * Reads DATABASE_URL, or the embedded Postgres that `npm start` uses.
 */
import { writeFileSync } from "node:fs";
import { userInfo } from "node:os";
import { parseArgs } from "node:util";
import { createAgent, type ShadowReport } from "../agent";
import { ownerDatabaseUrl } from "../db/app-role";
import { openDatabase } from "../db/client";
import { existingDatabase } from "../db/embedded";
import { migrateDatabase } from "../db/migrate";
import { saveShadowReport } from "../db/queries/shadow-reports";
import { listTenantIds } from "../db/queries/tenant-ids";
import { env, settingProblems } from "../env";
import { logToStderr } from "../observability/log";
import { isId } from "../vocabulary/ids";

const USAGE =
  "usage: npm run release:shadow -- --candidate <revision> --since <7d|24h|90m|ISO time> [--until <ISO time>] [--bank <tenant id>]\n" +
  "                                  [--limit N] [--systems recorded|live] [--out FILE]";

/** An expected refusal: one line on stderr and the usage, no stack trace. */
class Refusal extends Error {}

const UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };
/** Longest window a replay covers: what the node events and checkpoints are kept for at most. */
const MAX_WINDOW_DAYS = 90;

/** `7d`, `24h`, `90m` before `now`, or an ISO time. */
export function timeOf(raw: string, now: Date, flag: string): Date {
  const ago = /^(\d{1,4})([mhd])$/.exec(raw);
  const at = ago ? new Date(now.getTime() - Number(ago[1]) * UNITS[ago[2]!]!) : new Date(raw);
  if (Number.isNaN(at.getTime())) throw new Refusal(`${flag} needs a span back from now (7d, 24h, 90m) or an ISO time, not "${raw}"`);
  return at;
}

function summary(tenantId: string, r: ShadowReport, file: string | null): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const row = (name: string, f: ShadowReport["overall"]) =>
    `  ${name.padEnd(14)} ${String(f.turns).padStart(6)} ${String(f.outcomesChanged).padStart(8)} ${String(f.changed.reply).padStart(8)}` +
    `   clarify ${pct(f.production.clarifying)} -> ${pct(f.candidate.clarifying)}` +
    `   handover ${pct(f.production.handover)} -> ${pct(f.candidate.handover)}` +
    `   fallback ${pct(f.production.fallback)} -> ${pct(f.candidate.fallback)}`;
  return [
    `${tenantId}: ${r.overall.turns} turn(s) from ${r.window.since} to ${r.window.until} replayed through ${r.candidate.id}` +
      (r.turnsInWindow > r.overall.turns + r.failed.length ? ` (the newest of ${r.turnsInWindow})` : ""),
    `  production ran as ${
      Object.entries(r.production)
        .map(([id, n]) => `${id} (${n})`)
        .join(", ") || "-"
    }; ` + `understood: ${r.understanding.recorded} recorded, ${r.understanding.candidate} by the candidate; replies compared ${r.replies.compared}`,
    `  ${"intent".padEnd(14)} ${"turns".padStart(6)} ${"outcome".padStart(8)} ${"reply".padStart(8)}`,
    ...Object.entries(r.byIntent).map(([intent, f]) => row(intent, f)),
    row("overall", r.overall),
    ...(r.failed.length > 0 ? [`  ${r.failed.length} turn(s) could not be replayed (listed in the report)`] : []),
    ...(r.missingSystemAnswers > 0 ? [`  ${r.missingSystemAnswers} check(s) had no recorded answer and ran degraded (--systems live asks the systems)`] : []),
    ...(file ? [`  report: ${file}`] : []),
  ].join("\n");
}

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        candidate: { type: "string" },
        since: { type: "string" },
        until: { type: "string" },
        bank: { type: "string" },
        limit: { type: "string" },
        systems: { type: "string" },
        out: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    }));
  } catch (error) {
    throw new Refusal((error as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const now = new Date();
  if (!values.since) throw new Refusal("--since is required: how far back to replay (7d, 24h, 90m) or an ISO time");
  const since = timeOf(values.since, now, "--since");
  const until = values.until ? timeOf(values.until, now, "--until") : now;
  if (since >= until) throw new Refusal("--since must be before --until");
  if (until.getTime() - since.getTime() > MAX_WINDOW_DAYS * UNITS.d!) throw new Refusal(`a window covers at most ${MAX_WINDOW_DAYS} days`);
  const limit = values.limit === undefined ? 5000 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100_000) throw new Refusal("--limit is a number of turns from 1 to 100000");
  const systems = values.systems ?? "recorded";
  if (systems !== "recorded" && systems !== "live") throw new Refusal("--systems is recorded or live");
  if (values.bank !== undefined && !isId(values.bank)) throw new Refusal("--bank needs the bank's tenant id");
  const problems = settingProblems();
  if (problems.length > 0) {
    for (const p of problems) console.error(`[release:shadow] ${p.setting}: ${p.message}`);
    return 1;
  }
  const config = env();
  const found = await existingDatabase(ownerDatabaseUrl(process.env), config.EMBEDDED_PG_DIR);
  if (!found)
    throw new Refusal(`no database to replay: set DATABASE_URL, or start the app once (npm start) to create the embedded one in ${config.EMBEDDED_PG_DIR}`);
  const { db, pool } = openDatabase(found.url, 3);
  const agent = createAgent({ db, pool });
  try {
    if (values.candidate !== undefined && values.candidate !== agent.revision.id)
      throw new Refusal(
        `this checkout runs as ${agent.revision.id}, not ${values.candidate}: run the command in the candidate's checkout, with its settings (the language model's above all)`,
      );
    await migrateDatabase(db, pool);
    const banks = values.bank ? [values.bank] : await listTenantIds(db);
    if (values.bank && !(await listTenantIds(db)).includes(values.bank)) throw new Refusal(`no bank ${values.bank} in this database`);
    for (const tenantId of banks) {
      const report = await agent.releases.shadow(tenantId, { since, until, limit, systems });
      const file = values.out ? (banks.length > 1 ? values.out.replace(/(\.json)?$/, `-${tenantId}.json`) : values.out) : null;
      if (file) writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
      await saveShadowReport(db, {
        tenantId,
        candidateRevisionId: report.candidate.id,
        since,
        until,
        turns: report.overall.turns,
        outcomesChanged: report.overall.outcomesChanged,
        ranBy: userInfo().username,
        report,
      });
      console.log(summary(tenantId, report, file));
    }
    return 0;
  } finally {
    await agent.close();
    await pool.end();
    await found.embedded?.stop();
  }
}

// The report is this command's standard output; its logs go to standard error.
logToStderr();
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof Refusal) {
      console.error(`[release:shadow] ${error.message}\n${USAGE}`);
      process.exit(2);
    }
    console.error(`[release:shadow] ${(error as Error).message}`);
    process.exit(1);
  },
);
