import PgBoss from "pg-boss";
import type { Pool, PoolConfig } from "pg";
import { failureFields, log } from "@/observability/log";

/** The Postgres schema of the job queue's tables (pg-boss's, installed by the migrations). */
export const JOB_SCHEMA = "jobs";

/** How a queue's jobs retry (seconds, doubling with backoff) and how long one may be active before it counts as lost and runs again. */
export type QueuePolicy = { retryLimit: number; retryDelay?: number; retryBackoff?: boolean; expireInSeconds: number };

/**
 * Every queue of the app. A periodic job that fails is not retried (its next interval runs it
 * again); a job whose worker died (SIGKILL, power loss) stays active until `expireInSeconds`,
 * then the queue's maintenance fails it and it runs again on whichever instance fetches it.
 */
export const QUEUES = {
  /** Approvals past their deadline expire (a compare-and-set each). */
  expiry: { retryLimit: 0, expireInSeconds: 60 },
  /** Runs cut off by a crash or a drain, decisions not yet carried out, refunds not yet confirmed. */
  recovery: { retryLimit: 0, expireInSeconds: 300 },
  /** Ended sessions, failed sign-ins and closed budget windows are deleted. */
  session_sweep: { retryLimit: 0, expireInSeconds: 300 },
  /** Data past its retention period is deleted. */
  retention: { retryLimit: 0, expireInSeconds: 3_600 },
  /** Each bank's running canary is judged: stopped, promoted, or its figures kept. */
  canary: { retryLimit: 0, expireInSeconds: 300 },
  /**
   * A final decision's paused thread is resumed (keyed by approval). A thread another run holds
   * is tried again after 1 to 2 s, then 2 to 4 s, and so on, eight times (the recovery job
   * queues it again after that); a resume may pay a refund, so it may run five minutes.
   */
  carry_out_decision: { retryLimit: 8, retryDelay: 1, retryBackoff: true, expireInSeconds: 300 },
} satisfies Record<string, QueuePolicy>;

export type QueueName = keyof typeof QUEUES;

/** pg-boss's statements on an existing pool (the owner's, while migrating). */
const onPool = (pool: Pool): PgBoss.Db => ({ executeSql: (text, values) => pool.query(text, values) });

/**
 * Installs (or upgrades) the queue's tables and creates `queues`, as the database's owner;
 * `appRole` may then use them but create nothing. Runs under the migrations' lock.
 */
