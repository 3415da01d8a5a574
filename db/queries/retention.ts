import { randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../client";
import { CHECKPOINT_SCHEMA } from "../migrate";
import { checkpointPins, jobRuns, legalHolds, retentionMarks, retentionPolicies } from "../schema";
import { planPrune, type CheckpointNode, type RetentionMode } from "./retention-plan";

const cp = sql.raw(`"${CHECKPOINT_SCHEMA}".checkpoints`);
const cpWrites = sql.raw(`"${CHECKPOINT_SCHEMA}".checkpoint_writes`);
const cpBlobs = sql.raw(`"${CHECKPOINT_SCHEMA}".checkpoint_blobs`);

export type Policy = {
  idleDays: number;
  mode: RetentionMode;
  messageDays: number;
  nodeEventDays: number;
  sessionDays: number;
};

export type PolicyDefaults = Policy;

const DAY_MS = 24 * 60 * 60 * 1000;
const before = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** Every tenant that has threads, staff or a policy, each with its policy (a row's values, the defaults for the rest). */
export async function tenantPolicies(db: DbOrTx, defaults: PolicyDefaults): Promise<Map<string, Policy>> {
  const tenants = await db.execute<{ tenant_id: string }>(sql`
    select tenant_id from threads union select tenant_id from users union select tenant_id from retention_policies order by 1`);
  const rows = new Map((await db.select().from(retentionPolicies)).map((r) => [r.tenantId, r]));
  return new Map(
    tenants.rows.map(({ tenant_id }) => {
      const row = rows.get(tenant_id);
      return [
        tenant_id,
        {
          idleDays: row?.idleDays ?? defaults.idleDays,
          mode: row?.mode ?? defaults.mode,
          messageDays: row?.messageDays ?? defaults.messageDays,
          nodeEventDays: row?.nodeEventDays ?? defaults.nodeEventDays,
          sessionDays: row?.sessionDays ?? defaults.sessionDays,
        },
      ];
    }),
  );
}

/**
 * Why a thread must not be touched now: it is running or leased, paused at the gate, has a
 * customer message queued or unanswered, has a decision or a refund not yet final, or is
 * under a legal hold. Used both to pick candidates and, under the thread's row lock, to
 * re-check one just before it is pruned.
 */
const untouchable = (t: ReturnType<typeof sql.raw>) => sql`(
  ${t}.status <> 'idle'
  or exists (select 1 from messages m where m.thread_id = ${t}.id and (m.queued or (m.role = 'customer' and m.answered_at is null)))
  or exists (select 1 from approvals a where a.thread_id = ${t}.id and a.status in ('pending', 'approved', 'executing'))
  or exists (select 1 from legal_holds h where h.thread_id = ${t}.id and h.released_at is null))`;

const lastActive = (t: ReturnType<typeof sql.raw>) => sql`greatest(
  ${t}.updated_at,
  (select max(m.created_at) from messages m where m.thread_id = ${t}.id),
  (select max((c.checkpoint->>'ts')::timestamptz) from ${cp} c where c.thread_id = ${t}.id and c.checkpoint_ns = ''))`;

/**
 * Threads of a tenant idle since before `cutoff`, touchable, with checkpoints, and not
 * already pruned under this mode since their last activity; at most `limit`, oldest first.
 */
export async function idleThreads(db: DbOrTx, tenantId: string, cutoff: Date, mode: RetentionMode, limit: number) {
  const t = sql.raw("t");
  const result = await db.execute<{ id: string; last_active: string }>(sql`
    select id, last_active from (
      select t.id, ${lastActive(t)} as last_active from threads t
       where t.tenant_id = ${tenantId} and t.updated_at < ${cutoff.toISOString()}::timestamptz and not ${untouchable(t)}
         and exists (select 1 from ${cp} c where c.thread_id = t.id and c.checkpoint_ns = '')) x
     where last_active < ${cutoff.toISOString()}::timestamptz
       and not exists (select 1 from retention_marks r where r.thread_id = x.id and r.mode = ${mode} and r.last_active_at >= x.last_active)
     order by last_active limit ${limit}`);
  return result.rows.map((r) => ({ id: r.id, lastActive: new Date(r.last_active) }));
}

/** The thread's checkpoints (root namespace) with the channels of their pending writes. */
async function checkpointNodes(db: DbOrTx, threadId: string): Promise<CheckpointNode[]> {
  const result = await db.execute<{ id: string; parent_id: string | null; channels: string[] | null }>(sql`
    select c.checkpoint_id as id, c.parent_checkpoint_id as parent_id,
           (select array_agg(distinct w.channel) from ${cpWrites} w
             where w.thread_id = c.thread_id and w.checkpoint_ns = c.checkpoint_ns and w.checkpoint_id = c.checkpoint_id) as channels
      from ${cp} c where c.thread_id = ${threadId} and c.checkpoint_ns = ''`);
  return result.rows.map((r) => ({ id: r.id, parentId: r.parent_id, channels: r.channels ?? [] }));
}

async function pinnedIds(db: DbOrTx, threadId: string): Promise<string[]> {
  const rows = await db.select({ id: checkpointPins.checkpointId }).from(checkpointPins).where(eq(checkpointPins.threadId, threadId));
  return rows.map((r) => r.id);
}

export type ThreadPrune = { checkpoints: number; writes: number; blobs: number; bytes: number };

/** What pruning the thread would remove: checkpoints, their pending writes, and blobs no kept checkpoint refers to. */
async function measurePrune(db: DbOrTx, threadId: string, prune: string[]): Promise<ThreadPrune> {
  if (prune.length === 0) return { checkpoints: 0, writes: 0, blobs: 0, bytes: 0 };
  const ids = sql`array[${sql.join(
    prune.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`;
  const result = await db.execute<{ writes: number; write_bytes: number; blobs: number; blob_bytes: number; cp_bytes: number }>(sql`
    select
      (select count(*)::int from ${cpWrites} where thread_id = ${threadId} and checkpoint_ns = '' and checkpoint_id = any(${ids})) as writes,
      (select coalesce(sum(octet_length(blob)), 0)::bigint from ${cpWrites} where thread_id = ${threadId} and checkpoint_ns = '' and checkpoint_id = any(${ids})) as write_bytes,
      (select coalesce(sum(pg_column_size(checkpoint) + pg_column_size(metadata)), 0)::bigint from ${cp} where thread_id = ${threadId} and checkpoint_ns = '' and checkpoint_id = any(${ids})) as cp_bytes,
      count(*)::int as blobs, coalesce(sum(octet_length(b.blob)), 0)::bigint as blob_bytes
      from ${cpBlobs} b
     where b.thread_id = ${threadId} and b.checkpoint_ns = ''
       and not exists (select 1 from ${cp} c, jsonb_each_text(c.checkpoint->'channel_versions') v
                        where c.thread_id = b.thread_id and c.checkpoint_ns = b.checkpoint_ns
                          and not (c.checkpoint_id = any(${ids})) and v.key = b.channel and v.value = b.version)`);
  const r = result.rows[0]!;
  return {
    checkpoints: prune.length,
    writes: Number(r.writes),
    blobs: Number(r.blobs),
    bytes: Number(r.write_bytes) + Number(r.blob_bytes) + Number(r.cp_bytes),
  };
}

/** What pruning the thread would remove now, without changing anything. */
export async function previewThread(db: DbOrTx, threadId: string, mode: RetentionMode): Promise<ThreadPrune> {
  const { prune } = planPrune(await checkpointNodes(db, threadId), await pinnedIds(db, threadId), mode);
  return measurePrune(db, threadId, prune);
}

/**
 * Prunes one thread in one short transaction. The thread's row is locked the way a run's
 * claim locks it, and every reason not to touch it is checked again under that lock: a
 * thread that became busy, paused or held since it was picked is skipped (null), and a
 * run that wants it waits for the prune to commit. Kept checkpoints keep every blob
 * version their channels refer to; only blobs no kept checkpoint refers to are deleted.
 */
export async function pruneThread(db: Db, threadId: string, mode: RetentionMode, lastActiveAt: Date): Promise<ThreadPrune | null> {
  return db.transaction(async (tx) => {
    const t = sql.raw("t");
    const locked = await tx.execute<{ id: string; tenant_id: string; blocked: boolean }>(sql`
      select t.id, t.tenant_id, ${untouchable(t)} as blocked from threads t where t.id = ${threadId} for no key update`);
    const row = locked.rows[0];
    if (!row || row.blocked) return null;
    const { prune } = planPrune(await checkpointNodes(tx, threadId), await pinnedIds(tx, threadId), mode);
    const counts = await measurePrune(tx, threadId, prune);
    if (prune.length > 0) {
      const ids = sql`array[${sql.join(
        prune.map((id) => sql`${id}`),
        sql`, `,
      )}]::text[]`;
      await tx.execute(sql`delete from ${cpWrites} where thread_id = ${threadId} and checkpoint_ns = '' and checkpoint_id = any(${ids})`);
      await tx.execute(sql`delete from ${cp} where thread_id = ${threadId} and checkpoint_ns = '' and checkpoint_id = any(${ids})`);
      await tx.execute(sql`
        delete from ${cpBlobs} b
         where b.thread_id = ${threadId} and b.checkpoint_ns = ''
           and not exists (select 1 from ${cp} c, jsonb_each_text(c.checkpoint->'channel_versions') v
                            where c.thread_id = b.thread_id and c.checkpoint_ns = b.checkpoint_ns and v.key = b.channel and v.value = b.version)`);
    }
    await tx
      .insert(retentionMarks)
      .values({ threadId, tenantId: row.tenant_id, lastActiveAt, mode })
      .onConflictDoUpdate({ target: retentionMarks.threadId, set: { lastActiveAt, mode, prunedAt: sql`now()` } });
    return counts;
  });
}

/** Rows older than their window, of resting threads not under a legal hold (ledger and cards calls are kept). */
const oldMessages = (tenantId: string, cutoff: Date) => sql`
  select m.id from messages m join threads t on t.id = m.thread_id
   where m.tenant_id = ${tenantId} and m.created_at < ${cutoff.toISOString()}::timestamptz
     and not m.queued and (m.role = 'agent' or m.answered_at is not null)
     and t.status = 'idle'
     and not exists (select 1 from legal_holds h where h.thread_id = m.thread_id and h.released_at is null)`;

const oldNodeEvents = (tenantId: string, cutoff: Date) => sql`
  select e.id from node_events e join threads t on t.id = e.thread_id
   where e.tenant_id = ${tenantId} and e.at < ${cutoff.toISOString()}::timestamptz
     and (e.system is null or e.system not in ('ledger', 'cards'))
     and t.status = 'idle'
     and not exists (select 1 from legal_holds h where h.thread_id = e.thread_id and h.released_at is null)`;

const oldSessions = (tenantId: string, cutoff: Date) => sql`
  select s.id from sessions s join users u on u.id = s.user_id
   where u.tenant_id = ${tenantId} and s.created_at < ${cutoff.toISOString()}::timestamptz`;

const windows = {
  messages: { table: sql.raw("messages"), rows: oldMessages, days: (p: Policy) => p.messageDays },
  nodeEvents: { table: sql.raw("node_events"), rows: oldNodeEvents, days: (p: Policy) => p.nodeEventDays },
  sessions: { table: sql.raw("sessions"), rows: oldSessions, days: (p: Policy) => p.sessionDays },
} as const;

export type WindowKind = keyof typeof windows;
export const WINDOW_KINDS = Object.keys(windows) as WindowKind[];

/** How many rows of `kind` are past the tenant's window. */
export async function countPastWindow(db: DbOrTx, kind: WindowKind, tenantId: string, policy: Policy, now: Date): Promise<number> {
  const w = windows[kind];
  const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from (${w.rows(tenantId, before(now, w.days(policy)))}) x`);
  return result.rows[0]!.n;
}

/** Deletes the rows of `kind` past the tenant's window, `batch` at a time so no statement holds its locks for long. */
export async function deletePastWindow(db: DbOrTx, kind: WindowKind, tenantId: string, policy: Policy, now: Date, batch = 1000): Promise<number> {
  const w = windows[kind];
  let total = 0;
  for (;;) {
    const result = await db.execute<{ id: unknown }>(sql`
      delete from ${w.table} where id in (${w.rows(tenantId, before(now, w.days(policy)))} limit ${batch}) returning id`);
    total += result.rows.length;
    if (result.rows.length < batch) return total;
  }
}

export const idleCutoff = (now: Date, policy: Policy) => before(now, policy.idleDays);

/**
 * Claims this interval's run of `job` for `instance`: true for exactly one caller per
 * interval, whichever instance inserts the interval's row first.
 */
export async function claimInterval(db: DbOrTx, job: string, intervalMs: number, now: Date, instance: string): Promise<Date | null> {
  const slot = new Date(Math.floor(now.getTime() / intervalMs) * intervalMs);
  const result = await db.insert(jobRuns).values({ job, slot, instance }).onConflictDoNothing().returning({ slot: jobRuns.slot });
  return result[0]?.slot ?? null;
}

export async function finishInterval(db: DbOrTx, job: string, slot: Date, counts: Record<string, number>) {
  await db
    .update(jobRuns)
    .set({ finishedAt: sql`now()`, counts })
    .where(and(eq(jobRuns.job, job), eq(jobRuns.slot, slot)));
  await db.execute(sql`delete from job_runs where job = ${job} and slot < ${before(slot, 7).toISOString()}::timestamptz`);
}

export type Pin = typeof checkpointPins.$inferSelect;
export type LegalHold = typeof legalHolds.$inferSelect;

/** Pins a checkpoint of the thread; false when it was pinned already. */
export async function pinCheckpoint(db: DbOrTx, pin: { tenantId: string; threadId: string; checkpointId: string; pinnedBy: string; reason: string }) {
  const rows = await db.insert(checkpointPins).values(pin).onConflictDoNothing().returning();
  return rows.length > 0;
}

export async function listPins(db: DbOrTx, tenantId: string, threadId: string): Promise<Pin[]> {
  return db
    .select()
    .from(checkpointPins)
    .where(and(eq(checkpointPins.tenantId, tenantId), eq(checkpointPins.threadId, threadId)))
    .orderBy(checkpointPins.pinnedAt);
}

export async function activeHold(db: DbOrTx, tenantId: string, threadId: string): Promise<LegalHold | null> {
  const [row] = await db
    .select()
    .from(legalHolds)
    .where(and(eq(legalHolds.tenantId, tenantId), eq(legalHolds.threadId, threadId), isNull(legalHolds.releasedAt)));
  return row ?? null;
}

/** Places a legal hold on the thread; null when one is already in force. */
export async function placeHold(db: DbOrTx, hold: { tenantId: string; threadId: string; placedBy: string; reason: string }): Promise<LegalHold | null> {
  const rows = await db
    .insert(legalHolds)
    .values({ id: randomUUID(), ...hold })
    .onConflictDoNothing({ target: legalHolds.threadId, where: sql`${legalHolds.releasedAt} is null` })
    .returning();
  return rows[0] ?? null;
}

/**
 * Releases the thread's legal hold; null when none is in force. The thread's retention
 * mark goes with it, so the next sweep considers the thread again.
 */
export async function releaseHold(db: Db, input: { tenantId: string; threadId: string; releasedBy: string }): Promise<LegalHold | null> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(legalHolds)
      .set({ releasedBy: input.releasedBy, releasedAt: sql`now()` })
      .where(and(eq(legalHolds.tenantId, input.tenantId), eq(legalHolds.threadId, input.threadId), isNull(legalHolds.releasedAt)))
      .returning();
    if (rows[0]) await tx.delete(retentionMarks).where(eq(retentionMarks.threadId, input.threadId));
    return rows[0] ?? null;
  });
}

export type PolicyChange = Partial<Omit<Policy, "mode">> & { mode?: RetentionMode };

/** Sets some of a tenant's retention policy; columns not given keep their value (or the default). */
export async function setPolicy(db: DbOrTx, tenantId: string, change: PolicyChange) {
  const [row] = await db
    .insert(retentionPolicies)
    .values({ tenantId, ...change })
    .onConflictDoUpdate({ target: retentionPolicies.tenantId, set: { ...change, updatedAt: sql`now()` } })
    .returning();
  return row!;
}
