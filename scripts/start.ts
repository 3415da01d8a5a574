/**
 * `npm start`: Postgres (embedded unless DATABASE_URL is set), migrations, demo data, the
 * bank-systems simulator, a production build when the sources changed, then the app.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "../db/client";
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from "../db/embedded";
import { migrateDatabase } from "../db/migrate";
import { loadLegacyThread } from "../db/legacy-thread";
import { DEMO_TENANT, seedDemoData } from "../db/seed";
import { env } from "../env";
import { bankSystemsEnv } from "../simulator/server";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
const children: ChildProcess[] = [];
let embedded: EmbeddedDatabase | undefined;

function log(line: string) {
  console.log(`[start] ${line}`);
}

/** A fingerprint of everything `next build` compiles, so unchanged sources skip the build. */
function sourceStamp(): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(`${full}:${statSync(full).mtimeMs}:${statSync(full).size}\n`);
    }
  };
  for (const dir of ["app", "agent", "components", "db", "simulator"]) if (existsSync(path.join(root, dir))) walk(path.join(root, dir));
  for (const file of ["env.ts", "next.config.ts", "package.json", "postcss.config.mjs", "tsconfig.json"]) {
    const full = path.join(root, file);
    if (existsSync(full)) hash.update(`${file}:${statSync(full).mtimeMs}\n`);
  }
  return hash.digest("hex");
}

function buildIfNeeded() {
  const stampFile = path.join(root, ".next", "source-stamp");
  const stamp = sourceStamp();
  const built = existsSync(path.join(root, ".next", "BUILD_ID")) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp;
  if (built) return log("build is up to date");
  log("building the app (next build)");
  const result = spawnSync(bin("next"), ["build"], { cwd: root, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (result.status !== 0) throw new Error("next build failed");
  writeFileSync(stampFile, stamp);
}

/** SIGTERM to the app drains it (see app/_lib/jobs.ts); wait for it, within a bound. */
let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  const exits = children.filter((c) => c.exitCode === null).map((c) => new Promise((r) => c.once("exit", r)));
  for (const child of children) child.kill("SIGTERM");
  await Promise.race([Promise.all(exits), new Promise((r) => setTimeout(r, 15_000))]);
  await embedded?.stop().catch(() => {});
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

  buildIfNeeded();
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
