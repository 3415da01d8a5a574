import { env } from "@/env";
import { getAgent } from "./agent";

const globalForJobs = globalThis as unknown as { __jobsStarted?: boolean };

/**
 * The expiry job: every instance runs it; the compare-and-set in the database makes each
 * approval expire exactly once, and only the instance that expired it tells the customer.
 */
export function startBackgroundJobs() {
  if (globalForJobs.__jobsStarted || !env().DATABASE_URL) return;
  globalForJobs.__jobsStarted = true;
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await getAgent().expireOverdue();
    } catch (error) {
      console.error("expiry job failed", error);
    } finally {
      running = false;
    }
  }, env().EXPIRY_INTERVAL_MS);
  timer.unref();
}
