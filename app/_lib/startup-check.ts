import { rowSecurityRefusal } from "@/db/app-role";
import { database } from "@/db/client";
import { env, startupProblems, startupRefusal } from "@/env";

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