export async function installJobQueue(owner: Pool, appRole: string, queues: Record<string, QueuePolicy> = QUEUES): Promise<void> {
  const boss = new PgBoss({ db: onPool(owner), schema: JOB_SCHEMA, migrate: true, supervise: false, schedule: false });
  boss.on("error", (error) => log().error({ event: "jobs.install_error", ...failureFields(error) }));
  await boss.start();
  try {
    for (const [name, policy] of Object.entries(queues)) {
      const options = { name, policy: "standard" as const, ...policy };
      await boss.createQueue(name, options);
      await boss.updateQueue(name, options);
    }
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
  await owner.query(`GRANT USAGE ON SCHEMA ${JOB_SCHEMA} TO ${appRole};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${JOB_SCHEMA} TO ${appRole};
    ALTER DEFAULT PRIVILEGES IN SCHEMA ${JOB_SCHEMA} GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${appRole};`);
}

/** What one run of a job did, as counts (never ids or data). */
export type Counts = Record<string, number>;

export type JobQueueOptions = {
  /** How often this instance asks for new jobs when nothing woke it (pg-boss's minimum is 0.5 s). */
  pollingSeconds?: number;
  /** How often the queue's maintenance looks for jobs whose worker died. */
  maintenanceSeconds?: number;
};

/**
 * The app's job queue (pg-boss on the app's database, as the app role): jobs are rows, taken
 * with `FOR UPDATE SKIP LOCKED`, so any number of instances share the work and each job runs
 * once at a time. `every` makes a periodic job that runs once per interval across all
 * instances: each instance offers the interval's job, keyed by the interval, and only the
 * first offer is kept; the instance that made it wakes its own worker at once.
 */
export function createJobQueue(connectionString: string, options: JobQueueOptions = {}) {
  // pg-boss hands its settings to its pg Pool, connection timeout and options included. Its own
  // bookkeeping commits without waiting for the disk: a job state lost to a database crash only
  // runs a job again (every job here may run twice), or loses a decision's resume, which the
  // recovery job queues again; the app's own writes keep their durability.
  const settings: PgBoss.ConstructorOptions & Pick<PoolConfig, "connectionTimeoutMillis" | "options"> = {
    connectionString,
    options: "-c synchronous_commit=off",
    schema: JOB_SCHEMA,
    max: 3,
    // A database that does not answer fails the queue's statements instead of holding them.
    connectionTimeoutMillis: 10_000,
    migrate: false,
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: options.maintenanceSeconds ?? 30,
    pollingIntervalSeconds: options.pollingSeconds ?? 2,
    application_name: "bank-support-agent:jobs",
    archiveCompletedAfterSeconds: 6 * 60 * 60,
    deleteAfterHours: 24,
  };
  const boss = new PgBoss(settings);
  boss.on("error", (error) => log().error({ event: "jobs.error", ...failureFields(error) }));
  const timers = new Set<NodeJS.Timeout>();
  const workers = new Map<string, string[]>();
  let started: Promise<unknown> | undefined;
  let stopped = false;
  const start = () => {
    if (stopped) return Promise.reject(new Error("the job queue is stopped: this instance takes and sends no more jobs"));
    return (started ??= boss.start());
  };

  /**
   * Runs `handler` for each job of `queue` taken by this instance, up to `concurrency` jobs at
   * once (each a worker of its own, so a slow job holds up no other); a throw fails the job
   * (retried as its queue says).
   */
  async function work<T extends object>(queue: string, handler: (data: T, job: PgBoss.Job<T>) => Promise<unknown>, { concurrency = 1 } = {}) {
    await start();
    const ids = workers.get(queue) ?? [];
    workers.set(queue, ids);
    for (let i = 0; i < concurrency; i++) {
      ids.push(await boss.work<T>(queue, { pollingIntervalSeconds: options.pollingSeconds ?? 2 }, async ([job]) => handler(job!.data, job!)));
    }
  }

  let nextWoken = 0;
  /**
   * Puts a job on `queue` (null when a job with the same singleton key holds its place) and
   * wakes one of this instance's workers for it, in turn (a busy one fetches again as soon as
   * it is done).
   */
  async function send<T extends object>(queue: string, data: T, sendOptions: PgBoss.SendOptions = {}): Promise<string | null> {
    await start();
    const id = await boss.send(queue, data, sendOptions);
    const ids = workers.get(queue) ?? [];
    if (id && ids.length > 0) boss.notifyWorker(ids[nextWoken++ % ids.length]!);
    return id;
  }

  /** Offers the current interval's job of `queue`; every instance may, one job per interval is kept. */
  function offer(queue: string, intervalMs: number) {
    const seconds = Math.max(1, Math.round(intervalMs / 1000));
    return send(queue, {}, { singletonKey: queue, singletonSeconds: seconds });
  }

  /**
   * `job` once per `intervalMs` across every instance that calls this (whole seconds, at
   * least one). Each run is measured and logged by `onRun`.
   */
  async function every(queue: string, intervalMs: number, job: () => Promise<Counts>, onRun: (outcome: RunOutcome) => void) {
    await work(queue, async () => {
      const startedAt = performance.now();
      try {
        const counts = await job();
        onRun({ queue, ok: true, ms: performance.now() - startedAt, counts });
        return counts;
      } catch (error) {
        onRun({ queue, ok: false, ms: performance.now() - startedAt, error });
        throw error;
      }
    });
    const tick = () => {
      if (stopped) return;
      offer(queue, intervalMs).catch((error: unknown) => log().warn({ event: "jobs.offer_failed", queue, ...failureFields(error) }));
    };
    tick();
    const timer = setInterval(tick, Math.max(1000, intervalMs));
    timer.unref();
    timers.add(timer);
  }

  return {
    start,
    work,
    send,
    every,
    /** The job as the queue keeps it (state, retries, output), or null once archived or unknown. */
    job: async (queue: string, id: string) => {
      await start();
      return boss.getJobById(queue, id, { includeArchive: true });
    },
    /**
     * Stops taking jobs. `graceful`: waits up to `timeoutMs` for the jobs this instance is
     * running; any still running are then failed, so they run again elsewhere.
     */
    async stop({ graceful = true, timeoutMs = 10_000 }: { graceful?: boolean; timeoutMs?: number } = {}) {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      timers.clear();
      if (started) await boss.stop({ graceful, timeout: timeoutMs, wait: true });
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;

/** One run of a periodic job, for the log and the metrics. */
export type RunOutcome = { queue: string; ok: true; ms: number; counts: Counts } | { queue: string; ok: false; ms: number; error: unknown };
