/**
 * `npm run keys:rotate [-- --dry-run] [-- --batch 200]`: re-encrypts every stored checkpoint
 * value, task write and node-event body that is not under ENCRYPTION_WRITE_KEY (values
 * stored in clear included; empty ones stay in clear), in small batches, while the app runs.
 * Give ENCRYPTION_KEYS the new key and the old ones, the new one as ENCRYPTION_WRITE_KEY,
 * deploy that to every instance, run this, then drop the old keys. `--dry-run` only counts what is under each key.
 * It works across every tenant's rows, so it connects as the database's owner, like db:migrate.
 */
import { parseArgs } from "node:util";
import { keyRingFromEnv } from "../agent/encryption";
import { rotateKeys, type TableCounts } from "../agent/encryption/rotate";
import { openDatabase } from "../db/client";
import { env } from "../env";
import { bypassesRowSecurity, ownerDatabaseUrl } from "../db/app-role";

function describe(counts: TableCounts): string[] {
  return Object.entries(counts).map(([table, byKey]) => {
    const said: Record<string, string> = { clear: "in clear", empty: 'empty (null, "", [] or {}), in clear' };
    const parts = Object.entries(byKey).map(([key, n]) => `${n} ${said[key] ?? `under key "${key}"`}`);
    return `  ${table}: ${parts.length > 0 ? parts.join(", ") : "none"}`;
  });
}

async function main() {
  const { values } = parseArgs({ options: { "dry-run": { type: "boolean", default: false }, batch: { type: "string", default: "200" } } });
  const batchSize = Number(values.batch);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000)
    throw new Error(`--batch must be a whole number from 1 to 10000 (it is ${values.batch})`);
  const config = env();
  const url = ownerDatabaseUrl(process.env);
  if (!url)
    throw new Error("DATABASE_URL is not set: point it (or DATABASE_OWNER_URL) at the database to rotate (npm start prints the embedded one's address)");
  const ring = keyRingFromEnv(config);
  const { pool } = openDatabase(url, 2);
  try {
    if (!(await bypassesRowSecurity(pool))) {
      throw new Error(
        "the database role signs in as one that row-level security limits to one tenant's rows (the app's role): run keys:rotate as the database's owner (DATABASE_OWNER_URL), as db:migrate runs",
      );
    }
    const report = await rotateKeys(pool, ring, { dryRun: values["dry-run"], batchSize });
    console.log(`[keys:rotate] write key "${report.writeKeyId}"; read keys ${[...ring.keys.keys()].map((k) => `"${k}"`).join(", ")}`);
    console.log(`[keys:rotate] stored values before:`);
    for (const line of describe(report.before)) console.log(line);
    if (!report.after) {
      console.log("[keys:rotate] dry run: nothing rewritten");
      return;
    }
    for (const r of report.rotated) {
      console.log(
        `[keys:rotate] ${r.table}: ${r.rewritten} re-encrypted${r.changedMeanwhile ? `, ${r.changedMeanwhile} changed by the app meanwhile and left as it wrote them` : ""}`,
      );
    }
    console.log(`[keys:rotate] stored values after:`);
    for (const line of describe(report.after)) console.log(line);
  } finally {
    await pool.end();
  }
}

main().catch((error: unknown) => {
  console.error(`[keys:rotate] ${(error as Error).message}`);
  process.exit(1);
});
