import { openDatabase } from "../db/client";
import { startEmbeddedPostgres } from "../db/embedded";
import { migrateDatabase } from "../db/migrate";
import { bankSystemsEnv, startSimulator } from "../simulator/server";

/**
 * Integration tests run against a real Postgres (the server in DATABASE_URL, or a fresh
 * embedded one) and the real bank-systems simulator over HTTP.
 */
export default async function setup() {
  const embedded = process.env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres(".data/pg-test", { fresh: true });
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
