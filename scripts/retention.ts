/**
 * `npm run retention -- --dry-run` lists, per tenant, what the retention sweep would remove
 * now (threads and their checkpoints, writes, blobs and bytes; messages, node events and
 * sessions past their windows) and changes nothing. Without `--dry-run` it runs one sweep
 * now, whatever the app's own schedule (the sweep is safe to run twice). `--json` prints the
 * figures as JSON. The database is DATABASE_URL's; policies come from `retention_policies`
 * and the RETENTION_* settings.
 *
 * `npm run retention -- --set-policy --tenant T [--idle-days N] [--mode keep_latest|delete]
 * [--message-days N] [--node-event-days N] [--session-days N]` sets a tenant's policy (the
 * values not given are left as they are) and records it in the audit trail (actor `cli`).
 */
import { parseArgs } from "node:util";
import { defaultPolicy, sweepRetention, type TenantSweep } from "../app/_lib/retention";
import { openDatabase, type Db } from "../db/client";
import { recordAuditEvent } from "../db/queries/audit";
import { setPolicy, tenantPolicies, type PolicyChange } from "../db/queries/retention";
import { settingProblems } from "../env";
import { isId } from "../vocabulary/ids";
import { ownerDatabaseUrl } from "../db/app-role";

const USAGE =
  "usage: npm run retention -- [--dry-run] [--json]\n" +
  "       npm run retention -- --set-policy --tenant T [--idle-days N] [--mode keep_latest|delete] [--message-days N] [--node-event-days N] [--session-days N]";

/** An expected refusal: one line on stderr and the usage, no stack trace. */
class Refusal extends Error {}

const DAY_OPTIONS = { "idle-days": "idleDays", "message-days": "messageDays", "node-event-days": "nodeEventDays", "session-days": "sessionDays" } as const;

type Values = Record<string, string | boolean | undefined>;

function policyChange(values: Values): PolicyChange {
  const change: PolicyChange = {};
  for (const [flag, key] of Object.entries(DAY_OPTIONS)) {
    const raw = values[flag];
    if (raw === undefined) continue;
    const days = Number(raw);
    if (typeof raw !== "string" || raw.trim() === "" || !Number.isFinite(days) || days < 0 || days > 36_500)
      throw new Refusal(`--${flag} needs a number of days from 0 to 36500`);
    change[key] = days;
  }
  if (values.mode !== undefined) {
    if (values.mode !== "keep_latest" && values.mode !== "delete") throw new Refusal("--mode is keep_latest or delete");
    change.mode = values.mode;
  }
  if (Object.keys(change).length === 0)
    throw new Refusal("--set-policy needs at least one of --idle-days, --mode, --message-days, --node-event-days, --session-days");
  return change;
}

async function setTenantPolicy(db: Db, values: Values): Promise<void> {
  const tenantId = values.tenant;
  if (typeof tenantId !== "string" || !isId(tenantId)) throw new Refusal("--set-policy needs --tenant with the bank's tenant id");
  const change = policyChange(values);
  const known = await tenantPolicies(db, defaultPolicy());
  if (!known.has(tenantId)) throw new Refusal(`no tenant ${tenantId} in this database`);
  await setPolicy(db, tenantId, change);
  await recordAuditEvent(db, { tenantId, actor: "cli", action: "retention.policy_set", subjectType: "tenant", subjectId: tenantId, data: change });
  const policy = (await tenantPolicies(db, defaultPolicy())).get(tenantId)!;
  console.log(
    `${tenantId}: idle ${policy.idleDays} d, ${policy.mode}; messages ${policy.messageDays} d, node events ${policy.nodeEventDays} d, sessions ${policy.sessionDays} d`,
  );
}
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
  let values: Values;
  try {
    ({ values } = parseArgs({
      options: {
        "dry-run": { type: "boolean" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
        "set-policy": { type: "boolean" },
        tenant: { type: "string" },
        mode: { type: "string" },
        "idle-days": { type: "string" },
        "message-days": { type: "string" },
        "node-event-days": { type: "string" },
        "session-days": { type: "string" },
      },
      strict: true,
    }));
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
  const url = ownerDatabaseUrl(process.env);
  if (!url) {
    console.error("[retention] DATABASE_URL is required: the Postgres server to sweep (the app sweeps its embedded one itself).");
    return 1;
  }
  const { db, pool } = openDatabase(url, 2);
  try {
    if (values["set-policy"]) {
      await setTenantPolicy(db, values);
      return 0;
    }
    const dryRun = values["dry-run"] === true;
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
    if (error instanceof Refusal) {
      console.error(`[retention] ${error.message}\n${USAGE}`);
      process.exit(2);
    }
    console.error(`[retention] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
