import { describe, expect, it } from "vitest";
import { planPrune, type CheckpointNode } from "./retention-plan";

/** A chain c0 <- c1 <- ... with the given pending-write channels per checkpoint. */
const chain = (...channels: string[][]): CheckpointNode[] => channels.map((ch, i) => ({ id: `c${i}`, parentId: i === 0 ? null : `c${i - 1}`, channels: ch }));

describe("planPrune", () => {
  const refundThread = chain(
    ["branch:to:intake"],
    ["verdict", "branch:to:approvalGate"],
    ["__interrupt__", "__resume__", "branch:to:refund"],
    ["refundOutcome", "branch:to:reply"],
    ["answer"],
    [],
    ["branch:to:intake"],
    [],
  );

  it("keeps the gate step, the refund step, what each produced, their parents, and the latest", () => {
    const { keep, prune } = planPrune(refundThread, [], "keep_latest");
    expect([...keep].sort()).toEqual(["c1", "c2", "c3", "c4", "c7"]);
    expect(prune).toEqual(["c0", "c5", "c6"]);
  });

  it("keeps a pinned checkpoint and its parent, and ignores pins of checkpoints the thread does not have", () => {
    const { keep } = planPrune(refundThread, ["c6", "elsewhere"], "keep_latest");
    expect(keep.has("c6") && keep.has("c5")).toBe(true);
    expect(keep.has("elsewhere")).toBe(false);
  });

  it("under delete, drops everything of a thread with no step worth keeping", () => {
    const plain = chain(["branch:to:intake"], ["answer"], []);
    expect(planPrune(plain, [], "delete")).toEqual({ keep: new Set(), prune: ["c0", "c1", "c2"] });
    expect([...planPrune(plain, [], "keep_latest").keep]).toEqual(["c2"]);
  });

  it("under delete, keeps the latest whenever a step is kept, so the head is never an old step", () => {
    expect(planPrune(refundThread, [], "delete").keep.has("c7")).toBe(true);
  });
});
