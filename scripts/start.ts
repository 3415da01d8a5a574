/**
 * `npm start`: Postgres (embedded unless DATABASE_URL is set), migrations, demo data, the
 * bank-systems simulator, a production build when the sources changed, then the app.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { bin, buildIfStale, root, stopAll } from "./build";
import { openDatabase } from "../db/client";
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from "../db/embedded";
import { migrateDatabase } from "../db/migrate";
import { loadLegacyThread } from "../db/legacy-thread";
import { DEMO_TENANT, seedDemoData } from "../db/seed";
import { env } from "../env";
import { bankSystemsEnv } from "../simulator/server";

const children: ChildProcess[] = [];
let embedded: EmbeddedDatabase | undefined;

function log(line: string) {
  console.log(`[start] ${line}`);
}

/** SIGTERM to the app drains it (see app/_lib/jobs.ts); wait for it, within a bound. */
let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  const exits = children.filter((c) => c.exitCode === null).map((c) => new Promise((r) => c.once("exit", r)));
  for (const child of children) child.kill("SIGTERM");
  await Promise.race([Promise.all(exits), new Promise((r) => setTimeout(r, 15_000))]);
  await stopAll([["embedded Postgres", async () => embedded?.stop()]]);
  process.exit(code);
}

function waitForUrl(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const probe = () =>
      fetch(url)
        .then(() => resolve())
        .catch(() => (Date.now() > deadline ? reject(new Error(`${url} did not answer`)) : setTimeout(probe, 200)));
    probe();
  });
}

async function main() {
  process.on("SIGINT", () => void shutdown(0));
  process.on("SIGTERM", () => void shutdown(0));
  const config = env();
  const port = config.PORT;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    const dir = config.EMBEDDED_PG_DIR;
    embedded = await startEmbeddedPostgres(dir, { fresh: config.EMBEDDED_PG_FRESH === "1" });
    databaseUrl = embedded.url;
    log(`embedded Postgres at ${databaseUrl.replace(/:[^:@]+@/, ":***@")} (data in ${dir})`);
  }
  const { db, pool } = openDatabase(databaseUrl, 2);
  await migrateDatabase(db, pool);
  await seedDemoData(db);
  await loadLegacyThread(db, DEMO_TENANT, "cust-alice");
  await pool.end();
  log("database migrated and demo data seeded");

  const simulatorPort = config.SIMULATOR_PORT ?? (await freePort());
  const simulatorUrl = `http://127.0.0.1:${simulatorPort}`;
  const simulator = spawn(bin("tsx"), ["simulator/main.ts"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, DATABASE_URL: databaseUrl, SIMULATOR_PORT: String(simulatorPort) },
  });
  children.push(simulator);
  simulator.on("exit", (code) => {
    log(`simulator exited (${code})`);
    void shutdown(1);
  });
  await waitForUrl(`${simulatorUrl}/health`, 20_000);

  buildIfStale(log);
  const app = spawn(bin("next"), ["start", "-p", String(port)], {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_MANUAL_SIG_HANDLE: "true",
      DATABASE_URL: databaseUrl,
      ...bankSystemsEnv(simulatorUrl),
      ...Object.fromEntries(["LIMITS_URL", "HISTORY_URL", "ANTIFRAUD_URL", "LEDGER_URL"].flatMap((k) => (process.env[k] ? [[k, process.env[k]]] : []))),
    },
  });
  children.push(app);
  app.on("exit", (code) => void shutdown(code ?? 1));
  await waitForUrl(`http://127.0.0.1:${port}/api/health`, 60_000);
  log(`ready: http://localhost:${port} (simulator ${simulatorUrl})`);
}

main().catch((error) => {
  console.error(error);
  void shutdown(1);
});
