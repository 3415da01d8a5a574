import type { DiffPart } from "./types";

export type DiffLine = { kind: "added" | "removed" | "same"; text: string };

export type DiffBlock = { kind: "lines"; lines: DiffLine[] } | { kind: "collapsed"; lines: DiffLine[] };

/** Lines around a change that stay visible; longer unchanged runs fold. */
export const CONTEXT = 3;

/** jsdiff `diffLines` parts -> one entry per line. */
export function toLines(parts: DiffPart[]): DiffLine[] {
  return parts.flatMap((part) => {
    const kind = part.added ? "added" : part.removed ? "removed" : "same";
    const text = part.value.endsWith("\n") ? part.value.slice(0, -1) : part.value;
    return text.split("\n").map((line) => ({ kind, text: line }) as DiffLine);
  });
}

/** Unchanged runs longer than the context on both sides fold into one collapsed block. */
export function toBlocks(lines: DiffLine[]): DiffBlock[] {
  const blocks: DiffBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    if (lines[i].kind !== "same") {
      const start = i;
      while (i < lines.length && lines[i].kind !== "same") i++;
      blocks.push({ kind: "lines", lines: lines.slice(start, i) });
      continue;
    }
    const start = i;
    while (i < lines.length && lines[i].kind === "same") i++;
    const run = lines.slice(start, i);
    const head = start === 0 ? 0 : CONTEXT;
    const tail = i === lines.length ? 0 : CONTEXT;
    if (run.length <= head + tail + 1) {
      blocks.push({ kind: "lines", lines: run });
      continue;
    }
    if (head) blocks.push({ kind: "lines", lines: run.slice(0, head) });
    blocks.push({ kind: "collapsed", lines: run.slice(head, run.length - tail) });
    if (tail) blocks.push({ kind: "lines", lines: run.slice(run.length - tail) });
  }
  return blocks;
}

export function hasChanges(parts: DiffPart[]): boolean {
  return parts.some((p) => p.added || p.removed);
}
