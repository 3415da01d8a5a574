import { z } from "zod";

/** Every environment variable the simulator reads (it runs as its own process: `npm run simulator`). */
export const simulatorSettings = z.object({
  /** The port it listens on (0: a free one). `npm start` picks a free one and tells the app. */
  SIMULATOR_PORT: z.coerce.number().int().min(0).max(65_535).default(4010),
  /** Loopback unless another host must reach it (a container beside the app's); `/_admin` has no sign-in. */
  SIMULATOR_HOST: z.string().min(1).default("127.0.0.1"),
  /** The ledger's idempotency key window: a key older than this is forgotten and books anew, as a real ledger's does. Unset keeps every key. */
  LEDGER_IDEMPOTENCY_WINDOW_MS: z.coerce.number("LEDGER_IDEMPOTENCY_WINDOW_MS must be a number of milliseconds").int().min(0).optional(),
  /** The database its systems keep their tables in (schema `bank_sim`). */
  DATABASE_URL: z.string("DATABASE_URL is required").min(1, "DATABASE_URL is required"),
  /** An OTLP/HTTP collector: the simulator's server spans go there, continuing the app's traces. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/, message: "OTEL_EXPORTER_OTLP_ENDPOINT must be an http or https URL" }).optional(),
  /** The `service.name` of the simulator's spans. */
  OTEL_SERVICE_NAME: z.string().min(1).default("bank-simulator"),
});
