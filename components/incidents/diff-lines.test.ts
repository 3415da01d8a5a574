import { diffLines } from "diff";
import { describe, expect, it } from "vitest";
import { CONTEXT, hasChanges, toBlocks, toLines } from "./diff-lines";

const lines = (n: number, prefix = "line") => Array.from({ length: n }, (_, i) => `${prefix} ${i}`).join("\n") + "\n";

describe("diff lines", () => {
  it("splits jsdiff parts into one entry per line with its kind", () => {
    const parts = diffLines("a\nb\nc\n", "a\nB\nc\n");
    expect(toLines(parts)).toEqual([
      { kind: "same", text: "a" },
      { kind: "removed", text: "b" },
      { kind: "added", text: "B" },
      { kind: "same", text: "c" },
    ]);
  });

  it("folds a long unchanged run between two changes, keeping the context on both sides", () => {
    const before = `x\n${lines(20)}y\n`;
    const after = `X\n${lines(20)}Y\n`;
    const blocks = toBlocks(toLines(diffLines(before, after)));
    const collapsed = blocks.filter((b) => b.kind === "collapsed");
    expect(collapsed).toHaveLength(1);
    expect(collapsed[0].lines).toHaveLength(20 - 2 * CONTEXT);
    expect(blocks.flatMap((b) => b.lines)).toHaveLength(24);
  });

  it("folds leading and trailing unchanged runs without context on the outer side", () => {
    const blocks = toBlocks(toLines(diffLines(`${lines(10)}old\n${lines(10, "tail")}`, `${lines(10)}new\n${lines(10, "tail")}`)));
    expect(blocks[0]).toMatchObject({ kind: "collapsed" });
    expect(blocks[0].lines).toHaveLength(10 - CONTEXT);
    expect(blocks.at(-1)).toMatchObject({ kind: "collapsed" });
  });

  it("keeps a short unchanged run visible", () => {
    const blocks = toBlocks(toLines(diffLines("a\nb\nc\n", "A\nb\nC\n")));
    expect(blocks.every((b) => b.kind === "lines")).toBe(true);
  });

  it("sees no change when every part is unchanged", () => {
    expect(hasChanges(diffLines("a\n", "a\n"))).toBe(false);
    expect(hasChanges(diffLines("a\n", "b\n"))).toBe(true);
  });
});
