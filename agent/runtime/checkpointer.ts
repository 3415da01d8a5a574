import { WRITES_IDX_MAP } from "@langchain/langgraph-checkpoint";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import type { Pool } from "pg";
import { checkpointSpan, currentRunTrace } from "@/observability/graph-trace";
import { LARGE_CHECKPOINT_BYTES, metrics, stopwatch } from "@/observability/metrics";
import { defined } from "@/observability/tracing";
import { CHECKPOINT_SCHEMA } from "@/db/migrate";
import { checkpointSelect, insertCheckpoint, insertTaskWrites } from "@/db/queries/checkpoints";
import { appKeyRing, EncryptingSerializer, encryptsAtRest, type Dumped, type KeyRing } from "../encryption";

/**
 * The Postgres saver, measured and traced: how long each write takes, and how large each
 * checkpoint is once serialized (the whole state; sized after the write, so the latency is
 * the write's alone). Each write is a span under the superstep that wrote it (see
 * `RunTrace`).
 *
 * It writes each checkpoint with its channel values, and each task's writes, in one
 * statement (`db/queries/checkpoints.ts`) instead of PostgresSaver's one INSERT per channel
 * inside BEGIN/COMMIT; the statement commits before `put` returns, and the run waits for it.
 *
 * Channel values and task writes are encrypted at rest (`agent/encryption`); the checkpoint
 * rows themselves (ids, channel versions) and their metadata stay in clear, since the saver
 * orders and filters by them in SQL.
 */
export class MeasuredPostgresSaver extends PostgresSaver {
  private readonly encryption: EncryptingSerializer;

  constructor(
    private readonly connections: Pool,
    private readonly schema: string,
    keys: KeyRing,
    encrypt = true,
  ) {
    const encryption = new EncryptingSerializer(keys, undefined, encrypt ? "encrypted" : "clear");
    super(connections, encryption, { schema });
    this.encryption = encryption;
    readChannelValuesByKey(this, schema);
  }

  /** Metadata is stored as jsonb that `list(filter)` matches in SQL, so it is written in clear. */
  override async _dumpMetadata(metadata: Parameters<PostgresSaver["_dumpMetadata"]>[0]) {
    const [, bytes] = await this.encryption.plain.dumpsTyped(metadata);
    return JSON.parse(new TextDecoder().decode(bytes).replace(/\0/g, ""));
  }

  /** Clear metadata, read through the same reader as the values (no LangChain objects constructed). */
  override async _loadMetadata(metadata: Parameters<PostgresSaver["_loadMetadata"]>[0]) {
    const [type, bytes] = await this.encryption.plain.dumpsTyped(metadata);
    return this.encryption.plain.loadsTyped(type, bytes) as ReturnType<PostgresSaver["_loadMetadata"]>;
  }

  override async put(...args: Parameters<PostgresSaver["put"]>) {
    const [, checkpoint, metadata] = args;
    const timer = stopwatch();
    const write = () => this.writeCheckpoint(...args);
    const run = currentRunTrace();
    const attributes = defined({ "checkpoint.source": metadata?.source });
    const next =
      run && typeof metadata?.step === "number"
        ? await run.put(metadata.step, attributes, checkpoint.id, write)
        : await checkpointSpan("checkpoint.put", attributes, write);
    const m = metrics();
    m.checkpointWriteDuration.observe({ operation: "put" }, timer.seconds());
    const [, bytes] = await this.encryption.plain.dumpsTyped(checkpoint);
    m.checkpointSize.observe(bytes.byteLength);
    if (bytes.byteLength >= LARGE_CHECKPOINT_BYTES) m.largeCheckpoints.inc();
    return next;
  }

  override async putWrites(...args: Parameters<PostgresSaver["putWrites"]>) {
    const [config, writes, taskId] = args;
    const timer = stopwatch();
    const write = () => this.writeTaskWrites(...args);
    const run = currentRunTrace();
    const checkpointId = config.configurable?.checkpoint_id;
    const attributes = { "checkpoint.writes": writes.length };
    if (run && typeof checkpointId === "string") await run.putWrites(checkpointId, taskId, attributes, write);
    else await checkpointSpan("checkpoint.put_writes", attributes, write);
    metrics().checkpointWriteDuration.observe({ operation: "put_writes" }, timer.seconds());
  }

  /** A checkpoint and its new channel values, in one statement. */
  private async writeCheckpoint(...[config, checkpoint, metadata, newVersions]: Parameters<PostgresSaver["put"]>) {
    if (config.configurable === undefined) throw new Error('Missing "configurable" field in "config" param');
    const { thread_id: threadId, checkpoint_ns: ns = "", checkpoint_id: parentId } = config.configurable;
    const written = this.takeStepWrites(threadId, ns, parentId);
    const values = checkpoint.channel_values;
    const dumpBlob = async (channel: string, version: string | number) => {
      const stored = channel in values ? (await this.encryption.dump(values[channel], written?.get(channel))).stored : null;
      return { channel, version: version.toString(), type: stored?.[0] ?? "empty", blob: stored?.[1] ?? null };
    };
    const [blobs, serializedMetadata] = await Promise.all([
      Promise.all(Object.entries(newVersions).map(([channel, version]) => dumpBlob(channel, version))),
      this._dumpMetadata(metadata),
    ]);
    await insertCheckpoint(this.connections, this.schema, {
      threadId,
      ns,
      checkpointId: checkpoint.id,
      parentId,
      checkpoint: this._dumpCheckpoint(checkpoint),
      metadata: serializedMetadata,
      blobs,
    });
    return { configurable: { thread_id: threadId, checkpoint_ns: ns, checkpoint_id: checkpoint.id } };
  }

