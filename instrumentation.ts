/** Next.js calls this once per server process: start the background jobs there. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startBackgroundJobs } = await import("./app/_lib/jobs");
  startBackgroundJobs();
}
