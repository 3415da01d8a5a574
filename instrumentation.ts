/** Next.js calls this once per server process: refuse settings that may not start, then start the background jobs. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { exitOnStartupProblems } = await import("./app/_lib/startup-check");
  exitOnStartupProblems();
  const { startBackgroundJobs } = await import("./app/_lib/jobs");
  startBackgroundJobs();
}
