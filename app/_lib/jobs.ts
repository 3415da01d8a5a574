import { drainOnSigterm } from "@/agent";
import { database, type Db } from "@/db/client";
import { deleteOldFailures } from "@/db/queries/login-throttle";
import { env } from "@/env";
import { getAgent } from "./agent";
import { sweepSessions } from "./session";

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
 * finished once, by whichever instance takes their lease. Sweep: ended sessions and failed
 * sign-ins older than the throttle window are deleted (idempotent, so every instance may).
 * SIGTERM drains: new turns are refused, running graphs stop at a superstep boundary, and
 * the process exits.
 */
export function startBackgroundJobs() {
  if (globalForJobs.__jobsStarted || !env().DATABASE_URL) return;
  globalForJobs.__jobsStarted = true;
  every(env().EXPIRY_INTERVAL_MS, "expiry job", () => getAgent().expireOverdue());
  every(env().RECOVERY_INTERVAL_MS, "recovery job", () => getAgent().recoverStuckRuns());
  every(env().SESSION_SWEEP_INTERVAL_MS, "session sweep", () => sweepEnded(database().db));
  drainOnSigterm(getAgent(), env().DRAIN_TIMEOUT_MS);
}

/** Deletes ended sessions and failed sign-ins that no longer count against anyone. */
export async function sweepEnded(db: Db, now = new Date()): Promise<{ sessions: number; loginFailures: number }> {
  const sessions = await sweepSessions(db, now);
  const loginFailures = await deleteOldFailures(db, new Date(now.getTime() - env().LOGIN_FAILURE_WINDOW_MS));
  return { sessions, loginFailures };
}
