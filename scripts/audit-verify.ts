/**
 * `npm run audit:verify [-- --tenant T]` recomputes every tenant's audit hash chain (or T's)
 * here, in Node, from the rows' content (db/audit-chain.ts), and prints for each tenant either
 * that its chain of N rows holds, with the head's seq and hash (keep those outside the
 * database: a chain rewritten from some row on no longer ends in the head you kept), or the
 * first row where it breaks: id, seq, time, action and what is wrong. Exits 1 when a chain
 * breaks (or T has no audit events), 2 on bad arguments.
 *
 * The database is DATABASE_URL's, else the embedded one in EMBEDDED_PG_DIR: the running app's
 * when `npm start` runs, otherwise started for the check and stopped after. It only reads,
 * and refuses a role that row-level security limits to one tenant (the app's): the tables'
 * owner sees every tenant's rows.
 */
import { parseArgs } from "node:util";
import { bypassesRowSecurity } from "../db/app-role";
import { chainFollower } from "../db/audit-chain";
import { openDatabase, type Db } from "../db/client";
import { existingDatabase, type EmbeddedDatabase } from "../db/embedded";
import { auditChainPage, listAuditTenants, type AuditChainRow } from "../db/queries/audit";
import { env, settingProblems } from "../env";
import { isId } from "../vocabulary/ids";
import { ownerDatabaseUrl } from "../db/app-role";

const USAGE = "usage: npm run audit:verify [-- --tenant T]";
/** Rows read per query: a long chain is walked page by page, never held whole. */
const PAGE = 5000;

/** An expected refusal: one line on stderr, no stack trace. */
class Refusal extends Error {}

type Verdict = { tenantId: string; rows: number; head: AuditChainRow | null; broken: { row: AuditChainRow; problem: string } | null };

async function verifyTenant(db: Db, tenantId: string): Promise<Verdict> {
  const follow = chainFollower();
  let rows = 0;
  let head: AuditChainRow | null = null;
  for (;;) {
    const page = await auditChainPage(db, tenantId, head && { seq: String(head.seq), id: head.id }, PAGE);
    for (const row of page) {
      const problem = follow(row);
      if (problem) return { tenantId, rows, head, broken: { row, problem } };
      rows++;
      head = row;
    }
    if (page.length < PAGE) return { tenantId, rows, head, broken: null };
  }
}

function report(v: Verdict): string {
  if (v.broken) {
    const { row, problem } = v.broken;
    return `${v.tenantId}: BROKEN at row id ${row.id} (seq ${row.seq}, ${row.at}, ${row.action}): ${problem}; the ${v.rows} row(s) before it hold`;
  }
  return `${v.tenantId}: the chain of ${v.rows} row(s) holds; head seq ${v.head!.seq}, hash ${v.head!.hash}`;
}

/** The database to read, and what to stop afterwards. */
async function database(): Promise<{ url: string; embedded?: EmbeddedDatabase }> {
  const dir = env().EMBEDDED_PG_DIR;
  const found = await existingDatabase(ownerDatabaseUrl(process.env), dir);
  if (!found) throw new Refusal(`no database to check: set DATABASE_URL, or start the app once (npm start) to create the embedded one in ${dir}`);
  return found;
}

/** Postgres's codes for a missing table or column: a database the migrations have not reached. */
const NOT_MIGRATED = new Set(["42P01", "42703"]);

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ options: { tenant: { type: "string" }, help: { type: "boolean", short: "h" } }, strict: true, allowPositionals: false }));
  } catch (error) {
    console.error(`[audit:verify] ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (values.tenant !== undefined && !isId(values.tenant)) {
    console.error(`[audit:verify] --tenant needs the bank's tenant id\n${USAGE}`);
    return 2;
  }
  const problems = settingProblems();
  if (problems.length > 0) {
    for (const p of problems) console.error(`[audit:verify] ${p.setting}: ${p.message}`);
    return 1;
  }
  const { url, embedded } = await database();
  const { db, pool } = openDatabase(url, 1);
  try {
    // A role under row-level security sees no tenant's rows here, and an empty trail would look intact.
    if (!(await bypassesRowSecurity(pool))) throw new Refusal("this role sees only one tenant's rows (row-level security): check with the tables' owner");
    const tenants = values.tenant ? [values.tenant] : await listAuditTenants(db);
    if (tenants.length === 0) {
      console.log("no audit events in this database");
      return 0;
    }
    let broken = false;
    for (const tenantId of tenants) {
      const verdict = await verifyTenant(db, tenantId);
      if (verdict.rows === 0 && !verdict.broken) {
        console.log(`${tenantId}: no audit events`);
        broken = true;
        continue;
      }
      (verdict.broken ? console.error : console.log)(report(verdict));
      broken ||= verdict.broken !== null;
    }
    return broken ? 1 : 0;
  } catch (error) {
    const code = (error as { code?: string }).code ?? ((error as Error).cause as { code?: string } | undefined)?.code;
    if (code && NOT_MIGRATED.has(code)) throw new Refusal("this database has no audit chain yet: migrate it first (npm run db:migrate, or npm start)");
    throw error;
  } finally {
    await pool.end();
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[audit:verify] ${error instanceof Refusal ? error.message : `failed: ${error instanceof Error ? error.message : String(error)}`}`);
    process.exit(1);
  },
);
