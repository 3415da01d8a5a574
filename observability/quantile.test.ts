import { describe, expect, it } from "vitest";
import { addBuckets, bucketQuantile } from "./quantile";

const BOUNDS = [10, 20, 40];

describe("bucketQuantile", () => {
  it("interpolates within the bucket the rank falls in", () => {
    // 4 observations in (0,10], 4 in (10,20]: the median is the top of the first bucket, p75 halfway through the second.
    expect(bucketQuantile(0.5, BOUNDS, [4, 4, 0, 0])).toBe(10);
    expect(bucketQuantile(0.75, BOUNDS, [4, 4, 0, 0])).toBe(15);
    expect(bucketQuantile(0.95, BOUNDS, [0, 0, 10, 0])).toBeCloseTo(39);
  });

  it("answers the highest bound for a rank in the open top bucket, and null without observations", () => {
    expect(bucketQuantile(0.95, BOUNDS, [1, 0, 0, 9])).toBe(40);
    expect(bucketQuantile(0.5, BOUNDS, [0, 0, 0, 0])).toBeNull();
    expect(bucketQuantile(0.5, BOUNDS, [])).toBeNull();
  });

  it("skips empty buckets before the rank", () => {
    expect(bucketQuantile(0.5, BOUNDS, [0, 0, 2, 0])).toBe(30);
  });
});

describe("addBuckets", () => {
  it("sums two instances' counts bucket by bucket", () => {
    expect(addBuckets([1, 2, 0, 0], [0, 3, 1])).toEqual([1, 5, 1, 0]);
    expect(addBuckets([], [2, 1])).toEqual([2, 1]);
  });
});