  /** A task's writes, in one statement. */
  private async writeTaskWrites(...[config, writes, taskId]: Parameters<PostgresSaver["putWrites"]>) {
    const { thread_id: threadId, checkpoint_ns: ns, checkpoint_id: checkpointId } = config.configurable ?? {};
    const dumped = await Promise.all(writes.map(([, value]) => this.encryption.dump(value)));
    this.rememberStepWrites(
      threadId,
      ns ?? "",
      checkpointId,
      writes.map(([channel], i) => [channel, dumped[i]!]),
    );
    // Special writes (an error, an interrupt, a resume) have fixed negative positions and replace
    // an earlier write at theirs; ordinary ones keep the first. One statement may not touch a row
    // twice, so a position written twice is sent once, as the row it would have ended as.
    const rows = writes.map(([channel], i) => ({ idx: WRITES_IDX_MAP[channel] ?? i, channel, type: dumped[i]!.stored[0], blob: dumped[i]!.stored[1] }));
    const special = rows.every((w) => w.idx < 0);
    const byIdx = new Map<number, (typeof rows)[number]>();
    for (const w of rows) if (special || !byIdx.has(w.idx)) byIdx.set(w.idx, w);
    await insertTaskWrites(this.connections, this.schema, { threadId, ns, checkpointId, taskId, writes: [...byIdx.values()], replace: special });
  }

  /**
   * Each checkpoint's task writes as stored, by channel, until the checkpoint after it is
   * written: most of a checkpoint's new values are its step's writes, and those are stored as
   * the writes were rather than sealed again. Bounded: a step that no checkpoint follows (a
   * pause, a failure, a run another instance finishes) is forgotten after STEP_WRITES_KEPT others.
   */
  private readonly stepWrites = new Map<string, Map<string, Dumped[]>>();

  private rememberStepWrites(threadId: string, ns: string, checkpointId: string | undefined, written: [string, Dumped][]) {
    if (checkpointId === undefined) return;
    const key = stepKey(threadId, ns, checkpointId);
    const byChannel = this.stepWrites.get(key) ?? new Map<string, Dumped[]>();
    for (const [channel, dumped] of written) byChannel.set(channel, [...(byChannel.get(channel) ?? []), dumped]);
    this.stepWrites.delete(key);
    this.stepWrites.set(key, byChannel);
    for (const oldest of this.stepWrites.keys()) {
      if (this.stepWrites.size <= STEP_WRITES_KEPT) break;
      this.stepWrites.delete(oldest);
    }
  }

  private takeStepWrites(threadId: string, ns: string, checkpointId: string | undefined): Map<string, Dumped[]> | undefined {
    if (checkpointId === undefined) return undefined;
    const key = stepKey(threadId, ns, checkpointId);
    const written = this.stepWrites.get(key);
    this.stepWrites.delete(key);
    return written;
  }
}

const STEP_WRITES_KEPT = 1000;
const stepKey = (threadId: string, ns: string, checkpointId: string) => `${threadId}\u0000${ns}\u0000${checkpointId}`;

/**
 * Points PostgresSaver's `getTuple` and `list` at `checkpointSelect` (the same columns, each
 * channel value fetched by its key). The statement is a private field of PostgresSaver; a
 * release that renames it fails here, at startup and in every test, rather than reading slowly.
 */
function readChannelValuesByKey(saver: PostgresSaver, schema: string): void {
  const fields = saver as unknown as { SQL_STATEMENTS?: { SELECT_SQL?: unknown } };
  if (typeof fields.SQL_STATEMENTS?.SELECT_SQL !== "string") {
    throw new Error(
      "PostgresSaver no longer keeps its checkpoint read in SQL_STATEMENTS.SELECT_SQL: update readChannelValuesByKey in agent/runtime/checkpointer.ts for this release of @langchain/langgraph-checkpoint-postgres",
    );
  }
  fields.SQL_STATEMENTS = { ...fields.SQL_STATEMENTS, SELECT_SQL: checkpointSelect(schema) };
}

/** The checkpointer on the app's pool, in its own schema, encrypting with the app's keys. */
export function createCheckpointer(pool: Pool, keys: KeyRing = appKeyRing()): PostgresSaver {
  return new MeasuredPostgresSaver(pool, CHECKPOINT_SCHEMA, keys, encryptsAtRest());
}
