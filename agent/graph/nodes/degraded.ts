import { log } from "@/observability/log";
import { metrics } from "@/observability/metrics";

/** Counts and logs (`check.degraded`) a bank system recorded as unavailable after every retry. */
export function degraded(event: { tenantId: string; threadId: string; node: string; system: string }) {
  metrics().degradedChecks.inc({ system: event.system });
  log().warn({ event: "check.degraded", ...event });
}
