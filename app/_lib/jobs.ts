import { drainOnSigterm } from "@/agent";
import { database, type Db } from "@/db/client";
import { deleteClosedBudgets } from "@/db/queries/budgets";
import { deleteOldFailures } from "@/db/queries/login-throttle";
import { listTenantIds } from "@/db/queries/tenant-ids";
import { withTenant } from "@/db/tenant-context";
import { env } from "@/env";
import { failureFields, log } from "@/observability/log";
import { metrics, stopwatch } from "@/observability/metrics";
import { opsSampler } from "@/observability/ops-sample";
import { getAgent } from "./agent";
import { now } from "./clock";
import { sweepOncePerInterval } from "./retention";
import { sweepSessions } from "./session";

const globalForJobs = globalThis as unknown as { __jobsStarted?: boolean };

/** What one run of a job did, as counts (never ids or data). */
type Counts = Record<string, number>;

/**
 * Runs `job` every `ms`, never two at once. Each run is measured and logged (`job.run`:
 * job, outcome, latency, counts): at info when it did something, at debug when it found
 * nothing to do (the expiry job runs every second), at error when it failed.
 */
function every(ms: number, name: string, job: () => Promise<Counts>) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    const timer = stopwatch();
    try {
      const counts = await job();
      metrics().jobDuration.observe({ job: name, outcome: "ok" }, timer.seconds());
      const busy = Object.values(counts).some((n) => n > 0);
      log()[busy ? "info" : "debug"]({ event: "job.run", job: name, outcome: "ok", latencyMs: timer.ms(), ...counts });
    } catch (error) {
      metrics().jobDuration.observe({ job: name, outcome: "error" }, timer.seconds());
      log().error({ event: "job.run", job: name, outcome: "error", latencyMs: timer.ms(), ...failureFields(error) });
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
 * Retention: every instance checks often, and the one that claims the interval's row in
 * `job_runs` sweeps, so the sweep runs exactly once per RETENTION_INTERVAL_MS.
 * Ops sample: what this instance measured in memory is written for the ops page.
 * SIGTERM drains: new turns are refused, running graphs stop at a superstep boundary, and
 * the process exits.
 */
export function startBackgroundJobs() {
  if (globalForJobs.__jobsStarted || !env().DATABASE_URL) return;
  globalForJobs.__jobsStarted = true;
  every(env().EXPIRY_INTERVAL_MS, "expiry", async () => ({ expired: await getAgent().expireOverdue() }));
  every(env().RECOVERY_INTERVAL_MS, "recovery", async () => {
    const recovered = await getAgent().recoverStuckRuns();
    return { threads: recovered.threads.length, decisions: recovered.decisions.length, refundsPaid: recovered.refunds.length };
  });
  every(env().SESSION_SWEEP_INTERVAL_MS, "session_sweep", () => sweepEnded(database().db));
  every(env().RETENTION_CHECK_MS, "retention", async () => (await sweepOncePerInterval(database().db, { now: now(), instance: getAgent().instance.id })) ?? {});
  const sample = opsSampler(getAgent().instance.id);
  every(env().OPS_SAMPLE_INTERVAL_MS, "ops_sample", () => sample(database().db));
  drainOnSigterm(getAgent(), env().DRAIN_TIMEOUT_MS);
}

/** Deletes ended sessions, and failed sign-ins and budget windows that no longer count against anyone. */
export async function sweepEnded(db: Db, now = new Date()): Promise<{ sessions: number; loginFailures: number; budgets: number }> {
  let sessions = 0;
  let budgets = 0;
  for (const tenantId of await listTenantIds(db)) {
    await withTenant(tenantId, async () => {
      sessions += await sweepSessions(db, now);
      budgets += await deleteClosedBudgets(db, now);
    });
  }
  const loginFailures = await deleteOldFailures(db, new Date(now.getTime() - env().LOGIN_FAILURE_WINDOW_MS));
  // Acting for no tenant: the client addresses' windows.
  budgets += await deleteClosedBudgets(db, now);
  return { sessions, loginFailures, budgets };
}
