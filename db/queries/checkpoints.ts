import type { Pool } from "pg";

/**
 * The checkpoint saver's writes, in the checkpointer's own schema. They write the same rows as
 * PostgresSaver, with the same conflict rules, but in one statement each: a checkpoint with
 * its new channel values, or a task's writes. PostgresSaver sends one INSERT per channel
 * inside BEGIN/COMMIT, about 25 round trips for a step that writes every per-turn channel,
 * each holding a pool connection; one statement is as atomic and as durable.
 */
type Statement = { name: string; text: string };
type Statements = { put: Statement; insertWrites: Statement; upsertWrites: Statement };

/**
 * A prepared statement: each connection parses and plans it once, then only binds and runs it,
 * which takes about a quarter off a checkpoint write's time in Postgres.
 */
const named = (schema: string, what: string, text: string): Statement => ({ name: `checkpoint-${what}-${schema}`, text });

const statements = new Map<string, Statements>();

function statementsFor(schema: string): Statements {
  let found = statements.get(schema);
  if (!found) {
    const table = (name: string) => `"${schema}"."${name}"`;
    found = {
      put: named(
        schema,
        "put",
        `with blobs as (
          insert into ${table("checkpoint_blobs")} (thread_id, checkpoint_ns, channel, version, type, blob)
          select $1::text, $2::text, b.channel, b.version, b.type, b.blob from unnest($7::text[], $8::text[], $9::text[], $10::bytea[]) as b(channel, version, type, blob)
          on conflict (thread_id, checkpoint_ns, channel, version) do nothing
        )
        insert into ${table("checkpoints")} (thread_id, checkpoint_ns, checkpoint_id, parent_checkpoint_id, checkpoint, metadata)
        values ($1, $2, $3, $4, $5, $6)
        on conflict (thread_id, checkpoint_ns, checkpoint_id) do update set checkpoint = excluded.checkpoint, metadata = excluded.metadata`,
      ),
      insertWrites: named(schema, "insert-writes", writesSql(table("checkpoint_writes"), "do nothing")),
      upsertWrites: named(
        schema,
        "upsert-writes",
        writesSql(table("checkpoint_writes"), "do update set channel = excluded.channel, type = excluded.type, blob = excluded.blob"),
      ),
    };
    statements.set(schema, found);
  }
  return found;
}

function writesSql(table: string, onConflict: string): string {
  return `insert into ${table} (thread_id, checkpoint_ns, checkpoint_id, task_id, idx, channel, type, blob)
    select $1::text, $2::text, $3::text, $4::text, w.idx, w.channel, w.type, w.blob from unnest($5::int[], $6::text[], $7::text[], $8::bytea[]) as w(idx, channel, type, blob)
    on conflict (thread_id, checkpoint_ns, checkpoint_id, task_id, idx) ${onConflict}`;
}

export type CheckpointBlob = { channel: string; version: string; type: string; blob: Uint8Array | null };

/** A checkpoint and its new channel values, in one statement. */
export async function insertCheckpoint(
  pool: Pool,
  schema: string,
  row: { threadId: string; ns: string; checkpointId: string; parentId: string | undefined; checkpoint: unknown; metadata: unknown; blobs: CheckpointBlob[] },
): Promise<void> {
  await pool.query({
    ...statementsFor(schema).put,
    values: [
      row.threadId,
      row.ns,
      row.checkpointId,
      row.parentId,
      row.checkpoint,
      row.metadata,
      row.blobs.map((b) => b.channel),
      row.blobs.map((b) => b.version),
      row.blobs.map((b) => b.type),
      row.blobs.map((b) => b.blob),
    ],
  });
}

export type TaskWrite = { idx: number; channel: string; type: string; blob: Uint8Array };

/**
 * A task's writes, in one statement. `replace`: special writes (an error, an interrupt, a
 * resume) replace an earlier write at their position; ordinary ones keep the first.
 */
export async function insertTaskWrites(
  pool: Pool,
  schema: string,
  input: { threadId: string; ns: string; checkpointId: string; taskId: string; writes: TaskWrite[]; replace: boolean },
): Promise<void> {
  const sql = statementsFor(schema);
  await pool.query({
    ...(input.replace ? sql.upsertWrites : sql.insertWrites),
    values: [
      input.threadId,
      input.ns,
      input.checkpointId,
      input.taskId,
      input.writes.map((w) => w.idx),
      input.writes.map((w) => w.channel),
      input.writes.map((w) => w.type),
      input.writes.map((w) => w.blob),
    ],
  });
}

/**
 * The start of the checkpoint read (`select ... from checkpoints cp `, a where clause follows),
 * in place of PostgresSaver's own for `getTuple` and `list`: the same columns, but each of the
 * checkpoint's channel values is fetched by its key, one index probe per channel. LangGraph's
 * join lets Postgres hash every value the thread has ever written (thousands in a long
 * conversation, each also checked by row-level security) to find the twenty-odd it needs; the
 * `limit 1` (the key is unique) keeps the look-up a per-channel probe.
 */
export function checkpointSelect(schema: string): string {
  const table = (name: string) => `"${schema}"."${name}"`;
  return `select
    thread_id,
    checkpoint,
    checkpoint_ns,
    checkpoint_id,
    parent_checkpoint_id,
    metadata,
    (
      select array_agg(array[cv.key::bytea, bl.type::bytea, bl.blob])
      from jsonb_each_text(cp.checkpoint -> 'channel_versions') as cv
      cross join lateral (
        select b.type, b.blob from ${table("checkpoint_blobs")} b
        where b.thread_id = cp.thread_id and b.checkpoint_ns = cp.checkpoint_ns and b.channel = cv.key and b.version = cv.value
        limit 1
      ) as bl
    ) as channel_values,
    (
      select array_agg(array[cw.task_id::text::bytea, cw.channel::bytea, cw.type::bytea, cw.blob] order by cw.task_id, cw.idx)
      from ${table("checkpoint_writes")} cw
      where cw.thread_id = cp.thread_id and cw.checkpoint_ns = cp.checkpoint_ns and cw.checkpoint_id = cp.checkpoint_id
    ) as pending_writes
  from ${table("checkpoints")} cp `;
}
