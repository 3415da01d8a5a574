import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/** A checkpoint at least this large is counted: state that grows past it slows every step. */
export const LARGE_CHECKPOINT_BYTES = 1024 * 1024;

/** Histogram bucket bounds: durations in seconds, sizes in bytes (the ops samples keep the same buckets). */
export const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** A checkpoint write is a few milliseconds: finer buckets, so its p50 and p95 can be told apart. */
export const WRITE_SECONDS = [0.0005, 0.001, 0.002, 0.003, 0.004, 0.005, 0.0075, 0.01, 0.025, 0.05, 0.1, 0.25, 1];
export const BYTES = [1024, 4096, 16_384, 65_536, 262_144, LARGE_CHECKPOINT_BYTES, 4 * LARGE_CHECKPOINT_BYTES];

/**
 * Every series the product exports, on one registry with Node's process metrics. Labels
 * are bounded sets (node, system, intent, outcome, route template, tenant, agent revision), never ids.
 */
function build() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequestDuration: new Histogram({
      name: "bank_http_request_duration_seconds",
      help: "API requests until the answer's headers, by route template, method and status",
      labelNames: ["route", "method", "status"] as const,
      buckets: SECONDS,
      registers,
    }),
    nodeDuration: new Histogram({
      name: "bank_agent_node_duration_seconds",
      help: "Graph node attempts, by node and outcome (ok, error, interrupted)",
      labelNames: ["node", "outcome"] as const,
      buckets: SECONDS,
      registers,
    }),
    turnDuration: new Histogram({
      name: "bank_agent_turn_duration_seconds",
      help: "Customer turns from the message to the stored answer, by the intent understood",
      labelNames: ["intent"] as const,
      buckets: SECONDS,
      registers,
    }),
    checkpointWriteDuration: new Histogram({
      name: "bank_checkpoint_write_duration_seconds",
      help: "Checkpoint saver writes: put (a checkpoint) and put_writes (a task's pending writes)",
      labelNames: ["operation"] as const,
      buckets: WRITE_SECONDS,
      registers,
    }),
    checkpointSize: new Histogram({
      name: "bank_checkpoint_size_bytes",
      help: "Serialized size of each checkpoint written (the whole state)",
      buckets: BYTES,
      registers,
    }),
    largeCheckpoints: new Counter({
      name: "bank_checkpoints_over_1mb_total",
      help: "Checkpoints written at 1 MiB or more",
      registers,
    }),
    bankCalls: new Counter({
      name: "bank_system_calls_total",
      help: "Calls to the bank's systems, by system and outcome (ok, error status, unreachable, aborted)",
      labelNames: ["system", "outcome"] as const,
      registers,
    }),
    degradedChecks: new Counter({
      name: "bank_degraded_checks_total",
      help: "Checks that stayed unavailable after every retry and were recorded as such, by system",
      labelNames: ["system"] as const,
      registers,
    }),
    llmTokens: new Counter({
      name: "bank_llm_tokens_total",
      help: "Tokens a language model read (input) and wrote (output), as the provider reported them, by bank, agent revision and node",
      labelNames: ["tenant", "revision", "node", "direction"] as const,
      registers,
    }),
    llmCost: new Counter({
      name: "bank_llm_cost_micros_total",
      help: "What a language model's tokens cost by its price in settings, in millionths of the price's currency, by bank, agent revision and node",
      labelNames: ["tenant", "revision", "node", "currency"] as const,
      registers,
    }),
    llmCallsWithoutUsage: new Counter({
      name: "bank_llm_calls_without_usage_total",
      help: "Language-model calls whose answer reported no token counts (their cost is unknown), by bank and agent revision",
      labelNames: ["tenant", "revision"] as const,
      registers,
    }),
    canaryEnds: new Counter({
      name: "bank_canary_ends_total",
      help: "Canaries that ended on their own, by bank and outcome (stopped: a threshold crossed or too few turns; promoted: the window held)",
      labelNames: ["tenant", "outcome"] as const,
      registers,
    }),
    invalidStates: new Counter({
      name: "bank_state_invalid_total",
      help: "Checkpointed states that did not fit the state's schema when a node read them (the run failed), by node",
      labelNames: ["node"] as const,
      registers,
    }),
    decisions: new Counter({
      name: "bank_approval_decisions_total",
      help: "Decisions on approvals: policy (auto_approved), staff (first_approved, approved, rejected) and the expiry job (expired)",
      labelNames: ["decision"] as const,
      registers,
    }),
    refunds: new Counter({
      name: "bank_refunds_total",
      help: "Refunds the ledger committed (executed), gave up on after every retry (failed), and retried by the recovery job (retried)",
      labelNames: ["outcome"] as const,
      registers,
    }),
    recoveryTakeovers: new Counter({
      name: "bank_recovery_takeovers_total",
      help: "Threads this instance took over from a crashed or drained one and finished",
      registers,
    }),
    drains: new Counter({
      name: "bank_drains_total",
      help: "Drains begun (SIGTERM)",
      registers,
    }),
    drainedRuns: new Counter({
      name: "bank_drained_runs_total",
      help: "Runs asked to stop at a superstep boundary by a drain",
      registers,
    }),
    loginThrottles: new Counter({
      name: "bank_login_throttles_total",
      help: "Sign-ins refused by the throttle, by what was over its limit (account, address)",
      labelNames: ["bucket"] as const,
      registers,
    }),
    rateLimited: new Counter({
      name: "bank_rate_limited_total",
      help: "Requests refused 429 for being over a budget, by budget (turns_per_minute, turns_per_day, conversations_per_day, address_per_minute)",
      labelNames: ["limit"] as const,
      registers,
    }),
    retentionRemoved: new Counter({
      name: "bank_retention_removed_total",
      help: "Rows the retention sweep removed, by kind (threads pruned, checkpoints, writes, blobs, messages, nodeEvents, sessions)",
      labelNames: ["kind"] as const,
      registers,
    }),
    jobDuration: new Histogram({
      name: "bank_job_duration_seconds",
      help: "Background job runs, by job and outcome (ok, error)",
      labelNames: ["job", "outcome"] as const,
      buckets: SECONDS,
      registers,
    }),
  };
}

