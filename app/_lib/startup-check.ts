import { rowSecurityRefusal } from "@/db/app-role";
import { database, type Db } from "@/db/client";
import { verifyPassword } from "@/db/password";
import { findUserForSignIn } from "@/db/queries/credentials";
import { DEMO_USERS, demoPassword } from "@/db/seed";
import { env, isDemoMode, startupProblems, startupRefusal } from "@/env";

/**
 * Ends this server process when its settings may not start (see `startupProblems`): one line
 * and a non-zero exit, not a stack trace, since the operator needs the setting, not the code path.
 */
export function exitOnStartupProblems(): void {
  const problems = startupProblems();
  if (problems.length === 0) return;
  console.error(startupRefusal(problems));
  process.exit(1);
}

/**
 * Ends this server process when its database role would get past row-level security (a
 * superuser, BYPASSRLS, or the tables' owner): one bank's query that forgot its tenant would
 * then read another's. A database that cannot be reached yet is left to the health check.
 */
export async function exitIfDatabaseBypassesRowSecurity(): Promise<void> {
  if (!env().DATABASE_URL) return;
  const refusal = await rowSecurityRefusal(database().pool).catch(() => null);
  if (!refusal) return;
  console.error(refusal);
  process.exit(1);
}

/**
 * The one line that refuses a production database still holding a demo account with its
 * published password (a database first started in demo mode); null when none does. Only the
 * demo seed's user names are checked, one hash each and only for rows that exist, so start-up
 * stays fast however many users the bank has: every other password is set by `user:create`,
 * which refuses one containing the user name, `<username>-pass` among them.
 */
export async function demoPasswordRefusal(db: Db): Promise<string | null> {
  const found = await Promise.all(
    DEMO_USERS.map(async ({ username }) => {
      const user = await findUserForSignIn(db, username);
      return user && (await verifyPassword(demoPassword(username), user.passwordHash)) ? username : null;
    }),
  );
  const names = found.filter((name) => name !== null);
  if (names.length === 0) return null;
  return `Refusing to start: the demo account${names.length === 1 ? "" : "s"} ${names.join(", ")} still sign${names.length === 1 ? "s" : ""} in with the published password <username>-pass in this production database (DATABASE_URL): give each a new password (npm run user:create -- --reset-password --username NAME) or delete it.`;
}

/** Ends this server process in production when a demo account still has its published password. */
export async function exitIfDemoPasswordsRemain(): Promise<void> {
  if (isDemoMode() || !env().DATABASE_URL) return;
  const refusal = await demoPasswordRefusal(database().db).catch(() => null);
  if (!refusal) return;
  console.error(refusal);
  process.exit(1);
}
