/**
 * The q-quantile of observations counted per histogram bucket (`counts[i]` between
 * `bounds[i-1]` and `bounds[i]`, the last count above every bound), interpolated within
 * its bucket as Prometheus's histogram_quantile does, so the ops page and a Prometheus
 * dashboard read the same buckets the same way. A quantile in the open top bucket is the
 * highest bound (the true value is at least that). Null without observations.
 */
export function bucketQuantile(q: number, bounds: number[], counts: number[]): number | null {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total <= 0) return null;
  const rank = q * total;
  let below = 0;
  for (let i = 0; i < counts.length; i++) {
    const count = counts[i] ?? 0;
    if (count > 0 && below + count >= rank) {
      if (i >= bounds.length) return bounds[bounds.length - 1]!;
      const lower = i === 0 ? 0 : bounds[i - 1]!;
      return lower + (bounds[i]! - lower) * ((rank - below) / count);
    }
    below += count;
  }
  return bounds[bounds.length - 1]!;
}

/** Adds bucket counts element by element (instances' samples of the same minute). */
export function addBuckets(into: number[], more: readonly number[]): number[] {
  for (let i = 0; i < more.length; i++) into[i] = (into[i] ?? 0) + (more[i] ?? 0);
  return into;
}
