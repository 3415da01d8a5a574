/**
 * `npm start`: Postgres (embedded unless DATABASE_URL is set), migrations, in demo mode the demo
 * data and the bank-systems simulator, a production build when the sources changed, then the app.
 *
 * The mode comes from this command's own environment: NODE_ENV=production without DEMO_DATA=1
 * is production, which refuses to start without the bank's database, systems and https origin,
 * writes no demo data and runs no simulator. The app always runs NODE_ENV=production and is told
 * the chosen mode explicitly (DEMO_DATA=1 or 0), so it cannot guess differently.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { bin, buildIfStale, root, stopAll } from "./build";
import { openDatabase } from "../db/client";
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from "../db/embedded";
import { admitAppRole, appRoleUrl, embeddedAppPassword, ownerDatabaseUrl } from "../db/app-role";
import { prepareDatabase } from "../db/prepare";
import { developmentKeyFile, keyRingFromEnv } from "../agent/encryption";
import { env, isDemoMode, startupProblems, startupRefusal } from "../env";
import { bankSystemsEnv } from "../simulator/server";
import { startupFailure, type Stage } from "./startup-failure";

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

/** Ends start-up with one line that says what failed and what to do. */
function fail(stage: Stage, error: unknown): void {
  const config = env();
  console.error(
    `[start] ${startupFailure(stage, error, { port: config.PORT, dataDir: config.DATABASE_URL ? undefined : config.EMBEDDED_PG_DIR, databaseUrl: config.DATABASE_URL })}`,
  );
  void shutdown(1);
}

/** Resolves once nothing listens on `port` (the app listens on every interface); rejects with EADDRINUSE otherwise. */
function portIsFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(port, () => probe.close(() => resolve()));
  });
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

/** Runs the simulator as the bank systems (demo mode only); resolves to their settings for the app. */
async function startSimulator(databaseUrl: string): Promise<Record<string, string>> {
  const config = env();
  const simulatorPort = config.SIMULATOR_PORT ?? (await freePort());
  const simulatorUrl = `http://127.0.0.1:${simulatorPort}`;
  const simulator = spawn(bin("tsx"), ["simulator/main.ts"], {
    cwd: root,
    stdio: "inherit",
    // The simulator's spans are its own service's, whatever the app's is called.
    env: { ...process.env, DATABASE_URL: databaseUrl, SIMULATOR_PORT: String(simulatorPort), OTEL_SERVICE_NAME: "bank-simulator" },
  });
  children.push(simulator);
  simulator.on("exit", (code) => {
    log(`simulator exited (${code})`);
    void shutdown(1);
  });
  await waitForUrl(`${simulatorUrl}/health`, 20_000);
  log(`simulator at ${simulatorUrl}`);
  const given = BANK_SYSTEMS.flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : []));
  return { ...bankSystemsEnv(simulatorUrl), ...Object.fromEntries(given) };
}

const BANK_SYSTEMS = ["LIMITS_URL", "HISTORY_URL", "ANTIFRAUD_URL", "LEDGER_URL", "CARDS_URL"];

async function main() {
  const problems = startupProblems();
  if (problems.length > 0) {
    console.error(`[start] ${startupRefusal(problems)}`);
    process.exit(1);
  }
  process.on("SIGINT", () => void shutdown(0));
  process.on("SIGTERM", () => void shutdown(0));
  process.on("uncaughtException", (error) => fail("other", error));
  const config = env();
  const demo = isDemoMode(config);
  log(demo ? "demo mode: demo data and the simulator as the bank systems" : "production mode: no demo data, the bank systems from the environment");
  const port = config.PORT;
  if (
    !(await portIsFree(port).then(
      () => true,
      (error) => (fail("port", error), false),
    ))
  )
    return;
  // The owner migrates and seeds; the app connects as the application role (see db/app-role.ts).
  let ownerUrl = ownerDatabaseUrl(process.env);
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    const dir = config.EMBEDDED_PG_DIR;
    try {
      embedded = await startEmbeddedPostgres(dir, { fresh: config.EMBEDDED_PG_FRESH === "1" });
    } catch (error) {
      return fail("embedded", error);
    }
    ownerUrl = embedded.url;
    databaseUrl = appRoleUrl(embedded.url, embeddedAppPassword(embedded.dataDir));
    log(`embedded Postgres at ${embedded.url.replace(/:[^:@]+@/, ":***@")} (data in ${embedded.dataDir})`);
  }
  try {
    const keys = keyRingFromEnv(config);
    if (config.ENCRYPTION_AT_REST === "off") log("encryption at rest: OFF (ENCRYPTION_AT_REST=off): new values are stored in clear");
    else
      log(
        config.ENCRYPTION_KEYS
          ? `encryption at rest: key "${keys.writeKeyId}" writes, ${keys.keys.size} key(s) read`
          : `encryption at rest: the development key in ${developmentKeyFile(config)}`,
      );
  } catch (error) {
    return fail("other", error);
  }
  const { db, pool } = openDatabase(ownerUrl!, 2);
  let demoData: boolean;
  try {
    ({ demoData } = await prepareDatabase(db, pool));
    await admitAppRole(pool, databaseUrl);
  } catch (error) {
    return fail("database", error);
  } finally {
    await pool.end();
  }
  log(demoData ? "database migrated and demo data seeded" : "database migrated");

  // The simulator plays the bank's own systems, on their own tables: it connects as the owner.
  const bankSystems = demo ? await startSimulator(ownerUrl!) : {};

  buildIfStale(log);
  // The app is not told the owner's credentials.
  const { DATABASE_OWNER_URL: _owner, ...appEnv } = process.env;
  const app = spawn(bin("next"), ["start", "-p", String(port)], {
    cwd: root,
    stdio: "inherit",
    env: {
      ...appEnv,
      NODE_ENV: "production",
      DEMO_DATA: demo ? "1" : "0",
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_MANUAL_SIG_HANDLE: "true",
      DATABASE_URL: databaseUrl,
      ...bankSystems,
    },
  });
  children.push(app);
  app.on("exit", (code) => void shutdown(code ?? 1));
  await waitForUrl(`http://127.0.0.1:${port}/api/health`, 60_000);
  log(`ready: http://localhost:${port}`);
}

main().catch((error) => fail("other", error));
