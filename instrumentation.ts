/** Next.js calls this once per server process: refuse a wrong configuration, then start the background jobs. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startupProblems, startupRefusal } = await import("./env");
  const problems = startupProblems();
  if (problems.length > 0) {
    // One line and a non-zero exit, not a stack trace: the operator needs the setting, not the code path.
    console.error(startupRefusal(problems));
    process.exit(1);
  }
  const { startBackgroundJobs } = await import("./app/_lib/jobs");
  startBackgroundJobs();
}
