/**
 * `npm run user:create -- --role operator --username olga.petrova --display-name "Olga Petrova"`
 * creates a sign-in account; `--customer-id C` (customers only) links it to the bank's customer,
 * `--tenant T` names the bank when the database holds more than one, and
 * `--reset-password --username X` gives an existing account a new password and ends its sessions.
 *
 * The password is never an argument (shell history and `ps` would keep it): it is typed at the
 * prompt with echo off, or piped (`printf '%s\n' "$PW" | npm run user:create -- ...`). The
 * command migrates the database first, so accounts can exist before the app's first start, and
 * every change is in the audit trail with actor `cli`.
 */
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { userInfo } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase, type Db } from "../db/client";
import { embeddedDataDir, startEmbeddedPostgres, type EmbeddedDatabase } from "../db/embedded";
import { migrateDatabase } from "../db/migrate";
import { hashPassword } from "../db/password";
import { recordAuditEvent } from "../db/queries/audit";
import { endUserSessions, findCustomerTenant, findUserByUsername, insertUser, listTenants, setPasswordHash } from "../db/queries/user-accounts";
import { env, settingProblems, startupProblems } from "../env";
import { readNewPassword } from "./read-password";
import { ROLES, type Role } from "../vocabulary/roles";
import { USERNAME, USERNAME_RULE } from "../vocabulary/usernames";
import { ownerDatabaseUrl } from "../db/app-role";

/** Long enough that the login throttle makes guessing hopeless; people pick passphrases, not symbols. */
const MIN_PASSWORD_LENGTH = 12;
/** The longest password the login route accepts. */
const MAX_PASSWORD_LENGTH = 200;

const USAGE =
  'usage: npm run user:create -- --role customer|operator|supervisor|auditor|ops --username NAME --display-name "Full Name" [--customer-id ID] [--tenant T]\n' +
  "       npm run user:create -- --reset-password --username NAME\n" +
  "The password is read from the terminal (echo off) or from stdin when piped; never from the command line.";

/** An expected refusal: one line on stderr, no stack trace. */
class Refusal extends Error {}

type Request =
  { kind: "create"; role: Role; username: string; displayName: string; customerId: string | null; tenant: string | null } | { kind: "reset"; username: string };

