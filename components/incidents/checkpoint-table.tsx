import { DateTime } from "@/components/ui/date-time";
import type { CheckpointSummary } from "./types";

function formatBytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} kB`;
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

function Names({ names }: { names: string[] }) {
  if (names.length === 0) return <span className="text-slate-400">—</span>;
  return <span className="font-mono text-xs">{names.join(", ")}</span>;
}

type CheckpointTableProps = { checkpoints: CheckpointSummary[]; selectedId: string | null; onSelect: (checkpointId: string) => void };

/** A thread's checkpoints, oldest first; each opens its full state. */
export function CheckpointTable({ checkpoints, selectedId, onSelect }: CheckpointTableProps) {
  if (checkpoints.length === 0) return <p className="p-4 text-sm text-slate-500">This conversation has no checkpoints yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label="Checkpoints">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2">Step</th>
            <th scope="col" className="px-3 py-2">Source</th>
            <th scope="col" className="px-3 py-2">Ran</th>
            <th scope="col" className="px-3 py-2">Next</th>
            <th scope="col" className="px-3 py-2">Interrupts</th>
            <th scope="col" className="px-3 py-2 text-right">Size</th>
            <th scope="col" className="px-3 py-2">Written</th>
            <th scope="col" className="px-3 py-2"><span className="sr-only">State</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {checkpoints.map((cp) => {
            const selected = cp.checkpointId === selectedId;
            return (
              <tr key={cp.checkpointId} className={selected ? "bg-brand-50" : undefined} aria-current={selected ? "true" : undefined}>
                <td className="px-3 py-2 font-mono">{cp.step}</td>
                <td className="px-3 py-2">{cp.source}</td>
                <td className="px-3 py-2"><Names names={cp.ran} /></td>
                <td className="px-3 py-2"><Names names={cp.next} /></td>
                <td className="px-3 py-2">
                  {cp.interrupts.length === 0 ? (
                    <span className="text-slate-400">—</span>
                  ) : (
                    <ul className="space-y-0.5">
                      {cp.interrupts.map((i, index) => (
                        <li key={i.id ?? index} className="font-mono text-xs text-amber-900" title={i.id}>
                          {preview(i.value)}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-right font-mono text-xs">{formatBytes(cp.sizeBytes)}</td>
                <td className="whitespace-nowrap px-3 py-2 text-xs text-slate-600"><DateTime iso={cp.createdAt} /></td>
                <td className="px-3 py-2">
                  <button
                    type="button"
                    aria-pressed={selected}
                    onClick={() => onSelect(cp.checkpointId)}
                    aria-label={`View state at step ${cp.step}`}
                    className="whitespace-nowrap rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium hover:bg-slate-100 aria-pressed:border-brand-600 aria-pressed:text-brand-800"
                  >
                    View state
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
