import { describe, expect, it } from "vitest";
import { add, percentiles, quantileMs, readBuckets, readSumAndCount, subtract, total } from "./stats";

const EXPOSITION = `# HELP bank_checkpoint_write_duration_seconds Checkpoint saver writes
# TYPE bank_checkpoint_write_duration_seconds histogram
bank_checkpoint_write_duration_seconds_bucket{le="0.001",operation="put"} 2
bank_checkpoint_write_duration_seconds_bucket{le="0.002",operation="put"} 6
bank_checkpoint_write_duration_seconds_bucket{le="0.005",operation="put"} 10
bank_checkpoint_write_duration_seconds_bucket{le="+Inf",operation="put"} 10
bank_checkpoint_write_duration_seconds_bucket{le="0.001",operation="put_writes"} 10
bank_checkpoint_write_duration_seconds_bucket{le="0.002",operation="put_writes"} 10
bank_checkpoint_write_duration_seconds_bucket{le="0.005",operation="put_writes"} 10
bank_checkpoint_write_duration_seconds_bucket{le="+Inf",operation="put_writes"} 10
bank_checkpoint_write_duration_seconds_sum{operation="put"} 0.02
bank_checkpoint_write_duration_seconds_count{operation="put"} 10
`;

describe("the capacity benchmark's statistics", () => {
  it("takes nearest-rank percentiles", () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentiles(samples)).toEqual({ p50: 50, p95: 95, p99: 99 });
    expect(percentiles([7])).toEqual({ p50: 7, p95: 7, p99: 7 });
  });

  it("reads one label set's buckets and interpolates quantiles inside a bucket", () => {
    const put = readBuckets(EXPOSITION, "bank_checkpoint_write_duration_seconds", { operation: "put" });
    expect(put.map((b) => b.count)).toEqual([2, 6, 10, 10]);
    // Rank 5 of 10 falls in (1 ms, 2 ms], 3 of its 4 observations in: 1.75 ms.
    expect(quantileMs(put, 0.5)).toBeCloseTo(1.75);
    expect(quantileMs(put, 0.95)).toBeCloseTo(2 + 3 * (3.5 / 4));
    expect(quantileMs([{ le: Infinity, count: 0 }], 0.5)).toBeNaN();
  });

  it("adds histograms and subtracts an earlier reading", () => {
    const read = (operation: string) => readBuckets(EXPOSITION, "bank_checkpoint_write_duration_seconds", { operation });
    const both = add(read("put"), read("put_writes"));
    expect(total(both)).toBe(20);
    expect(quantileMs(both, 0.5)).toBeLessThanOrEqual(1);
    expect(total(subtract(both, read("put")))).toBe(10);
  });

  it("reads a histogram's sum and count for one label set, nothing for one it lacks", () => {
    expect(readSumAndCount(EXPOSITION, "bank_checkpoint_write_duration_seconds", { operation: "put" })).toEqual({ sum: 0.02, count: 10 });
    expect(readSumAndCount(EXPOSITION, "bank_checkpoint_write_duration_seconds", { operation: "other" })).toEqual({ sum: 0, count: 0 });
  });
});
