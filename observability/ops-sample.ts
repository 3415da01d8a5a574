import type { Histogram } from "prom-client";
import type { DbOrTx } from "@/db/client";
import { deleteOpsSamplesBefore, insertOpsSample } from "@/db/queries/ops";
import { BYTES, metrics, WRITE_SECONDS } from "./metrics";

/** Samples older than this are deleted: the ops page shows the last hour, a day leaves room to look back by hand. */
export const OPS_SAMPLE_RETENTION_MS = 24 * 60 * 60 * 1000;

/** What this process has counted since it started: histograms as counts per bucket, the last above every bound. */
type Reading = { writes: number[]; sizes: number[]; over1Mb: number; retried: number; takeovers: number; rateLimited: Record<string, number> };

/** Per-bucket counts (not Prometheus's cumulative ones) of a histogram's series whose labels include `labels`. */
async function bucketCounts(histogram: Histogram<string>, bounds: number[], labels: Record<string, string> = {}): Promise<number[]> {
  const cumulative = new Array<number>(bounds.length + 1).fill(0);
  for (const v of (await histogram.get()).values) {
    if (!v.metricName?.endsWith("_bucket")) continue;
    if (Object.entries(labels).some(([k, value]) => v.labels[k] !== value)) continue;
    const i = v.labels.le === "+Inf" ? bounds.length : bounds.indexOf(Number(v.labels.le));
    if (i >= 0) cumulative[i] += v.value;
  }
  return cumulative.map((c, i) => c - (i === 0 ? 0 : cumulative[i - 1]));
}

async function read(): Promise<Reading> {
  const m = metrics();
  const [writes, sizes, large, refunds, takeovers, rateLimited] = await Promise.all([
    bucketCounts(m.checkpointWriteDuration, WRITE_SECONDS, { operation: "put" }),
    bucketCounts(m.checkpointSize, BYTES),
    m.largeCheckpoints.get(),
    m.refunds.get(),
    m.recoveryTakeovers.get(),
    m.rateLimited.get(),
  ]);
  const total = (values: { value: number }[]) => values.reduce((sum, v) => sum + v.value, 0);
  return {
    writes,
    sizes,
    over1Mb: total(large.values),
    retried: total(refunds.values.filter((v) => v.labels.outcome === "retried")),
    takeovers: total(takeovers.values),
    rateLimited: Object.fromEntries(rateLimited.values.map((v) => [String(v.labels.limit), v.value])),
  };
}

const minus = (a: number[], b: number[]) => a.map((n, i) => n - (b[i] ?? 0));

/** What grew per key since `b`; keys that did not grow are left out. */
const grown = (a: Record<string, number>, b: Record<string, number>) =>
  Object.fromEntries(Object.entries(a).flatMap(([k, n]) => (n - (b[k] ?? 0) > 0 ? [[k, n - (b[k] ?? 0)]] : [])));

/**
 * This instance's sampler: each call writes what was measured since the last write (nothing
 * when nothing happened) and deletes samples past the retention. A failed write is not
 * lost: the next call writes it with its own interval.
 */
export function opsSampler(instanceId: string) {
  let written: Reading | undefined;
  return async (db: DbOrTx, at = new Date()): Promise<{ samples: number; deleted: number }> => {
    const current = await read();
    const base = written ?? { writes: current.writes.map(() => 0), sizes: current.sizes.map(() => 0), over1Mb: 0, retried: 0, takeovers: 0, rateLimited: {} };
    const delta = {
      checkpointWriteBuckets: minus(current.writes, base.writes),
      checkpointSizeBuckets: minus(current.sizes, base.sizes),
      checkpointsOver1Mb: current.over1Mb - base.over1Mb,
      refundsRetried: current.retried - base.retried,
      takeovers: current.takeovers - base.takeovers,
      rateLimited: grown(current.rateLimited, base.rateLimited),
    };
    const anything = [
      ...delta.checkpointWriteBuckets,
      ...delta.checkpointSizeBuckets,
      delta.checkpointsOver1Mb,
      delta.refundsRetried,
      delta.takeovers,
      ...Object.values(delta.rateLimited),
    ].some((n) => n > 0);
    if (anything) await insertOpsSample(db, { instanceId, ...delta });
    written = current;
    const deleted = await deleteOpsSamplesBefore(db, new Date(at.getTime() - OPS_SAMPLE_RETENTION_MS));
    return { samples: anything ? 1 : 0, deleted };
  };
}
