import { drainOnSigterm } from "@/agent";
import { env } from "@/env";
import { getAgent } from "./agent";

const globalForJobs = globalThis as unknown as { __jobsStarted?: boolean };

/** Runs `job` every `ms`, never two at once, logging failures. */
function every(ms: number, name: string, job: () => Promise<unknown>) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await job();
    } catch (error) {
      console.error(`${name} failed`, error);
    } finally {
      running = false;
    }
  };
  void tick();
  setInterval(tick, ms).unref();
}

/**
 * Background work of every instance. Expiry: the compare-and-set in the database makes
 * each approval expire exactly once. Recovery: runs cut off by a crash or a drain are
 * finished once, by whichever instance takes their lease. SIGTERM drains: new turns are
 * refused, running graphs stop at a superstep boundary, and the process exits.
 */
export function startBackgroundJobs() {
  if (globalForJobs.__jobsStarted || !env().DATABASE_URL) return;
  globalForJobs.__jobsStarted = true;
  every(env().EXPIRY_INTERVAL_MS, "expiry job", () => getAgent().expireOverdue());
  every(env().RECOVERY_INTERVAL_MS, "recovery job", () => getAgent().recoverStuckRuns());
  drainOnSigterm(getAgent(), env().DRAIN_TIMEOUT_MS);
}