export type Metrics = ReturnType<typeof build>;

/**
 * The gauges read from the database on each scrape (approvals waiting, the oldest one's age,
 * queued messages), by tenant, on a registry of the scrape's own: two scrapes at once, for two
 * banks' staff, never share the values one of them set.
 */
export function databaseGauges() {
  const registry = new Registry();
  const byTenant = (name: string, help: string) =>
    new Gauge({ name, help: `${help}, by tenant (read from the database on scrape)`, labelNames: ["tenant"] as const, registers: [registry] });
  return {
    registry,
    pendingApprovals: byTenant("bank_approvals_pending", "Approvals waiting for a decision"),
    oldestPendingAge: byTenant("bank_approvals_oldest_pending_age_seconds", "Age of the oldest approval waiting for a decision"),
    queuedMessages: byTenant("bank_messages_queued", "Customer messages waiting behind a busy run"),
  };
}

const METRICS = Symbol.for("bank.metrics");
const holder = globalThis as unknown as { [METRICS]?: Metrics };

/** The process's metrics (one registry per process, however the app is bundled). */
export function metrics(): Metrics {
  holder[METRICS] ??= build();
  return holder[METRICS];
}

/**
 * A monotonic stopwatch started now: `seconds()` as histograms take them (to a fraction of a
 * millisecond, so sub-millisecond work such as a checkpoint write is measured, not rounded to
 * 0 or 1 ms), `ms()` rounded for log lines and stored latencies.
 */
export function stopwatch() {
  const started = performance.now();
  return { seconds: () => (performance.now() - started) / 1000, ms: () => Math.round(performance.now() - started) };
}

export type Stopwatch = ReturnType<typeof stopwatch>;
