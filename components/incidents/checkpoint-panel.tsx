import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Tabs } from "@/components/ui/tabs";
import { DiffView } from "./diff-view";
import { formatBytes } from "./labels";
import { PinControl, type RetentionState } from "./retention-controls";
import { StateView } from "./state-view";
import { TaskList } from "./task-list";
import { formatDay, formatTime } from "./time";
import type { CheckpointDetail, CheckpointEntry } from "./types";
import { useResource } from "./use-resource";

type CheckpointPanelProps = {
  threadId: string;
  entry: CheckpointEntry;
  reveal: boolean;
  position: { index: number; total: number };
  onStep: (delta: -1 | 1) => void;
  retention: RetentionState | null;
  onRetentionChange: () => void;
};

/** One checkpoint: what ran from it, its state, and what changed since the one before. */
export function CheckpointPanel({ threadId, entry, reveal, position, onStep, retention, onRetentionChange }: CheckpointPanelProps) {
  const url = `/api/incidents/threads/${encodeURIComponent(threadId)}/checkpoints/${encodeURIComponent(entry.checkpointId)}`;
  const detail = useResource<CheckpointDetail>(url, { keep: true, body: reveal ? { reveal: true } : undefined });
  const [tab, setTab] = useState("state");
  const current = detail.data && detail.data.checkpointId === entry.checkpointId ? detail.data : null;

  return (
    <section aria-labelledby="checkpoint-title" className="space-y-3 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="checkpoint-title" className="text-sm font-semibold">
          Checkpoint at step <span className="font-mono">{entry.step}</span>
        </h2>
        <div className="flex items-center gap-2">
          <span className="text-xs text-slate-600">
            {position.index + 1} of {position.total}
          </span>
          <Button variant="secondary" size="sm" onClick={() => onStep(-1)} disabled={position.index <= 0}>
            Previous checkpoint
          </Button>
          <Button variant="secondary" size="sm" onClick={() => onStep(1)} disabled={position.index >= position.total - 1}>
            Next checkpoint
          </Button>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">Written</dt>
          <dd>
            <time dateTime={entry.at}>
              {formatDay(entry.at)} {formatTime(entry.at)}
            </time>
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Source</dt>
          <dd>{entry.source}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Size</dt>
          <dd className="font-mono">{formatBytes(entry.sizeBytes)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Next</dt>
          <dd className="font-mono">{entry.next.length ? entry.next.join(", ") : "—"}</dd>
        </div>
        <div>
          <dt className="text-slate-600">State version</dt>
          <dd className="font-mono">{entry.schemaVersion ?? "unknown"}</dd>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <dt className="text-slate-600">Checkpoint id</dt>
          <dd className="truncate font-mono" title={entry.checkpointId}>
            {entry.checkpointId}
          </dd>
        </div>
      </dl>
      <PinControl threadId={threadId} checkpointId={entry.checkpointId} state={retention} onChange={onRetentionChange} />
      <div>
        <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-700">Ran from this checkpoint</h3>
        <TaskList entry={entry} />
      </div>
      {detail.error ? <Alert title="Could not load the state">{detail.error}</Alert> : null}
      {current ? (
        <Tabs
          label="State at this checkpoint"
          active={tab}
          onChange={setTab}
          tabs={[
            { id: "state", label: "State", content: <StateView detail={current} /> },
            {
              id: "diff",
              label: "Diff",
              content: <DiffView parts={current.diff ?? []} step={current.step} first={!current.parentId} parentPruned={current.parentPruned} />,
            },
          ]}
        />
      ) : !detail.error ? (
        <p role="status" className="text-sm text-slate-600">
          Loading the state…
        </p>
      ) : null}
    </section>
  );
}
