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
import { DeadlineError, inSeconds, within } from "./deadline";
import { sleep } from "./rng";

export const DATA_DIR = path.join(root, ".data");
/** A private copy of the production build, so a rebuild in the checkout cannot pull it away mid-campaign. */
const SNAPSHOT_DIR = path.join(DATA_DIR, "chaos-build");

/** `databaseUrl`: the application role's, for the apps; `ownerUrl` and `pool`: the owner's, for counting and fixtures. */
export type Stack = { databaseUrl: string; ownerUrl: string; pool: Pool; simulator: RunningSimulator; stop(): Promise<void> };

/**
 * A fresh database (migrated, demo data seeded) in `.data/<dataDir>` and the simulator on it.
 * `approvalWindowMs` sets demo-bank's approval window (its policy row, which the app reads);
 * `ledgerKeyWindowMs`, the simulated ledger's idempotency key window (unset keeps every key).
 */
export async function startStack(
  dataDir = "pg-chaos",
  { approvalWindowMs, ledgerKeyWindowMs }: { approvalWindowMs?: number; ledgerKeyWindowMs?: number } = {},
): Promise<Stack> {
  const pg = await startEmbeddedPostgres(path.join(DATA_DIR, dataDir), { fresh: true });
  // Bounds for the harness's own queries (counting, fixtures), so none waits forever on a lock or a full pool.
  const { db, pool } = openDatabase(pg.url, 6, { connectMs: 30_000, statementMs: 60_000 });
  await migrateDatabase(db, pool);
  await seedDemoData(db);
  if (approvalWindowMs !== undefined) {
    const bank = (await getTenant(db, DEMO_TENANT))!;
    const { autoApproveMaxMinor, operatorLimitMinor, fourEyesMinor } = bank;
    await setTenantPolicy(db, {
      tenantId: DEMO_TENANT,
      version: bank.version,
      policy: { autoApproveMaxMinor, operatorLimitMinor, fourEyesMinor, approvalWindowMs },
      actor: "chaos",
      now: new Date(),
      defaults: bank,
    });
  }
  const databaseUrl = appRoleUrl(pg.url, embeddedAppPassword(pg.dataDir));
  await admitAppRole(pool, databaseUrl);
  const simulator = await startSimulator({ port: 0, databaseUrl: pg.url, ledgerKeyWindowMs });
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
 * does), the standalone `server.js` the container image runs, or another command that serves
 * `/api/health` on `PORT` (a stand-in for the harness's own tests).
 */
export type AppServer = "snapshot" | "standalone" | { command: string; args: string[] };

/** How long one `/api/health` probe may take: the app's own check of the bank systems takes up to 2 s, more on a busy machine. */
const PROBE_MS = 10_000;
/** How long a SIGKILLed app may take to be gone. */
const EXIT_MS = 15_000;

/**
 * Whether the app is up, and a wait for that which the next start ends, whichever start it
 * is: a waiter never holds on to the promise of a start that failed.
 */
class Readiness {
  up = false;
  abandoned = false;
  private readonly waiters = new Set<() => void>();

  set(up: boolean): void {
    this.up = up;
    if (up) this.wake();
  }

  abandon(): void {
    this.abandoned = true;
    this.wake();
  }

  /** True once up, false if not within `timeoutMs` or abandoned. */
  wait(timeoutMs: number): Promise<boolean> {
    if (this.up) return Promise.resolve(true);
    if (this.abandoned) return Promise.resolve(false);
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve(this.up);
      };
      const timer = setTimeout(done, timeoutMs);
      this.waiters.add(done);
    });
  }

  private wake(): void {
    for (const done of [...this.waiters]) done();
  }
}

/** The app as a killable child; its output goes to `.data/<log>` (chaos-app.log). */
export class AppProcess {
  private child?: ChildProcess;
  private exited?: Promise<void>;
  private expectingExit = false;
  private readonly readiness = new Readiness();
  /** Starts and kills run one at a time, so a crash's restart and a planned kill never run two servers on one port. */
  private lifecycle: Promise<unknown> = Promise.resolve();
  /** Starts so far, named in the messages of a start that fails. */
  private starts = 0;
  onUnexpectedExit?: (code: number | null, signal: string | null) => void;

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
    readonly logFile = path.join(DATA_DIR, "chaos-app.log"),
    private readonly server: AppServer = "snapshot",
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get up(): boolean {
    return this.readiness.up;
  }

