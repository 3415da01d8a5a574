import type { Pool } from "pg";
import { CHECKPOINT_SCHEMA } from "../migrate";

/**
 * What `npm run keys:rotate` reads and rewrites: stored values not yet under the current
 * write key, in small batches. The encryption key is the deployment's, not a tenant's, so these
 * span every tenant (the checkpoint tables have no tenant column). Each rewrite is one
 * statement, so one short transaction, and a compare-and-set: a row whose value changed since
 * it was read (a special task write upserted meanwhile) is left as the app wrote it.
 */
const table = (name: string) => `"${CHECKPOINT_SCHEMA}"."${name}"`;

/** The JSON values the saver stores in clear, having nothing to hide (see `isEmptyValue` in agent/encryption). */
export const EMPTY_JSON_VALUES = ["null", '""', "[]", "{}"] as const;
const emptyValue = `(type = 'json' and blob in (${EMPTY_JSON_VALUES.map((v) => `'${v}'::bytea`).join(", ")}))`;

/** The key id of a stored value's type tag (`enc:<id>:json`), `empty` for an empty value, or `clear`. */
const keyOfType = `case when type like 'enc:%' then split_part(type, ':', 2) when ${emptyValue} then 'empty' else 'clear' end`;
/** A value neither under the key `prefix` names nor an empty one in clear. */
const notUnder = (param: string) => `left(type, length(${param})) <> ${param} and not ${emptyValue}`;

export type StoredBlob = { threadId: string; ns: string; channel: string; version: string; type: string; blob: Buffer };
export type StoredWrite = { threadId: string; ns: string; checkpointId: string; taskId: string; idx: number; type: string; blob: Buffer };
export type StoredEvent = { id: number; request: unknown; response: unknown };

/** Counts of stored values by the key they are under (`empty` for an empty value, `clear` for any other in clear), per table. */
export async function countByKey(pool: Pool): Promise<Record<"checkpoint_blobs" | "checkpoint_writes" | "node_events", Record<string, number>>> {
  const grouped = async (text: string) => {
    const { rows } = await pool.query<{ key: string; n: number }>(text);
    return Object.fromEntries(rows.map((r) => [r.key, r.n]));
  };
  const eventKey = (c: string) => `case when ${c}->>'enc' = 'aes-256-gcm' then ${c}->>'kid' else 'clear' end`;
  const events = (c: string) => `select ${eventKey(c)} as key from node_events where ${c} is not null and jsonb_typeof(${c}) <> 'null'`;
  return {
    checkpoint_blobs: await grouped(
      `select ${keyOfType} as key, count(*)::int as n from ${table("checkpoint_blobs")} where blob is not null group by 1 order by 1`,
    ),
    checkpoint_writes: await grouped(`select ${keyOfType} as key, count(*)::int as n from ${table("checkpoint_writes")} group by 1 order by 1`),
    node_events: await grouped(`select key, count(*)::int as n from (${events("request")} union all ${events("response")}) v group by 1 order by 1`),
  };
}

/** Channel values not under `prefix` (`enc:<writeKeyId>:`), after `after` in key order. */
export async function blobsNotUnder(pool: Pool, prefix: string, after: StoredBlob | null, limit: number): Promise<StoredBlob[]> {
  const { rows } = await pool.query(
    `select thread_id as "threadId", checkpoint_ns as ns, channel, version, type, blob from ${table("checkpoint_blobs")}
     where blob is not null and ${notUnder("$1")}
       and ($2::text is null or (thread_id, checkpoint_ns, channel, version) > ($2, $3, $4, $5))
     order by thread_id, checkpoint_ns, channel, version limit $6`,
    [prefix, after?.threadId ?? null, after?.ns ?? null, after?.channel ?? null, after?.version ?? null, limit],
  );
  return rows;
}

/** Rewrites channel values still holding the type they were read with; how many it rewrote. */
export async function rewriteBlobs(pool: Pool, rows: (StoredBlob & { newType: string; newBlob: Buffer })[]): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await pool.query(
    `update ${table("checkpoint_blobs")} b set type = u.new_type, blob = u.new_blob
     from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bytea[]) as u(thread_id, ns, channel, version, old_type, new_type, new_blob)
     where b.thread_id = u.thread_id and b.checkpoint_ns = u.ns and b.channel = u.channel and b.version = u.version and b.type = u.old_type`,
    [
      rows.map((r) => r.threadId),
      rows.map((r) => r.ns),
      rows.map((r) => r.channel),
      rows.map((r) => r.version),
      rows.map((r) => r.type),
      rows.map((r) => r.newType),
      rows.map((r) => r.newBlob),
    ],
  );
  return result.rowCount ?? 0;
}

