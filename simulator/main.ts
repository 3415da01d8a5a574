import { startTracing } from "../observability/tracing";
import { startSimulator } from "./server";
import { simulatorSettings } from "./settings";

const parsed = simulatorSettings.safeParse(process.env);
if (!parsed.success) {
  console.error(`simulator: ${parsed.error.issues.map((issue) => issue.message).join("; ")}`);
  process.exit(1);
}
const config = parsed.data;

const tracing = startTracing({ serviceName: config.OTEL_SERVICE_NAME, endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
const simulator = await startSimulator({
  port: config.SIMULATOR_PORT,
  host: config.SIMULATOR_HOST,
  databaseUrl: config.DATABASE_URL,
  ledgerKeyWindowMs: config.LEDGER_IDEMPOTENCY_WINDOW_MS ?? null,
});
console.log(`simulator listening on ${simulator.url}`);

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    simulator
      .close()
      .then(() => tracing?.shutdown())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error("simulator failed to close", error);
          process.exit(1);
        },
      );
  });
}
