import { Badge, type Tone } from "@/components/ui/badge";
import { entryLabel } from "./labels";
import { formatTime } from "./time";
import { CELL, CheckpointSummary, EntryDetails } from "./timeline-rows";
import type { CheckpointEntry, TimelineEntry } from "./types";

const KIND: Record<TimelineEntry["kind"], { tone: Tone; border: string }> = {
  checkpoint: { tone: "info", border: "border-l-brand-600" },
  node_event: { tone: "neutral", border: "border-l-slate-400" },
  ledger_call: { tone: "success", border: "border-l-emerald-600" },
  operator_action: { tone: "warning", border: "border-l-amber-500" },
  message: { tone: "neutral", border: "border-l-transparent" },
};

function Details({ entry }: { entry: TimelineEntry }) {
  return <EntryDetails entry={entry} checkpoint={(c) => <CheckpointSummary entry={c} />} />;
}

type TimelineTableProps = { entries: TimelineEntry[]; selectedId: string | null; onSelect: (entry: CheckpointEntry) => void };

/** Everything in the conversation on one time axis; a checkpoint row opens that checkpoint. */
export function TimelineTable({ entries, selectedId, onSelect }: TimelineTableProps) {
  if (entries.length === 0) return <p className="p-4 text-sm text-slate-600">Nothing recorded for this conversation yet.</p>;
  return (
    <div className="max-h-[48rem] overflow-auto">
      <table className="w-full text-left text-sm" aria-label="Timeline">
        <thead className="sticky top-0 z-10 border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2">
              Step
            </th>
            <th scope="col" className="px-3 py-2">
              Time
            </th>
            <th scope="col" className="px-3 py-2">
              Kind
            </th>
            <th scope="col" className="px-3 py-2">
              Details
            </th>
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Open</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((entry, index) => {
            const kind = KIND[entry.kind];
            const checkpoint = entry.kind === "checkpoint" ? entry : null;
            const selected = checkpoint !== null && checkpoint.checkpointId === selectedId;
            return (
              <tr
                key={checkpoint ? checkpoint.checkpointId : `${entry.kind}-${index}`}
                data-kind={entry.kind}
                data-checkpoint-id={checkpoint?.checkpointId}
                aria-current={selected ? "true" : undefined}
                onClick={checkpoint ? () => onSelect(checkpoint) : undefined}
                className={`border-l-4 ${kind.border} ${checkpoint ? "cursor-pointer hover:bg-slate-50" : "bg-slate-50/40"} ${selected ? "bg-brand-50 hover:bg-brand-50" : ""}`}
              >
                <td className={`${CELL} font-mono`}>{checkpoint ? checkpoint.step : ""}</td>
                <td className={`${CELL} whitespace-nowrap font-mono text-xs text-slate-700`}>
                  <time dateTime={entry.at}>{formatTime(entry.at)}</time>
                </td>
                <td className={CELL}>
                  <Badge tone={kind.tone} className="whitespace-nowrap">
                    {entryLabel(entry)}
                  </Badge>
                  {checkpoint ? <p className="mt-0.5 text-xs text-slate-600">{checkpoint.source}</p> : null}
                </td>
                <td className={CELL}>
                  <Details entry={entry} />
                </td>
                <td className={CELL}>
                  {checkpoint ? (
                    <button
                      type="button"
                      aria-pressed={selected}
                      onClick={(event) => {
                        event.stopPropagation();
                        onSelect(checkpoint);
                      }}
                      className="whitespace-nowrap rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium hover:bg-slate-100 aria-pressed:border-brand-600 aria-pressed:text-brand-800"
                    >
                      View<span className="sr-only"> checkpoint at step {checkpoint.step}</span>
                    </button>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
