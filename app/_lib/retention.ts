import type { Db } from "@/db/client";
import { recordAuditEvent } from "@/db/queries/audit";
import {
  claimInterval,
  countPastWindow,
  deletePastWindow,
  finishInterval,
  idleCutoff,
  idleThreads,
  previewThread,
  pruneThread,
  tenantPolicies,
  WINDOW_KINDS,
  type Policy,
  type WindowKind,
} from "@/db/queries/retention";
import { listTenantIds } from "@/db/queries/tenant-ids";
import { withTenant } from "@/db/tenant-context";
import { env } from "@/env";
import { metrics } from "@/observability/metrics";

/** What a sweep removed (or, dry, would remove) for one tenant. */
export type TenantSweep = {
  tenantId: string;
  policy: Policy;
  threads: number;
  checkpoints: number;
  writes: number;
  blobs: number;
  bytes: number;
  /** Threads picked as idle that became busy, paused or held before their prune, and were left alone. */
  skipped: number;
  /** Each pruned thread: its id, the checkpoints removed and their bytes. */
  pruned: { threadId: string; checkpoints: number; bytes: number }[];
} & Record<WindowKind, number>;

export function defaultPolicy(): Policy {
  const e = env();
  return {
    idleDays: e.RETENTION_IDLE_DAYS,
    mode: e.RETENTION_MODE,
    messageDays: e.RETENTION_MESSAGE_DAYS,
    nodeEventDays: e.RETENTION_NODE_EVENT_DAYS,
    sessionDays: e.RETENTION_SESSION_DAYS,
  };
}

export type SweepOptions = { now: Date; dryRun?: boolean; batch?: number; defaults?: Policy };

/**
 * One retention sweep over every tenant under its policy: idle threads' checkpoints are
 * pruned (one short transaction per thread), then messages, node events and sessions past
 * their windows are deleted in batches. Dry, nothing changes and the same figures say what
 * would go. A sweep that removed anything is audited per tenant (`retention.swept`, counts only).
 */
export async function sweepRetention(db: Db, options: SweepOptions): Promise<TenantSweep[]> {
  const { now, dryRun = false } = options;
  const batch = options.batch ?? env().RETENTION_BATCH;
  const defaults = options.defaults ?? defaultPolicy();
  const report: TenantSweep[] = [];
  // Tenant by tenant, each acting as itself: row-level security keeps each sweep to its tenant's rows.
  for (const tenantId of await listTenantIds(db)) {
    await withTenant(tenantId, async () => {
      const policy = (await tenantPolicies(db, defaults)).get(tenantId) ?? defaults;
      const sweep: TenantSweep = {
        tenantId,
        policy,
        threads: 0,
        checkpoints: 0,
        writes: 0,
        blobs: 0,
        bytes: 0,
        skipped: 0,
        messages: 0,
        nodeEvents: 0,
        sessions: 0,
        pruned: [],
      };
      for (const thread of await idleThreads(db, tenantId, idleCutoff(now, policy), policy.mode, batch)) {
        const pruned = dryRun ? await previewThread(db, thread.id, policy.mode) : await pruneThread(db, thread.id, policy.mode, thread.lastActive);
        if (!pruned) {
          sweep.skipped++;
          continue;
        }
        if (pruned.checkpoints > 0) {
          sweep.threads++;
          sweep.pruned.push({ threadId: thread.id, checkpoints: pruned.checkpoints, bytes: pruned.bytes });
        }
        sweep.checkpoints += pruned.checkpoints;
        sweep.writes += pruned.writes;
        sweep.blobs += pruned.blobs;
        sweep.bytes += pruned.bytes;
      }
      for (const kind of WINDOW_KINDS) {
        sweep[kind] = dryRun ? await countPastWindow(db, kind, tenantId, policy, now) : await deletePastWindow(db, kind, tenantId, policy, now);
      }
      if (!dryRun) {
        const { tenantId: _, policy: __, pruned: ___, ...counts } = sweep;
        for (const [kind, n] of Object.entries(counts)) if (kind !== "skipped" && kind !== "bytes" && n > 0) metrics().retentionRemoved.inc({ kind }, n);
        if (removedAnything(sweep)) {
          await recordAuditEvent(db, {
            tenantId,
            actor: "retention",
            action: "retention.swept",
            subjectType: "tenant",
            subjectId: tenantId,
            data: { ...counts, mode: policy.mode },
          });
        }
      }
      report.push(sweep);
    });
  }
  return report;
}

const removedAnything = (s: TenantSweep) => s.checkpoints + s.messages + s.nodeEvents + s.sessions > 0;

/** Sums a sweep's per-tenant figures, for the job's log line. */
export function totals(report: TenantSweep[]): Record<string, number> {
  const sum = (f: (s: TenantSweep) => number) => report.reduce((n, s) => n + f(s), 0);
  return {
    tenants: report.length,
    threads: sum((s) => s.threads),
    checkpoints: sum((s) => s.checkpoints),
    blobs: sum((s) => s.blobs),
    skipped: sum((s) => s.skipped),
    messages: sum((s) => s.messages),
    nodeEvents: sum((s) => s.nodeEvents),
    sessions: sum((s) => s.sessions),
  };
}

export const RETENTION_JOB = "retention";

/**
 * The sweep as a job every instance ticks: only the instance that claims the current
 * interval runs it, so it runs exactly once per RETENTION_INTERVAL_MS across instances.
 * Returns null when another instance has this interval.
 */
export async function sweepOncePerInterval(db: Db, input: { now: Date; instance: string; intervalMs?: number }): Promise<Record<string, number> | null> {
  const intervalMs = input.intervalMs ?? env().RETENTION_INTERVAL_MS;
  const slot = await claimInterval(db, RETENTION_JOB, intervalMs, input.now, input.instance);
  if (!slot) return null;
  const counts = totals(await sweepRetention(db, { now: input.now }));
  await finishInterval(db, RETENTION_JOB, slot, counts);
  return counts;
}
