import { openDatabase } from "../db/client";
import { startEmbeddedPostgres } from "../db/embedded";
import { migrateDatabase } from "../db/migrate";
import { bankSystemsEnv, startSimulator } from "../simulator/server";

/**
 * What the integration tests run against: a real Postgres (the server in DATABASE_URL, or a
 * fresh embedded one in `dataDir`), migrated, and the real bank-systems simulator over HTTP.
 * Their addresses go into `process.env`; the result stops both. Scripts that drive the agent
 * the way the tests do (`npm run eval:conversations`) start the same with their own folder.
 */
export async function startTestSystems(dataDir = ".data/pg-test"): Promise<() => Promise<void>> {
  const embedded = process.env.DATABASE_URL ? undefined : await startEmbeddedPostgres(dataDir, { fresh: true });
  const databaseUrl = process.env.DATABASE_URL ?? embedded!.url;
  const { db, pool } = openDatabase(databaseUrl, 2);
  await migrateDatabase(db, pool);
  await pool.end();
  const simulator = await startSimulator({ port: 0, databaseUrl });
  const env = {
    DATABASE_URL: databaseUrl,
    SIMULATOR_URL: simulator.url,
    ...bankSystemsEnv(simulator.url),
  };
  Object.assign(process.env, env);
  return async () => {
    await simulator.close();
    await embedded?.stop();
  };
}

/** Vitest's global setup for the `int` project. */
export default function setup() {
  return startTestSystems();
}
