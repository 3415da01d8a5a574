import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import type { Pool } from "pg";
import { checkpointSpan } from "@/observability/graph-trace";
import { LARGE_CHECKPOINT_BYTES, metrics, secondsSince } from "@/observability/metrics";
import { currentRunTrace } from "@/observability/run-context";
import { defined } from "@/observability/tracing";
import { env } from "@/env";
import type { Db } from "@/db/client";
import { CHECKPOINT_SCHEMA } from "@/db/migrate";
import { createBankClients } from "./clients/bank";
import { createChatModel } from "./clients/model";
import { createAgentStore } from "./clients/store";
import type { AgentDeps, AgentSettings } from "./deps";
import { DEFAULT_POLICY } from "./policy";

export function settingsFromEnv(): AgentSettings {
  const e = env();
  return {
    checkTimeoutMs: e.CHECK_TIMEOUT_MS,
    checkMaxAttempts: e.CHECK_MAX_ATTEMPTS,
    retryInitialMs: 200,
    ledgerTimeoutMs: e.LEDGER_TIMEOUT_MS,
    ledgerMaxAttempts: 3,
    recursionLimit: 16,
    policy: DEFAULT_POLICY,
    authority: { operatorLimitMinor: e.OPERATOR_LIMIT_MINOR, fourEyesMinor: e.FOUR_EYES_MINOR },
    approvalTtlMs: e.APPROVAL_TTL_MS,
    claimTtlMs: e.CLAIM_TTL_MS,
    refundRetryMs: e.REFUND_RETRY_MS,
    leaseMs: e.THREAD_LEASE_MS,
    doubleTexting: e.DOUBLE_TEXTING,
    llmTimeoutMs: e.LLM_TIMEOUT_MS,
  };
}

/** The production wiring: the bank's systems from the environment, the shared pool. */
export function depsFromEnv(db: Db, overrides: Partial<AgentDeps> = {}): AgentDeps {
  const e = env();
  return {
    model: createChatModel(e),
    bank: createBankClients({ limits: e.LIMITS_URL, history: e.HISTORY_URL, antifraud: e.ANTIFRAUD_URL, ledger: e.LEDGER_URL, cards: e.CARDS_URL }),
    store: createAgentStore(db),
    clock: () => new Date(),
    settings: settingsFromEnv(),
    ...overrides,
  };
}

/**
 * The Postgres saver, measured and traced: how long each write takes, and how large each
 * checkpoint is once serialized (the whole state; sized after the write, so the latency is
 * the write's alone). Each write is a span under the superstep that wrote it (see
 * `RunTrace`).
 */
export class MeasuredPostgresSaver extends PostgresSaver {
  override async put(...args: Parameters<PostgresSaver["put"]>) {
    const [, checkpoint, metadata] = args;
    const started = Date.now();
    const write = () => super.put(...args);
    const run = currentRunTrace();
    const attributes = defined({ "checkpoint.source": metadata?.source });
    const next = run && typeof metadata?.step === "number" ? await run.put(metadata.step, attributes, checkpoint.id, write) : await checkpointSpan("checkpoint.put", attributes, write);
    const m = metrics();
    m.checkpointWriteDuration.observe({ operation: "put" }, secondsSince(started));
    const [, bytes] = await this.serde.dumpsTyped(checkpoint);
    m.checkpointSize.observe(bytes.byteLength);
    if (bytes.byteLength >= LARGE_CHECKPOINT_BYTES) m.largeCheckpoints.inc();
    return next;
  }

  override async putWrites(...args: Parameters<PostgresSaver["putWrites"]>) {
    const [config, writes, taskId] = args;
    const started = Date.now();
    const write = () => super.putWrites(...args);
    const run = currentRunTrace();
    const checkpointId = config.configurable?.checkpoint_id;
    const attributes = { "checkpoint.writes": writes.length };
    if (run && typeof checkpointId === "string") await run.putWrites(checkpointId, taskId, attributes, write);
    else await checkpointSpan("checkpoint.put_writes", attributes, write);
    metrics().checkpointWriteDuration.observe({ operation: "put_writes" }, secondsSince(started));
  }
}

/** The checkpointer on the app's pool, in its own schema. */
export function createCheckpointer(pool: Pool): PostgresSaver {
  return new MeasuredPostgresSaver(pool, undefined, { schema: CHECKPOINT_SCHEMA });
}
