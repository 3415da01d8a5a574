import type { OpsMinute, OpsSummary } from "@/app/api/ops/summary/schema";
import type { Db } from "@/db/client";
import {
  databaseNow,
  degradedChecksPerMinute,
  executedRefundsPerMinute,
  failedRefundsPerMinute,
  invalidStatesSince,
  languageModelUse,
  opsSamplesSince,
  turnsPerMinute,
  unconfirmedRefunds,
  waitingApprovalAges,
  waitingApprovalsPerMinute,
  type MinuteCount,
} from "@/db/queries/ops";
import { env } from "@/env";
import { BYTES, LARGE_CHECKPOINT_BYTES, WRITE_SECONDS } from "@/observability/metrics";
import { addBuckets, bucketQuantile } from "@/observability/quantile";
import { canaryForOps } from "./canary";

const MINUTE_MS = 60_000;
export const WINDOW_MINUTES = 60;
export const LIVE_MINUTES = 5;

/** Age bands of the approvals waiting now, by their upper edge in seconds; the last band is open. */
const AGE_BANDS: { label: string; upToSeconds?: number }[] = [
  { label: "under 5 min", upToSeconds: 5 * 60 },
  { label: "5–30 min", upToSeconds: 30 * 60 },
  { label: "30 min–2 h", upToSeconds: 2 * 60 * 60 },
  { label: "2–12 h", upToSeconds: 12 * 60 * 60 },
  { label: "12 h or more" },
];

type Accumulated = {
  turns: number;
  executed: number;
  failed: number;
  retried: number;
  takeovers: number;
  degraded: Record<string, number>;
  rateLimited: Record<string, number>;
  writes: number[];
  sizes: number[];
  over1Mb: number;
};

const empty = (): Accumulated => ({
  turns: 0,
  executed: 0,
  failed: 0,
  retried: 0,
  takeovers: 0,
  degraded: {},
  rateLimited: {},
  writes: [],
  sizes: [],
  over1Mb: 0,
});

function addCounts(into: Record<string, number>, more: Record<string, number>) {
  for (const [key, n] of Object.entries(more)) into[key] = (into[key] ?? 0) + n;
}

function merge(into: Accumulated, more: Accumulated): Accumulated {
  into.turns += more.turns;
  into.executed += more.executed;
  into.failed += more.failed;
  into.retried += more.retried;
  into.takeovers += more.takeovers;
  addCounts(into.degraded, more.degraded);
  addCounts(into.rateLimited, more.rateLimited);
  addBuckets(into.writes, more.writes);
  addBuckets(into.sizes, more.sizes);
  into.over1Mb += more.over1Mb;
  return into;
}

const round = (n: number | null, digits: number) => (n === null ? null : Number(n.toFixed(digits)));

function figures(a: Accumulated, seconds: number) {
  const writeSeconds = (q: number) => bucketQuantile(q, WRITE_SECONDS, a.writes);
  const ms = (s: number | null) => round(s === null ? null : s * 1000, 2);
  return {
    turns: a.turns,
    turnsPerSecond: Number((a.turns / seconds).toFixed(4)),
    refunds: { executed: a.executed, failed: a.failed, retried: a.retried },
    takeovers: a.takeovers,
    degraded: a.degraded,
    rateLimited: a.rateLimited,
    checkpoints: {
      writes: a.writes.reduce((x, y) => x + y, 0),
      writeP50Ms: ms(writeSeconds(0.5)),
      writeP95Ms: ms(writeSeconds(0.95)),
      sizeP50Bytes: round(bucketQuantile(0.5, BYTES, a.sizes), 0),
      sizeP95Bytes: round(bucketQuantile(0.95, BYTES, a.sizes), 0),
      over1Mb: a.over1Mb,
    },
  };
}

/**
 * The ops page's figures for one tenant over the last hour, minute by minute. Turns,
 * refunds executed and failed, degraded checks and waiting approvals are read from the
 * rows the app keeps anyway (every instance's, durable). Checkpoint write times and sizes,
 * refunds retried, takeovers and requests refused over a budget exist only in each instance's memory: they come from the
 * samples every instance writes (see opsSampler), across all tenants of the deployment,
 * and lag by up to one sampling interval.
 */
