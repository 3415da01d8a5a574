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
 *
 * It writes the same rows as PostgresSaver, with the same conflict rules, but in one
 * statement each: a checkpoint with its new channel values, or a task's writes. PostgresSaver
 * sends one INSERT per channel inside BEGIN/COMMIT, about 25 round trips for a step that
 * writes every per-turn channel, each holding a pool connection; one statement is as atomic
 * and as durable (it commits before `put` returns, and the run waits for it).
 */
export class MeasuredPostgresSaver extends PostgresSaver {
  private readonly sql: { put: string; insertWrites: string; upsertWrites: string };

  constructor(
    private readonly connections: Pool,
    schema: string,
  ) {
    super(connections, undefined, { schema });
    const table = (name: string) => `"${schema}"."${name}"`;
    this.sql = {
      put: `with blobs as (
          insert into ${table("checkpoint_blobs")} (thread_id, checkpoint_ns, channel, version, type, blob)
          select $1::text, $2::text, b.channel, b.version, b.type, b.blob from unnest($7::text[], $8::text[], $9::text[], $10::bytea[]) as b(channel, version, type, blob)
          on conflict (thread_id, checkpoint_ns, channel, version) do nothing
        )
        insert into ${table("checkpoints")} (thread_id, checkpoint_ns, checkpoint_id, parent_checkpoint_id, checkpoint, metadata)
        values ($1, $2, $3, $4, $5, $6)
        on conflict (thread_id, checkpoint_ns, checkpoint_id) do update set checkpoint = excluded.checkpoint, metadata = excluded.metadata`,
      insertWrites: writesSql(table("checkpoint_writes"), "do nothing"),
      upsertWrites: writesSql(table("checkpoint_writes"), "do update set channel = excluded.channel, type = excluded.type, blob = excluded.blob"),
    };
  }

  override async put(...args: Parameters<PostgresSaver["put"]>) {
    const [, checkpoint, metadata] = args;
    const started = Date.now();
    const write = () => this.writeCheckpoint(...args);
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
    const write = () => this.writeTaskWrites(...args);
    const run = currentRunTrace();
    const checkpointId = config.configurable?.checkpoint_id;
    const attributes = { "checkpoint.writes": writes.length };
    if (run && typeof checkpointId === "string") await run.putWrites(checkpointId, taskId, attributes, write);
    else await checkpointSpan("checkpoint.put_writes", attributes, write);
    metrics().checkpointWriteDuration.observe({ operation: "put_writes" }, secondsSince(started));
  }

  /** A checkpoint and its new channel values, in one statement. */
  private async writeCheckpoint(...[config, checkpoint, metadata, newVersions]: Parameters<PostgresSaver["put"]>) {
    if (config.configurable === undefined) throw new Error('Missing "configurable" field in "config" param');
    const { thread_id: threadId, checkpoint_ns: ns = "", checkpoint_id: parentId } = config.configurable;
    const [blobs, serializedMetadata] = await Promise.all([this._dumpBlobs(threadId, ns, checkpoint.channel_values, newVersions), this._dumpMetadata(metadata)]);
    await this.connections.query(this.sql.put, [
      threadId,
      ns,
      checkpoint.id,
      parentId,
      this._dumpCheckpoint(checkpoint),
      serializedMetadata,
      blobs.map((b) => b[2]),
      blobs.map((b) => b[3]),
      blobs.map((b) => b[4]),
      blobs.map((b) => b[5] ?? null),
    ]);
    return { configurable: { thread_id: threadId, checkpoint_ns: ns, checkpoint_id: checkpoint.id } };
  }

  /** A task's writes, in one statement. */
  private async writeTaskWrites(...[config, writes, taskId]: Parameters<PostgresSaver["putWrites"]>) {
    const { thread_id: threadId, checkpoint_ns: ns, checkpoint_id: checkpointId } = config.configurable ?? {};
    const dumped = await this._dumpWrites(threadId, ns, checkpointId, taskId, writes);
    // Special writes (an error, an interrupt, a resume) have fixed negative positions and replace
    // an earlier write at theirs; ordinary ones keep the first. One statement may not touch a row
    // twice, so a position written twice is sent once, as the row it would have ended as.
    const special = dumped.every((w) => w[4] < 0);
    const byIdx = new Map<number, (typeof dumped)[number]>();
    for (const w of dumped) if (special || !byIdx.has(w[4])) byIdx.set(w[4], w);
    const rows = [...byIdx.values()];
    await this.connections.query(special ? this.sql.upsertWrites : this.sql.insertWrites, [
      threadId,
      ns,
      checkpointId,
      taskId,
      rows.map((w) => w[4]),
      rows.map((w) => w[5]),
      rows.map((w) => w[6]),
      rows.map((w) => w[7]),
    ]);
  }
}

function writesSql(table: string, onConflict: string): string {
  return `insert into ${table} (thread_id, checkpoint_ns, checkpoint_id, task_id, idx, channel, type, blob)
    select $1::text, $2::text, $3::text, $4::text, w.idx, w.channel, w.type, w.blob from unnest($5::int[], $6::text[], $7::text[], $8::bytea[]) as w(idx, channel, type, blob)
    on conflict (thread_id, checkpoint_ns, checkpoint_id, task_id, idx) ${onConflict}`;
}

/** The checkpointer on the app's pool, in its own schema. */
export function createCheckpointer(pool: Pool): PostgresSaver {
  return new MeasuredPostgresSaver(pool, CHECKPOINT_SCHEMA);
}