/** Task writes not under `prefix`, after `after` in key order. */
export async function writesNotUnder(pool: Pool, prefix: string, after: StoredWrite | null, limit: number): Promise<StoredWrite[]> {
  const { rows } = await pool.query(
    `select thread_id as "threadId", checkpoint_ns as ns, checkpoint_id as "checkpointId", task_id as "taskId", idx, type, blob from ${table("checkpoint_writes")}
     where ${notUnder("$1")}
       and ($2::text is null or (thread_id, checkpoint_ns, checkpoint_id, task_id, idx) > ($2, $3, $4, $5, $6))
     order by thread_id, checkpoint_ns, checkpoint_id, task_id, idx limit $7`,
    [prefix, after?.threadId ?? null, after?.ns ?? null, after?.checkpointId ?? null, after?.taskId ?? null, after?.idx ?? null, limit],
  );
  return rows;
}

/**
 * Rewrites task writes still holding the type and bytes they were read with. Special writes
 * (an interrupt, a resume, an error) are upserted by the app; one replaced since it was read
 * no longer matches and keeps the app's value.
 */
export async function rewriteWrites(pool: Pool, rows: (StoredWrite & { newType: string; newBlob: Buffer })[]): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await pool.query(
    `update ${table("checkpoint_writes")} w set type = u.new_type, blob = u.new_blob
     from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::bytea[], $8::text[], $9::bytea[])
       as u(thread_id, ns, checkpoint_id, task_id, idx, old_type, old_blob, new_type, new_blob)
     where w.thread_id = u.thread_id and w.checkpoint_ns = u.ns and w.checkpoint_id = u.checkpoint_id and w.task_id = u.task_id and w.idx = u.idx
       and w.type = u.old_type and w.blob = u.old_blob`,
    [
      rows.map((r) => r.threadId),
      rows.map((r) => r.ns),
      rows.map((r) => r.checkpointId),
      rows.map((r) => r.taskId),
      rows.map((r) => r.idx),
      rows.map((r) => r.type),
      rows.map((r) => r.blob),
      rows.map((r) => r.newType),
      rows.map((r) => r.newBlob),
    ],
  );
  return result.rowCount ?? 0;
}

/** Whether a jsonb column holds a value that is not an envelope under key `$1`. */
const eventNotUnder = (c: string) =>
  `(${c} is not null and jsonb_typeof(${c}) <> 'null' and not coalesce(${c}->>'enc' = 'aes-256-gcm' and ${c}->>'kid' = $1, false))`;

/** Node events whose request or response is not under key `keyId`, after id `afterId`. */
export async function eventsNotUnder(pool: Pool, keyId: string, afterId: number, limit: number): Promise<StoredEvent[]> {
  const { rows } = await pool.query(
    `select id, request, response from node_events where id > $2 and (${eventNotUnder("request")} or ${eventNotUnder("response")}) order by id limit $3`,
    [keyId, afterId, limit],
  );
  return rows.map((r: { id: string | number; request: unknown; response: unknown }) => ({ id: Number(r.id), request: r.request, response: r.response }));
}

/** Rewrites node events' bodies when they still hold what was read (node events are insert-only; this guards against a retention sweep's delete and a second rotation at once). */
export async function rewriteEvents(pool: Pool, rows: (StoredEvent & { newRequest: unknown; newResponse: unknown })[]): Promise<number> {
  if (rows.length === 0) return 0;
  const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));
  const result = await pool.query(
    `update node_events e set request = u.new_request, response = u.new_response
     from unnest($1::bigint[], $2::jsonb[], $3::jsonb[], $4::jsonb[], $5::jsonb[]) as u(id, old_request, old_response, new_request, new_response)
     where e.id = u.id and e.request is not distinct from u.old_request and e.response is not distinct from u.old_response`,
    [
      rows.map((r) => r.id),
      rows.map((r) => json(r.request)),
      rows.map((r) => json(r.response)),
      rows.map((r) => json(r.newRequest)),
      rows.map((r) => json(r.newResponse)),
    ],
  );
  return result.rowCount ?? 0;
}
