/** Percentiles of timed samples, and quantiles estimated from a Prometheus histogram. */

export type Percentiles = { p50: number; p95: number; p99: number };

/** Nearest-rank percentiles of `samples` (ms). */
export function percentiles(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

/** Cumulative bucket counts by upper bound (seconds), `+Inf` last, as `/api/metrics` exposes them. */
export type Buckets = { le: number; count: number }[];

/** Reads one histogram's cumulative buckets for a label set from the Prometheus text format. */
export function readBuckets(text: string, name: string, labels: Record<string, string>): Buckets {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const buckets: Buckets = [];
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}_bucket{`)) continue;
    const inside = line.slice(line.indexOf("{") + 1, line.lastIndexOf("}"));
    if (!wanted.every((pair) => inside.split(",").includes(pair))) continue;
    const le = /le="([^"]+)"/.exec(inside)?.[1];
    if (!le) continue;
    buckets.push({ le: le === "+Inf" ? Infinity : Number(le), count: Number(line.slice(line.lastIndexOf(" ") + 1)) });
  }
  return buckets.sort((a, b) => a.le - b.le);
}

/** A histogram's `_sum` and `_count` for a label set, from the Prometheus text format. */
export function readSumAndCount(text: string, name: string, labels: Record<string, string>): { sum: number; count: number } {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const value = (suffix: "sum" | "count") => {
    const line = text.split("\n").find(
      (l) =>
        l.startsWith(`${name}_${suffix}{`) &&
        wanted.every((pair) =>
          l
            .slice(l.indexOf("{") + 1, l.lastIndexOf("}"))
            .split(",")
            .includes(pair),
        ),
    );
    return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
  };
  return { sum: value("sum"), count: value("count") };
}

/** What was observed between two readings of the same histogram. */
export function subtract(after: Buckets, before: Buckets): Buckets {
  return after.map((b) => ({ le: b.le, count: b.count - (before.find((x) => x.le === b.le)?.count ?? 0) }));
}

/** Adds histograms with the same bounds (put and put_writes). */
export function add(a: Buckets, b: Buckets): Buckets {
  return a.map((x) => ({ le: x.le, count: x.count + (b.find((y) => y.le === x.le)?.count ?? 0) }));
}

/**
 * The q-quantile in ms, interpolated linearly inside its bucket as Prometheus'
 * `histogram_quantile` does: exact to the bucket, an estimate within it.
 */
export function quantileMs(buckets: Buckets, q: number): number {
  const total = buckets.at(-1)?.count ?? 0;
  if (total === 0) return NaN;
  const rank = q * total;
  let lower = 0;
  let below = 0;
  for (const { le, count } of buckets) {
    if (count >= rank) {
      if (le === Infinity) return lower * 1000;
      const inBucket = count - below;
      return (lower + (le - lower) * (inBucket === 0 ? 0 : (rank - below) / inBucket)) * 1000;
    }
    lower = le;
    below = count;
  }
  return NaN;
}

export const total = (buckets: Buckets) => buckets.at(-1)?.count ?? 0;
