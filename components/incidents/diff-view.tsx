"use client";

import { useState } from "react";
import { hasChanges, toBlocks, toLines, type DiffLine } from "./diff-lines";
import type { DiffPart } from "./types";

const LINE_STYLE: Record<DiffLine["kind"], string> = {
  added: "bg-emerald-50 text-emerald-900",
  removed: "bg-red-50 text-red-900",
  same: "text-slate-700",
};

const SIGN: Record<DiffLine["kind"], string> = { added: "+", removed: "-", same: " " };
const SPOKEN: Record<DiffLine["kind"], string> = { added: "added: ", removed: "removed: ", same: "" };

function Line({ line }: { line: DiffLine }) {
  return (
    <div data-diff={line.kind} className={`whitespace-pre px-2 ${LINE_STYLE[line.kind]}`}>
      <span aria-hidden="true" className="mr-2 select-none opacity-70">
        {SIGN[line.kind]}
      </span>
      <span className="sr-only">{SPOKEN[line.kind]}</span>
      {line.text}
    </div>
  );
}

function Collapsed({ lines }: { lines: DiffLine[] }) {
  const [open, setOpen] = useState(false);
  if (open) return lines.map((line, i) => <Line key={i} line={line} />);
  return (
    <button type="button" onClick={() => setOpen(true)} className="block w-full bg-slate-100 px-2 py-0.5 text-left text-xs text-slate-700 hover:bg-slate-200">
      Show {lines.length} unchanged {lines.length === 1 ? "line" : "lines"}
    </button>
  );
}

/** The state against its parent checkpoint: additions green, removals red, long unchanged runs folded. */
export function DiffView({ parts, step, first, parentPruned = false }: { parts: DiffPart[]; step: number; first: boolean; parentPruned?: boolean }) {
  if (parentPruned) {
    return (
      <p className="text-sm text-slate-600">
        The checkpoint before this one was pruned by retention: there is nothing to compare with. Pinned steps always keep theirs.
      </p>
    );
  }
  if (first) return <p className="text-sm text-slate-600">This is the first checkpoint of the conversation: there is nothing before it to compare with.</p>;
  if (!hasChanges(parts)) return <p className="text-sm text-slate-600">The state did not change at this checkpoint.</p>;
  const blocks = toBlocks(toLines(parts));
  const added = parts.filter((p) => p.added).reduce((n, p) => n + toLines([p]).length, 0);
  const removed = parts.filter((p) => p.removed).reduce((n, p) => n + toLines([p]).length, 0);
  return (
    <div className="space-y-2">
      <p className="text-xs text-slate-600">
        <span className="font-medium text-emerald-800">{added} added</span> · <span className="font-medium text-red-800">{removed} removed</span> against the
        previous checkpoint
      </p>
      <div
        role="region"
        tabIndex={0}
        aria-label={`Changes at step ${step}`}
        className="max-h-[32rem] overflow-auto rounded-md border border-slate-200 bg-white py-1 font-mono text-xs leading-relaxed"
      >
        {blocks.map((block, i) =>
          block.kind === "collapsed" ? <Collapsed key={i} lines={block.lines} /> : block.lines.map((line, j) => <Line key={`${i}-${j}`} line={line} />),
        )}
      </div>
    </div>
  );
}