export async function opsSummary(db: Db, tenantId: string, keyWindowMs = env().LEDGER_KEY_WINDOW_MS): Promise<OpsSummary> {
  const now = await databaseNow(db);
  const current = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
  const since = new Date(current - (WINDOW_MINUTES - 1) * MINUTE_MS);
  const [turns, executed, failed, degraded, waiting, ages, samples, unconfirmed, llm, invalidStates, canary] = await Promise.all([
    turnsPerMinute(db, tenantId, since),
    executedRefundsPerMinute(db, tenantId, since),
    failedRefundsPerMinute(db, tenantId, since),
    degradedChecksPerMinute(db, tenantId, since),
    waitingApprovalsPerMinute(db, tenantId, since),
    waitingApprovalAges(
      db,
      tenantId,
      AGE_BANDS.flatMap((b) => (b.upToSeconds === undefined ? [] : [b.upToSeconds])),
    ),
    opsSamplesSince(db, since),
    unconfirmedRefunds(db, tenantId, keyWindowMs),
    languageModelUse(db, tenantId, since),
    invalidStatesSince(db, tenantId, since),
    canaryForOps(db, tenantId, now),
  ]);

  const slots = Array.from({ length: WINDOW_MINUTES }, empty);
  const waitingAt = new Array<number>(WINDOW_MINUTES).fill(0);
  const slot = (at: Date) => Math.floor((at.getTime() - since.getTime()) / MINUTE_MS);
  const each = (rows: MinuteCount[], add: (a: Accumulated, row: MinuteCount) => void) => {
    for (const row of rows) {
      const i = slot(row.minute);
      if (i >= 0 && i < WINDOW_MINUTES) add(slots[i]!, row);
    }
  };
  each(turns, (a, r) => (a.turns += r.count));
  each(executed, (a, r) => (a.executed += r.count));
  each(failed, (a, r) => (a.failed += r.count));
  each(degraded, (a, r) => (a.degraded[r.key] = (a.degraded[r.key] ?? 0) + r.count));
  for (const row of waiting) {
    const i = slot(row.minute);
    if (i >= 0 && i < WINDOW_MINUTES) waitingAt[i] = row.count;
  }
  for (const s of samples) {
    const i = Math.min(slot(s.at), WINDOW_MINUTES - 1);
    if (i < 0) continue;
    merge(slots[i]!, {
      ...empty(),
      retried: s.refundsRetried,
      takeovers: s.takeovers,
      rateLimited: s.rateLimited,
      writes: s.checkpointWriteBuckets,
      sizes: s.checkpointSizeBuckets,
      over1Mb: s.checkpointsOver1Mb,
    });
  }

  const minutes: OpsMinute[] = slots.map((a, i) => {
    const start = since.getTime() + i * MINUTE_MS;
    const seconds = Math.max(1, Math.min(MINUTE_MS, now.getTime() - start) / 1000);
    return { at: new Date(start).toISOString(), ...figures(a, seconds), approvalsWaiting: waitingAt[i]! };
  });
  const recent = slots.slice(-LIVE_MINUTES).reduce((into, a) => merge(into, a), empty());
  const liveSeconds = Math.max(1, (now.getTime() - (current - (LIVE_MINUTES - 1) * MINUTE_MS)) / 1000);
  const systems = [...new Set(slots.flatMap((a) => Object.keys(a.degraded)))].sort();

  return {
    generatedAt: now.toISOString(),
    bucketSeconds: 60,
    minutes,
    live: { seconds: Number(liveSeconds.toFixed(1)), ...figures(recent, liveSeconds) },
    approvals: {
      waiting: ages.bands.reduce((x, y) => x + y, 0),
      oldestAgeSeconds: round(ages.oldestSeconds, 0),
      ages: AGE_BANDS.map((b, i) => ({ label: b.label, count: ages.bands[i] ?? 0 })),
    },
    unconfirmedRefunds: { ...unconfirmed, keyWindowMs },
    systems,
    invalidStates,
    languageModel: llm.map((r) => ({
      ...r,
      costPerAnswer: r.answers === 0 ? [] : r.cost.map((c) => ({ currency: c.currency, micros: Number((c.micros / r.answers).toFixed(1)) })),
    })),
    canary,
    largeCheckpointBytes: LARGE_CHECKPOINT_BYTES,
  };
}
