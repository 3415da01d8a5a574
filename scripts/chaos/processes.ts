/**
 * The campaign's processes: one embedded Postgres, the bank-systems simulator (in this
 * process), and the app as a child process that can be SIGKILLed and started again.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Pool } from "pg";
import { openDatabase } from "../../db/client";
import { freePort, startEmbeddedPostgres } from "../../db/embedded";
import { admitAppRole, appRoleUrl, embeddedAppPassword } from "../../db/app-role";
import { migrateDatabase } from "../../db/migrate";
import { getTenant, setTenantPolicy } from "../../db/queries/tenants";
import { DEMO_TENANT, seedDemoData } from "../../db/seed";
import { startSimulator, type RunningSimulator } from "../../simulator/server";
import { bin, root, STANDALONE_DIR, stopAll } from "../build";
import { sleep } from "./rng";

export const DATA_DIR = path.join(root, ".data");
/** A private copy of the production build, so a rebuild in the checkout cannot pull it away mid-campaign. */
const SNAPSHOT_DIR = path.join(DATA_DIR, "chaos-build");

/** `databaseUrl`: the application role's, for the apps; `ownerUrl` and `pool`: the owner's, for counting and fixtures. */
export type Stack = { databaseUrl: string; ownerUrl: string; pool: Pool; simulator: RunningSimulator; stop(): Promise<void> };

/**
 * A fresh database (migrated, demo data seeded) in `.data/<dataDir>` and the simulator on it.
 * `approvalWindowMs` sets demo-bank's approval window (its policy row, which the app reads).
 */
export async function startStack(dataDir = "pg-chaos", { approvalWindowMs }: { approvalWindowMs?: number } = {}): Promise<Stack> {
  const pg = await startEmbeddedPostgres(path.join(DATA_DIR, dataDir), { fresh: true });
  const { db, pool } = openDatabase(pg.url, 6);
  await migrateDatabase(db, pool);
  await seedDemoData(db);
  if (approvalWindowMs !== undefined) {
    const bank = (await getTenant(db, DEMO_TENANT))!;
    const { autoApproveMaxMinor, operatorLimitMinor, fourEyesMinor } = bank;
    await setTenantPolicy(db, { tenantId: DEMO_TENANT, version: bank.version, policy: { autoApproveMaxMinor, operatorLimitMinor, fourEyesMinor, approvalWindowMs }, actor: "chaos", now: new Date(), defaults: bank });
  }
  const databaseUrl = appRoleUrl(pg.url, embeddedAppPassword(pg.dataDir));
  await admitAppRole(pool, databaseUrl);
  const simulator = await startSimulator({ port: 0, databaseUrl: pg.url });
  return {
    databaseUrl,
    ownerUrl: pg.url,
    pool,
    simulator,
    stop: () =>
      stopAll([
        ["the simulator", () => simulator.close()],
        ["the pool", () => pool.end()],
        ["Postgres", () => pg.stop()],
      ]),
  };
}

/** Copies `.next` (without its cache) to a private project directory the app is started from. */
export function snapshotBuild(): string {
  const buildId = () => readFileSync(path.join(root, ".next", "BUILD_ID"), "utf8");
  for (let attempt = 1; attempt <= 3; attempt++) {
    const before = buildId();
    rmSync(SNAPSHOT_DIR, { recursive: true, force: true });
    mkdirSync(SNAPSHOT_DIR, { recursive: true });
    cpSync(path.join(root, ".next"), path.join(SNAPSHOT_DIR, ".next"), {
      recursive: true,
      verbatimSymlinks: true,
      filter: (source) => !/[\\/]\.next[\\/](cache|dev|standalone)$/.test(source),
    });
    const copied = path.join(SNAPSHOT_DIR, ".next", "BUILD_ID");
    if (existsSync(copied) && readFileSync(copied, "utf8") === before && buildId() === before) {
      for (const name of ["node_modules", "package.json", "next.config.ts", "tsconfig.json"]) symlinkSync(path.join(root, name), path.join(SNAPSHOT_DIR, name));
      return before;
    }
  }
  throw new Error("the production build kept changing while it was copied");
}