  /** An app on a free port; its log starts empty. */
  static async create(env: Record<string, string>, log = "chaos-app.log", server: AppServer = "snapshot"): Promise<AppProcess> {
    mkdirSync(DATA_DIR, { recursive: true });
    const logFile = path.join(DATA_DIR, log);
    writeFileSync(logFile, "");
    return new AppProcess(await freePort(), env, logFile, server);
  }

  private command(): [string, string[], Record<string, string>] {
    const port = { PORT: String(this.port) };
    if (this.server === "standalone") return [process.execPath, [path.join(STANDALONE_DIR, "server.js")], { ...port, HOSTNAME: "127.0.0.1" }];
    if (this.server === "snapshot") return [bin("next"), ["start", SNAPSHOT_DIR, "-p", String(this.port)], {}];
    return [this.server.command, this.server.args, port];
  }

  private serially<T>(step: () => Promise<T>): Promise<T> {
    const run = this.lifecycle.then(step, step);
    this.lifecycle = run.catch(() => undefined);
    return run;
  }

  /**
   * Starts the app and waits for `/api/health` 200; the milliseconds it took. `after` says
   * why it starts (`kill 78`), for the message when it does not come up within `timeoutMs`.
   */
  start(timeoutMs = 90_000, after?: string): Promise<number> {
    return this.serially(() => this.spawnAndWait(timeoutMs, after));
  }

  private async spawnAndWait(timeoutMs: number, after: string | undefined): Promise<number> {
    const started = Date.now();
    const which = `start ${++this.starts}${after ? `, after ${after}` : ""}`;
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
        const wasUp = this.readiness.up;
        this.readiness.set(false);
        if (wasUp && !this.expectingExit) this.onUnexpectedExit?.(code, signal);
        resolve();
      }),
    );
    let last = "none yet";
    let probing = 0;
    await within(
      timeoutMs,
      `app on :${this.port} did not answer /api/health with 200`,
      async (deadline) => {
        while (!deadline.aborted) {
          if (child.exitCode !== null || child.signalCode !== null) {
            throw new Error(`chaos: app on :${this.port} exited during ${which} (${child.exitCode ?? child.signalCode}); its log is ${this.logFile}`);
          }
          probing = Date.now();
          last = await this.probe(deadline);
          probing = 0;
          if (last === "200") return;
          await sleep(100);
        }
      },
      () => `${which}; last answer: ${last}${probing ? `, then none for ${inSeconds(Date.now() - probing)}` : ""}; its log is ${this.logFile}`,
    );
    this.readiness.set(true);
    return Date.now() - started;
  }

  /**
   * One `/api/health` request: "200", or what came instead. Its bound is a timer of its own,
   * which ends the probe even when an aborted fetch does not settle.
   */
  private async probe(deadline: AbortSignal): Promise<string> {
    try {
      return await within(PROBE_MS, "the probe", async (bound) => {
        const res = await fetch(`${this.url}/api/health`, { signal: AbortSignal.any([deadline, bound]) });
        const body = await res.text();
        return res.status === 200 ? "200" : `${res.status} ${body.slice(0, 300)}`;
      });
    } catch (error) {
      if (error instanceof DeadlineError) return `none within ${inSeconds(PROBE_MS)}`;
      return (error as Error & { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    }
  }

  /** SIGKILLs the app's process group and waits until it is gone. */
  kill(): Promise<void> {
    return this.serially(async () => {
      const child = this.child;
      if (!child?.pid) return;
      this.readiness.set(false);
      this.expectingExit = true;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        /* already gone */
      }
      await within(EXIT_MS, `app on :${this.port} (pid ${child.pid}) was not gone after SIGKILL`, () => this.exited!);
    });
  }

  /** No more restarts are coming: callers waiting for the app stop waiting. */
  abandon(): void {
    this.readiness.abandon();
  }

  /** True once the app is up, false if it is not within `timeoutMs` or was abandoned. */
  whenUp(timeoutMs: number): Promise<boolean> {
    return this.readiness.wait(timeoutMs);
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