function parseRequest(argv: string[]): Request {
  // parseArgs would say "unknown option"; say why instead, before anything else is read.
  if (argv.some((arg) => /^--?(p|pw|pass|password)(=|$)/i.test(arg))) {
    throw new Refusal("a password is never taken on the command line (shell history and ps keep it): type it at the prompt or pipe it on stdin");
  }
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        role: { type: "string" },
        username: { type: "string" },
        "display-name": { type: "string" },
        "customer-id": { type: "string" },
        tenant: { type: "string" },
        "reset-password": { type: "boolean" },
        help: { type: "boolean" },
      },
    }));
  } catch (error) {
    throw new Refusal(`${(error as Error).message.split("\n")[0]}\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const username = values.username?.trim() ?? "";
  if (!USERNAME.test(username)) throw new Refusal(`--username must be ${USERNAME_RULE}`);
  if (values["reset-password"]) {
    if (values.role || values["display-name"] || values["customer-id"] || values.tenant) {
      throw new Refusal("--reset-password changes the password only: pass just --username");
    }
    return { kind: "reset", username };
  }
  const role = values.role as Role | undefined;
  if (!role || !ROLES.includes(role)) throw new Refusal(`--role must be one of ${ROLES.join(", ")}`);
  const displayName = values["display-name"]?.trim() ?? "";
  if (displayName.length < 1 || displayName.length > 100)
    throw new Refusal('--display-name is required (up to 100 characters), e.g. --display-name "Olga Petrova"');
  const customerId = values["customer-id"]?.trim() || null;
  if (role === "customer" && !customerId) throw new Refusal("a customer account needs --customer-id: the bank's id of the customer it signs in as");
  if (role !== "customer" && customerId) throw new Refusal("--customer-id is for customer accounts only; staff see every customer of their bank");
  return { kind: "create", role, username, displayName, customerId, tenant: values.tenant?.trim() || null };
}

function checkPassword(password: string, username: string): string {
  if (password.length < MIN_PASSWORD_LENGTH) throw new Refusal(`the password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  if (password.length > MAX_PASSWORD_LENGTH) throw new Refusal(`the password must be at most ${MAX_PASSWORD_LENGTH} characters`);
  if (password.toLowerCase().includes(username.toLowerCase())) throw new Refusal("the password must not contain the username");
  return password;
}

/** The embedded Postgres is one process per data directory; taking it over would stop a running app's database. */
function refuseIfEmbeddedInUse(dataDir: string): void {
  const pidFile = path.join(embeddedDataDir(dataDir), "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, "utf8").split("\n")[0] ?? "", 10);
  try {
    process.kill(pid, 0);
  } catch {
    return;
  }
  throw new Refusal(`the embedded Postgres in ${dataDir} is in use (npm start is running): stop it first, or set DATABASE_URL`);
}

async function resolveTenant(db: Db, request: Extract<Request, { kind: "create" }>): Promise<string> {
  if (request.customerId) {
    const tenant = await findCustomerTenant(db, request.customerId);
    if (!tenant) throw new Refusal(`there is no customer ${request.customerId}: load the bank's customers first, or check the id`);
    if (request.tenant && request.tenant !== tenant) throw new Refusal(`customer ${request.customerId} belongs to tenant ${tenant}, not ${request.tenant}`);
    return tenant;
  }
  if (request.tenant) return request.tenant;
  const tenants = await listTenants(db);
  if (tenants.length === 1) return tenants[0]!;
  throw new Refusal(
    tenants.length === 0
      ? "the database has no tenant yet: pass --tenant with the bank's tenant id"
      : `the database has several tenants (${tenants.join(", ")}): pass --tenant`,
  );
}

async function apply(db: Db, request: Request, password: string): Promise<string> {
  const passwordHash = await hashPassword(password);
  const osUser = userInfo().username;
  if (request.kind === "reset") {
    return db.transaction(async (tx) => {
      const user = await findUserByUsername(tx, request.username);
      if (!user) throw new Refusal(`there is no user ${request.username}`);
      await setPasswordHash(tx, user.tenantId, user.id, passwordHash);
      const sessionsEnded = await endUserSessions(tx, user.tenantId, user.id);
      await recordAuditEvent(tx, {
        tenantId: user.tenantId,
        actor: "cli",
        action: "user.password_reset",
        subjectType: "user",
        subjectId: user.id,
        data: { username: request.username, sessionsEnded, osUser },
      });
      return `new password for ${request.username}; ${sessionsEnded} session(s) ended`;
    });
  }
  const tenantId = await resolveTenant(db, request);
  return db.transaction(async (tx) => {
    if (await findUserByUsername(tx, request.username)) {
      throw new Refusal(`user ${request.username} exists: pick another username, or pass --reset-password to give it a new password`);
    }
    const id = `user-${randomUUID()}`;
    await insertUser(tx, {
      id,
      tenantId,
      username: request.username,
      passwordHash,
      role: request.role,
      displayName: request.displayName,
      customerId: request.customerId,
    });
    await recordAuditEvent(tx, {
      tenantId,
      actor: "cli",
      action: "user.created",
      subjectType: "user",
      subjectId: id,
      data: { username: request.username, role: request.role, displayName: request.displayName, customerId: request.customerId, osUser },
    });
    return `created ${request.role} ${request.username} (${id}) in tenant ${tenantId}`;
  });
}

async function main() {
  const request = parseRequest(process.argv.slice(2));
  // Only the database matters here; the app's other settings need not be present to manage accounts.
  const invalid = settingProblems();
  const problems = invalid.length > 0 ? invalid : startupProblems().filter((p) => p.setting === "DATABASE_URL");
  if (problems.length > 0) throw new Refusal(problems.map((p) => p.message).join("; "));
  const config = env();
  if (!config.DATABASE_URL) refuseIfEmbeddedInUse(config.EMBEDDED_PG_DIR);

  const input = await readNewPassword();
  if ("mismatch" in input) throw new Refusal("the two passwords differ; nothing was changed");
  const password = checkPassword(input.password, request.username);

  let embedded: EmbeddedDatabase | undefined;
  const url = ownerDatabaseUrl(process.env) ?? (embedded = await startEmbeddedPostgres(config.EMBEDDED_PG_DIR)).url;
  const { db, pool } = openDatabase(url, 2);
  try {
    await migrateDatabase(db, pool);
    console.log(`user:create: ${await apply(db, request, password)}`);
  } finally {
    await pool.end();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`user:create: ${error instanceof Refusal ? error.message : `failed: ${(error as Error).message}`}`);
  process.exitCode = 1;
});
