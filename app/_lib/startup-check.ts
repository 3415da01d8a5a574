import { startupProblems, startupRefusal } from "@/env";

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
