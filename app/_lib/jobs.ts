import { drainOnSigterm } from "@/agent";
import { database, type Db } from "@/db/client";
import { deleteClosedBudgets } from "@/db/queries/budgets";
import { deleteOldFailures } from "@/db/queries/login-throttle";
import { listTenantIds } from "@/db/queries/tenant-ids";
import { withTenant } from "@/db/tenant-context";
import { env } from "@/env";
import { failureFields, log } from "@/observability/log";
import { metrics } from "@/observability/metrics";
import type { Counts, QueueName, RunOutcome } from "@/db/job-queue";
import { opsSampler } from "@/observability/ops-sample";
import { getAgent } from "./agent";
import { now } from "./clock";
import { sweepOncePerInterval } from "./retention";
import { sweepSessions } from "./session";

const globalForJobs = globalThis as unknown as { __jobsStarted?: boolean };

/**
 * Each run of a periodic job is measured and logged (`job.run`: job, outcome, latency,
 * counts): at info when it did something, at debug when it found nothing to do (the expiry
 * job runs every second), at error when it failed.
 */
function recordRun(run: RunOutcome) {
  metrics().jobDuration.observe({ job: run.queue, outcome: run.ok ? "ok" : "error" }, run.ms / 1000);
  const latencyMs = Math.round(run.ms);
  if (!run.ok) {
    log().error({ event: "job.run", job: run.queue, outcome: "error", latencyMs, ...failureFields(run.error) });
    return;
  }
  const busy = Object.values(run.counts).some((n) => n > 0);
  log()[busy ? "info" : "debug"]({ event: "job.run", job: run.queue, outcome: "ok", latencyMs, ...run.counts });
}

/** What this instance measured in memory, written for the ops page every `ms`: a sample of this instance, not a job of the queue. */
function sampleEvery(ms: number, sample: () => Promise<Counts>) {
  const tick = () => {
    const startedAt = performance.now();
    return sample().then(
      (counts) => recordRun({ queue: "ops_sample", ok: true, ms: performance.now() - startedAt, counts }),
      (error: unknown) => recordRun({ queue: "ops_sample", ok: false, ms: performance.now() - startedAt, error }),
    );
  };
  void tick();
  setInterval(tick, ms).unref();
}

/**
 * Background work, on the job queue every instance shares: final decisions are carried out
 * (their paused threads resumed), and each periodic job runs once per interval across all
 * instances, on whichever takes it. Expiry: the compare-and-set in the
 * database makes each approval expire exactly once. Recovery: runs cut off by a crash or a
 * drain are finished once, by whichever instance takes their lease. Sweep: ended sessions
 * and failed sign-ins older than the throttle window are deleted. Retention: the sweep of
 * data past its retention period (its interval's row in `job_runs` records what it did).
 * Canary: each bank's running canary is judged against its thresholds (stopped or promoted).
 * Ops sample: what this instance measured in memory is written for the ops page.
 * SIGTERM drains: new turns are refused, running graphs stop at a superstep boundary, the
 * queue stops taking jobs, and the process exits.
 */
export function startBackgroundJobs() {
  if (globalForJobs.__jobsStarted || !env().DATABASE_URL) return;
  globalForJobs.__jobsStarted = true;
  const agent = getAgent();
  const periodic: [QueueName, number, () => Promise<Counts>][] = [
    ["expiry", env().EXPIRY_INTERVAL_MS, async () => ({ expired: await agent.expireOverdue() })],
    [
      "recovery",
      env().RECOVERY_INTERVAL_MS,
      async () => {
        const recovered = await agent.recoverStuckRuns();
        return { threads: recovered.threads.length, decisions: recovered.decisions.length, refundsPaid: recovered.refunds.length };
      },
    ],
    ["session_sweep", env().SESSION_SWEEP_INTERVAL_MS, () => sweepEnded(database().db)],
    ["canary", env().CANARY_INTERVAL_MS, () => agent.evaluateCanaries(now())],
    ["retention", env().RETENTION_INTERVAL_MS, async () => (await sweepOncePerInterval(database().db, { now: now(), instance: agent.instance.id })) ?? {}],
  ];
  agent.work().catch((error: unknown) => log().error({ event: "job.start_failed", job: "carry_out_decision", ...failureFields(error) }));
  for (const [queue, ms, job] of periodic) {
    agent.jobs.every(queue, ms, job, recordRun).catch((error: unknown) => log().error({ event: "job.start_failed", job: queue, ...failureFields(error) }));
  }
  const sample = opsSampler(agent.instance.id);
  sampleEvery(env().OPS_SAMPLE_INTERVAL_MS, () => sample(database().db));
  drainOnSigterm(agent, env().DRAIN_TIMEOUT_MS);
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
