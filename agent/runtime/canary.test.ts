import { describe, expect, it } from "vitest";
import { canaryThresholds, judge, thresholdsOf, type ArmFigures } from "./canary";

const arm = (over: Partial<ArmFigures> = {}): ArmFigures => ({
  revisionId: "rev-000000000000",
  turns: 100,
  fallbackRate: 0.02,
  clarifyingRate: 0.1,
  handoverRate: 0.01,
  reaskRate: 0.01,
  degradedPer100Turns: 1,
  claims: 40,
  autoApprovedPer100Claims: 50,
  latencyP95Ms: 800,
  ...over,
});
const t = canaryThresholds.parse({ minTurns: 50 });

describe("judging a canary", () => {
  it("holds a candidate within every threshold, up to the limits themselves", () => {
    const candidate = arm({ fallbackRate: 0.07, clarifyingRate: 0.2, autoApprovedPer100Claims: 35, latencyP95Ms: 800 * 1.5 + 1000 });
    expect(judge(arm(), candidate, t)).toMatchObject({ sampleReached: true, crossed: [] });
  });

  it("names each threshold crossed, either way for auto-approvals", () => {
    const candidate = arm({ fallbackRate: 0.08, handoverRate: 0.2, degradedPer100Turns: 7, autoApprovedPer100Claims: 80, latencyP95Ms: 2201 });
    expect(judge(arm(), candidate, t).crossed.map((c) => c.figure)).toEqual([
      "fallbackRate",
      "handoverRate",
      "degradedPer100Turns",
      "autoApprovedPer100Claims",
      "latencyP95Ms",
    ]);
    expect(judge(arm(), arm({ autoApprovedPer100Claims: 20 }), t).crossed.map((c) => c.figure)).toEqual(["autoApprovedPer100Claims"]);
    // A handful of claims swings the share by chance: it is judged only past `minClaims` on both sides.
    expect(judge(arm({ claims: 19 }), arm({ autoApprovedPer100Claims: 80 }), t).crossed).toEqual([]);
    expect(judge(arm(), arm({ claims: 19, autoApprovedPer100Claims: 80 }), t).crossed).toEqual([]);
  });

  it("is not judged before both revisions reach the minimum sample, and leaves out a figure either side lacks", () => {
    expect(judge(arm({ turns: 49 }), arm(), t).sampleReached).toBe(false);
    expect(judge(arm(), arm({ turns: 10 }), t).sampleReached).toBe(false);
    expect(judge(arm({ autoApprovedPer100Claims: null, latencyP95Ms: null }), arm({ autoApprovedPer100Claims: 100, latencyP95Ms: 99_999 }), t).crossed).toEqual(
      [],
    );
  });

  it("reads a bank's thresholds over the defaults, and a row that does not fit them as the defaults", () => {
    expect(thresholdsOf("demo-bank", { minTurns: 6 })).toMatchObject({ minTurns: 6, fallbackRate: 0.05 });
    expect(thresholdsOf("demo-bank", null)).toEqual(canaryThresholds.parse({}));
    expect(thresholdsOf("demo-bank", { minTurns: -1 })).toEqual(canaryThresholds.parse({}));
    expect(thresholdsOf("demo-bank", { fallbackRatio: 0.1 })).toEqual(canaryThresholds.parse({}));
  });
});
