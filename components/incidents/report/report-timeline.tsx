import { previewJson } from "../json-text";
import { entryLabel } from "../labels";
import { formatDay, formatTime } from "../time";
import { CheckpointSummary, EntryDetails } from "../timeline-rows";
import type { CheckpointEntry, TimelineEntry } from "../types";

const BORDER: Record<TimelineEntry["kind"], string> = {
  checkpoint: "border-l-brand-600",
  node_event: "border-l-slate-400",
  ledger_call: "border-l-emerald-600",
  operator_action: "border-l-amber-500",
  message: "border-l-slate-200",
};

function CheckpointReport({ entry }: { entry: CheckpointEntry }) {
  return (
    <div className="space-y-1">
      <p>
        Step <span className="font-mono">{entry.step}</span> · {entry.source}
      </p>
      <CheckpointSummary entry={entry} />
      {entry.tasks.length > 0 ? (
        <ul className="text-xs text-slate-700">
          {entry.tasks.map((task) => (
            <li key={task.taskId}>
              ran <span className="font-mono">{task.node}</span>
              {task.error ? <span className="text-red-800"> · failed: {task.error}</span> : null}
              {task.interrupts.length ? (
                <span className="text-amber-900">
                  {" "}
                  · interrupted:{" "}
                  {previewJson(
                    task.interrupts.map((i) => i.value),
                    200,
                  )}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {entry.resumes.map((r, i) => (
        <p key={r.interruptId ?? i} className="text-xs text-brand-900">
          answered with {previewJson(r.value, 300)}
        </p>
      ))}
    </div>
  );
}

function Entry({ entry }: { entry: TimelineEntry }) {
  return <EntryDetails entry={entry} checkpoint={(c) => <CheckpointReport entry={c} />} />;
}

/** The whole timeline as a printable list, oldest first. */
export function ReportTimeline({ entries }: { entries: TimelineEntry[] }) {
  if (entries.length === 0) return <p className="text-sm text-slate-600">Nothing recorded for this conversation.</p>;
  return (
    <ol className="space-y-1 text-sm" aria-label="Timeline">
      {entries.map((entry, i) => (
        <li
          key={i}
          data-kind={entry.kind}
          className={`grid break-inside-avoid grid-cols-[7rem_6.5rem_minmax(0,1fr)] gap-2 border-l-4 py-1 pl-2 ${BORDER[entry.kind]}`}
        >
          <time dateTime={entry.at} className="font-mono text-xs text-slate-700">
            {formatDay(entry.at)}
            <br />
            {formatTime(entry.at)}
          </time>
          <span className="text-xs font-semibold uppercase tracking-wide text-slate-700">{entryLabel(entry)}</span>
          <Entry entry={entry} />
        </li>
      ))}
    </ol>
  );
}
