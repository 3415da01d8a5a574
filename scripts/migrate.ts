/**
 * `npm run db:migrate`: what `npm start` does to the database before the app starts (the
 * migrations, and in demo mode the demo data), alone, then exits. A deployment runs it once per
 * release before starting the app's instances, which never migrate themselves; concurrent runs
 * wait for each other (see db/migrate.ts).
 */
import { openDatabase } from "../db/client";
import { admitAppRole, ownerDatabaseUrl } from "../db/app-role";
import { prepareDatabase } from "../db/prepare";
import { env, settingProblems, startupRefusal } from "../env";
import { startupFailure } from "./startup-failure";

async function main(): Promise<number> {
  const problems = settingProblems();
  if (problems.length > 0) {
    console.error(`[migrate] ${startupRefusal(problems)}`);
    return 1;
  }
  const url = ownerDatabaseUrl(process.env);
  if (!url) {
    console.error("[migrate] DATABASE_URL is required: set it to the Postgres server to migrate (npm start migrates the embedded one itself).");
    return 1;
  }
  const { db, pool } = openDatabase(url, 2);
  try {
    const { demoData } = await prepareDatabase(db, pool);
    if (env().DATABASE_URL) await admitAppRole(pool, env().DATABASE_URL!);
    console.log(`[migrate] database migrated${demoData ? " and demo data seeded" : ""}`);
    return 0;
  } catch (error) {
    console.error(`[migrate] ${startupFailure("database", error, { databaseUrl: url })}`);
    return 1;
  } finally {
    await pool.end();
  }
}

process.exitCode = await main();
