import { openDatabase } from "../db/client";
import { startEmbeddedPostgres } from "../db/embedded";
import { admitAppRole, appRoleUrl, ownerDatabaseUrl } from "../db/app-role";
import { migrateDatabase } from "../db/migrate";

const TEST_APP_PASSWORD = "integration-tests-app-role";
import { bankSystemsEnv, startSimulator } from "../simulator/server";

/**
 * What the integration tests run against: a real Postgres (the server in DATABASE_URL, or a
 * fresh embedded one in `dataDir`), migrated, and the real bank-systems simulator over HTTP.
 * Their addresses go into `process.env`; the result stops both. Scripts that drive the agent
 * the way the tests do (`npm run eval:conversations`) start the same with their own folder.
 */
export async function startTestSystems(dataDir = ".data/pg-test"): Promise<() => Promise<void>> {
  const embedded = process.env.DATABASE_URL ? undefined : await startEmbeddedPostgres(dataDir, { fresh: true });
  const ownerUrl = ownerDatabaseUrl(process.env) ?? embedded!.url;
  // The app's code connects as the application role, as it does in production; fixtures as the owner.
  const databaseUrl = embedded ? appRoleUrl(ownerUrl, TEST_APP_PASSWORD) : process.env.DATABASE_URL!;
  const { db, pool } = openDatabase(ownerUrl, 2);
  await migrateDatabase(db, pool);
  await admitAppRole(pool, databaseUrl);
  await pool.end();
  const simulator = await startSimulator({ port: 0, databaseUrl: ownerUrl });
  const env = {
    DATABASE_URL: databaseUrl,
    DATABASE_OWNER_URL: ownerUrl,
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
