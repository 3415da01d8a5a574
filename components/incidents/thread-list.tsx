import { Badge, type Tone } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import type { ThreadSummary } from "./types";

const STATUS_TONE: Record<string, Tone> = { idle: "neutral", busy: "info", awaiting_approval: "warning" };

type ThreadListProps = { threads: ThreadSummary[]; selectedId: string | null; onSelect: (threadId: string) => void };

export function ThreadList({ threads, selectedId, onSelect }: ThreadListProps) {
  if (threads.length === 0) return <p className="p-4 text-sm text-slate-500">No conversations yet.</p>;
  return (
    <ul className="divide-y divide-slate-200" aria-label="Conversations">
      {threads.map((thread) => {
        const selected = thread.threadId === selectedId;
        return (
          <li key={thread.threadId}>
            <button
              type="button"
              aria-pressed={selected}
              onClick={() => onSelect(thread.threadId)}
              className="block w-full px-3 py-2 text-left hover:bg-slate-50 aria-pressed:bg-brand-50"
            >
              <span className="flex items-center justify-between gap-2">
                <span className="font-mono text-xs text-slate-800" title={thread.threadId}>
                  {thread.threadId.slice(0, 8)}
                </span>
                <Badge tone={STATUS_TONE[thread.status] ?? "neutral"}>{thread.status.replaceAll("_", " ")}</Badge>
              </span>
              <span className="mt-0.5 flex justify-between gap-2 text-xs text-slate-500">
                <span>{thread.customerId}</span>
                <DateTime iso={thread.updatedAt} />
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
