/**
 * Next.js calls this once per server process: refuse settings that may not start, start
 * tracing (exported when OTEL_EXPORTER_OTLP_ENDPOINT is set), then the background jobs.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { exitIfDatabaseBypassesRowSecurity, exitIfDemoPasswordsRemain, exitOnStartupProblems } = await import("./app/_lib/startup-check");
  exitOnStartupProblems();
  await exitIfDatabaseBypassesRowSecurity();
  await exitIfDemoPasswordsRemain();
  const { env } = await import("./env");
  const { startTracing } = await import("./observability/tracing");
  // The bank clients trace their own calls without the URL, which names the customer;
  // Next.js's span for each fetch would repeat them with it.
  process.env.NEXT_OTEL_FETCH_DISABLED = "1";
  startTracing({ serviceName: env().OTEL_SERVICE_NAME, endpoint: env().OTEL_EXPORTER_OTLP_ENDPOINT });
  const { startBackgroundJobs } = await import("./app/_lib/jobs");
  startBackgroundJobs();
}
