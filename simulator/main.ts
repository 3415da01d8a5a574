import { z } from "zod";
import { startTracing } from "../observability/tracing";
import { startSimulator } from "./server";

const parsed = z
  .object({
    SIMULATOR_PORT: z.coerce.number().int().min(0).max(65_535).default(4010),
    /** Loopback unless another host must reach it (a container beside the app's); `/_admin` has no sign-in. */
    SIMULATOR_HOST: z.string().min(1).default("127.0.0.1"),
    /** The ledger's idempotency key window: a key older than this is forgotten and books anew. Unset keeps every key. */
    LEDGER_IDEMPOTENCY_WINDOW_MS: z.coerce.number("LEDGER_IDEMPOTENCY_WINDOW_MS must be a number of milliseconds").int().min(0).optional(),
    DATABASE_URL: z.string("DATABASE_URL is required").min(1, "DATABASE_URL is required"),
    /** An OTLP/HTTP collector: the simulator's server spans go there, continuing the app's traces. */
    OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/, message: "OTEL_EXPORTER_OTLP_ENDPOINT must be an http or https URL" }).optional(),
    OTEL_SERVICE_NAME: z.string().min(1).default("bank-simulator"),
  })
  .safeParse(process.env);
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
