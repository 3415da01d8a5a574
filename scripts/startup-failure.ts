/**
 * What `npm start` prints when it cannot start: one line that says what failed and what to do,
 * never a stack trace. `stage` says what start-up was doing when the error came.
 */
export type Stage = "port" | "database" | "embedded" | "other";

type SystemError = Error & { code?: string; address?: string; port?: number; path?: string; syscall?: string };

const WRITE_ERRORS = ["EACCES", "EPERM", "EROFS", "ENOSPC", "ENOTDIR", "EEXIST"];

/** The first error in the `cause` chain that carries a code (drivers and ORMs wrap the system's error). */
function rootError(error: unknown): SystemError {
  let e = (error instanceof Error ? error : new Error(String(error))) as SystemError;
  for (let depth = 0; !e.code && e.cause instanceof Error && depth < 5; depth++) e = e.cause as SystemError;
  return e;
}

export function startupFailure(stage: Stage, error: unknown, context: { port?: number; dataDir?: string; databaseUrl?: string } = {}): string {
  const e = rootError(error);
  const code = e.code ?? "";
  if (stage === "port" || code === "EADDRINUSE") {
    return `port ${context.port ?? e.port ?? "?"} is taken (${code || firstLine(e.message)}): stop what listens there, or set PORT to a free port.`;
  }
  if (stage === "embedded") {
    const where = context.dataDir ?? e.path ?? "the data folder";
    if (WRITE_ERRORS.includes(code)) {
      return `the embedded Postgres cannot write its data folder ${where} (${code}): set EMBEDDED_PG_DIR to a writable folder, or fix its permissions; or set DATABASE_URL to use a Postgres server.`;
    }
    return `the embedded Postgres did not start (${firstLine(e.message) || code}): delete ${where} if an earlier start left it broken, or set DATABASE_URL to use a Postgres server.`;
  }
  if (stage === "database") {
    const target = hostOf(context.databaseUrl);
    if (["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH", "ECONNRESET"].includes(code)) {
      return `the database at ${target} cannot be reached (${code}): start it, or fix DATABASE_URL.`;
    }
    if (code === "28P01" || code === "28000") return `the database at ${target} refused the credentials in DATABASE_URL (${code}): fix the user or password.`;
    if (code === "3D000") return `the database named in DATABASE_URL does not exist on ${target} (${code}): create it, or fix DATABASE_URL.`;
    return `the database at ${target} failed during migration (${code || firstLine(e.message)}): check DATABASE_URL and that the user may create tables.`;
  }
  return `start-up failed (${code || firstLine(e.message)}): see the lines above, then run npm start again.`;
}

function firstLine(text: string): string {
  return text.split("\n")[0]!.slice(0, 200);
}

/** `host:port/database` of a connection string, without its credentials. */
function hostOf(url: string | undefined): string {
  if (!url) return "DATABASE_URL";
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return "DATABASE_URL (not a valid URL)";
  }
}