/**
 * How an app process serves the build: `next start` on the private snapshot (as `npm start`
 * does), or the standalone `server.js` the container image runs.
 */
export type AppServer = "snapshot" | "standalone";

/** The app as a killable child; its output goes to `.data/<log>` (chaos-app.log). */
export class AppProcess {
  private child?: ChildProcess;
  private exited?: Promise<void>;
  private expectingExit = false;
  private markUp!: () => void;
  private ready: Promise<void>;
  private abandoned = false;
  private markAbandoned!: () => void;
  private readonly abandonment = new Promise<void>((resolve) => (this.markAbandoned = resolve));
  up = false;
  onUnexpectedExit?: (code: number | null, signal: string | null) => void;

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
    readonly logFile = path.join(DATA_DIR, "chaos-app.log"),
    private readonly server: AppServer = "snapshot",
  ) {
    this.ready = new Promise((resolve) => (this.markUp = resolve));
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** An app on a free port; its log starts empty. */
  static async create(env: Record<string, string>, log = "chaos-app.log", server: AppServer = "snapshot"): Promise<AppProcess> {
    mkdirSync(DATA_DIR, { recursive: true });
    const logFile = path.join(DATA_DIR, log);
    writeFileSync(logFile, "");
    return new AppProcess(await freePort(), env, logFile, server);
  }

  private command(): [string, string[], Record<string, string>] {
    if (this.server === "standalone") return [process.execPath, [path.join(STANDALONE_DIR, "server.js")], { PORT: String(this.port), HOSTNAME: "127.0.0.1" }];
    return [bin("next"), ["start", SNAPSHOT_DIR, "-p", String(this.port)], {}];
  }

  /** Starts the app and waits for `/api/health` 200; the milliseconds it took. */
  async start(timeoutMs = 90_000): Promise<number> {
    const started = Date.now();
    const out = openSync(this.logFile, "a");
    this.expectingExit = false;
    const [command, args, serverEnv] = this.command();
    const child = spawn(command, args, {
      cwd: root,
      detached: true,
      stdio: ["ignore", out, out],
      env: { ...process.env, ...this.env, ...serverEnv, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    });
    closeSync(out);
    this.child = child;
    this.exited = new Promise((resolve) =>
      child.once("exit", (code, signal) => {
        const wasUp = this.up;
        this.up = false;
        if (wasUp && !this.expectingExit) this.onUnexpectedExit?.(code, signal);
        resolve();
      }),
    );
    while (Date.now() - started < timeoutMs) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the app exited during start (${child.exitCode ?? child.signalCode})`);
      if (await this.healthy()) {
        this.up = true;
        this.markUp();
        return Date.now() - started;
      }
      await sleep(100);
    }
    throw new Error(`the app was not healthy within ${timeoutMs} ms`);
  }

  private async healthy(): Promise<boolean> {
    try {
      const res = await fetch(`${this.url}/api/health`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      return res.status === 200;
    } catch {
      return false;
    }
  }

  /** SIGKILLs the app's process group and waits until it is gone. */
  async kill(): Promise<void> {
    if (!this.child?.pid) return;
    this.up = false;
    this.ready = new Promise((resolve) => (this.markUp = resolve));
    this.expectingExit = true;
    try {
      process.kill(-this.child.pid, "SIGKILL");
    } catch {
      /* already gone */
    }
    await this.exited;
  }

  /** No more restarts are coming: callers waiting for the app stop waiting. */
  abandon(): void {
    this.abandoned = true;
    this.markAbandoned();
  }

  /** True once the app is up, false if it is not within `timeoutMs` or was abandoned. */
  async whenUp(timeoutMs: number): Promise<boolean> {
    if (this.up) return true;
    if (this.abandoned) return false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
    const result = await Promise.race([this.ready.then(() => true), this.abandonment.then(() => false), timeout]);
    clearTimeout(timer);
    return result;
  }

  /** Synchronous last-resort cleanup for process exit. */
  killNow(): void {
    if (!this.child?.pid || this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.expectingExit = true;
    try {
      process.kill(-this.child.pid, "SIGKILL");
    } catch {
      /* already gone */
    }
  }
}
