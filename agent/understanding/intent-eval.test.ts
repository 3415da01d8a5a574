import { describe, expect, it } from "vitest";
import { quantile, scoreOutcomes, stratifiedSplit } from "./intent-eval";

describe("scoring a classifier", () => {
  const outcomes = [
    { truth: "a", predicted: "a" },
    { truth: "a", predicted: "b" },
    { truth: "a", predicted: "b" },
    { truth: "b", predicted: "b" },
    { truth: "c", predicted: "a" },
  ];

  it("counts accuracy over every text and macro-F1 over every true label, one never predicted scoring 0", () => {
    const scores = scoreOutcomes(outcomes);
    expect(scores.accuracy).toBeCloseTo(2 / 5);
    // F1: a = 2*1/(2+3) = 0.4, b = 2*1/(3+1) = 0.5, c = 0.
    expect(scores.macroF1).toBeCloseTo((0.4 + 0.5 + 0) / 3);
  });

  it("lists the most frequent mistakes first, and never a right answer", () => {
    expect(scoreOutcomes(outcomes, 2).worst).toEqual([
      { truth: "a", predicted: "b", count: 2 },
      { truth: "c", predicted: "a", count: 1 },
    ]);
  });

  it("holds out every tenth row of each category, so every category is on both sides", () => {
    const rows = ["x", "y"].flatMap((category) => Array.from({ length: 20 }, (_, i) => ({ text: `${category}${i}`, category })));
    const { train, heldOut } = stratifiedSplit(rows);
    expect(heldOut.map((r) => r.text)).toEqual(["x9", "x19", "y9", "y19"]);
    expect(train).toHaveLength(36);
  });

  it("makes folds that hold out each row exactly once", () => {
    const rows = ["x", "y"].flatMap((category) => Array.from({ length: 23 }, (_, i) => ({ text: `${category}${i}`, category })));
    const heldOut = Array.from({ length: 10 }, (_, fold) => stratifiedSplit(rows, 10, fold).heldOut.map((r) => r.text)).flat();
    expect(heldOut.sort()).toEqual(rows.map((r) => r.text).sort());
  });

  it("reads quantiles by the nearest rank", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(quantile(values, 0.5)).toBe(50);
    expect(quantile(values, 0.99)).toBe(99);
    expect(quantile([], 0.5)).toBe(0);
  });
});
