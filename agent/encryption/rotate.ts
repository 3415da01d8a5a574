import type { Pool } from "pg";
import * as stored from "@/db/queries/key-rotation";
import { isEnvelope, openJson, sealJson } from "./envelope";
import type { KeyRing } from "./keys";
import { EncryptingSerializer, encryptedType } from "./serializer";

export type TableCounts = Record<"checkpoint_blobs" | "checkpoint_writes" | "node_events", Record<string, number>>;

/** What one table's rotation did: values re-encrypted, and values changed by the app meanwhile (left as the app wrote them). */
export type Rotated = { table: keyof TableCounts; rewritten: number; changedMeanwhile: number };

export type RotationReport = { writeKeyId: string; before: TableCounts; rotated: Rotated[]; after: TableCounts | null };

/**
 * Re-encrypts every checkpoint value, task write and node-event body not under the ring's
 * write key (clear ones included) under it, `batchSize` rows at a time, each batch one short
 * statement. Safe while the app runs: new rows are written under the write key already
 * (once every instance has it), and a row the app replaced meanwhile is left alone. A value
 * under a key the ring does not hold stops it with an error naming that key. `dryRun` only counts.
 */
export async function rotateKeys(
  pool: Pool,
  ring: KeyRing,
  opts: { dryRun?: boolean; batchSize?: number; onBatch?: (table: string, rewritten: number) => void } = {},
): Promise<RotationReport> {
  const batchSize = opts.batchSize ?? 200;
  const before = await stored.countByKey(pool);
  if (opts.dryRun) return { writeKeyId: ring.writeKeyId, before, rotated: [], after: null };
  const serde = new EncryptingSerializer(ring);
  const prefix = encryptedType(ring.writeKeyId, "");
  const note = opts.onBatch ?? (() => {});
  const rotated: Rotated[] = [];

  let blobs: Rotated = { table: "checkpoint_blobs", rewritten: 0, changedMeanwhile: 0 };
  for (let after: stored.StoredBlob | null = null; ;) {
    const batch = await stored.blobsNotUnder(pool, prefix, after, batchSize);
    if (batch.length === 0) break;
    const done = await stored.rewriteBlobs(
      pool,
      batch.map((row) => withSealed(serde, row)),
    );
    blobs = { ...blobs, rewritten: blobs.rewritten + done, changedMeanwhile: blobs.changedMeanwhile + batch.length - done };
    note(blobs.table, done);
    after = batch[batch.length - 1]!;
  }
  rotated.push(blobs);

  let writes: Rotated = { table: "checkpoint_writes", rewritten: 0, changedMeanwhile: 0 };
  for (let after: stored.StoredWrite | null = null; ;) {
    const batch = await stored.writesNotUnder(pool, prefix, after, batchSize);
    if (batch.length === 0) break;
    const done = await stored.rewriteWrites(
      pool,
      batch.map((row) => withSealed(serde, row)),
    );
    writes = { ...writes, rewritten: writes.rewritten + done, changedMeanwhile: writes.changedMeanwhile + batch.length - done };
    note(writes.table, done);
    after = batch[batch.length - 1]!;
  }
  rotated.push(writes);

  let events: Rotated = { table: "node_events", rewritten: 0, changedMeanwhile: 0 };
  const reseal = (value: unknown, what: string) =>
    value === null || value === undefined || (isEnvelope(value) && value.kid === ring.writeKeyId) ? value : sealJson(ring, openJson(ring, value, what));
  for (let afterId = 0; ;) {
    const batch = await stored.eventsNotUnder(pool, ring.writeKeyId, afterId, batchSize);
    if (batch.length === 0) break;
    const rows = batch.map((row) => ({
      ...row,
      newRequest: reseal(row.request, "node event request"),
      newResponse: reseal(row.response, "node event response"),
    }));
    const done = await stored.rewriteEvents(pool, rows);
    events = { ...events, rewritten: events.rewritten + done, changedMeanwhile: events.changedMeanwhile + batch.length - done };
    note(events.table, done);
    afterId = batch[batch.length - 1]!.id;
  }
  rotated.push(events);

  return { writeKeyId: ring.writeKeyId, before, rotated, after: await stored.countByKey(pool) };
}

function withSealed<R extends { type: string; blob: Buffer }>(serde: EncryptingSerializer, row: R): R & { newType: string; newBlob: Buffer } {
  const [newType, newBlob] = serde.reseal(row.type, row.blob);
  return { ...row, newType, newBlob };
}
