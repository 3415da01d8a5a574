"use client";

import Link from "next/link";
import { useEffect, useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CheckpointPanel } from "./checkpoint-panel";
import { ExportControls } from "./export-controls";
import { LedgerEntries } from "./ledger-entries";
import { LegalHoldControl, type RetentionState } from "./retention-controls";
import { TimelineTable } from "./timeline-table";
import type { CheckpointEntry, PolicyDefaults, Timeline } from "./types";
import { useResource } from "./use-resource";
import { WhatIfPanel } from "./what-if-panel";
import { revisionsOf } from "./revisions";

function countOf(timeline: Timeline, kind: CheckpointEntry["kind"] | "node_event" | "ledger_call" | "operator_action"): number {
  return timeline.entries.filter((e) => e.kind === kind).length;
}

/** Read-only time travel through one conversation: its timeline, each checkpoint's state, and sandboxed what-ifs. */
export function IncidentViewer({ threadId, policy }: { threadId: string; policy: PolicyDefaults }) {
  const [reveal, setReveal] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const timeline = useResource<Timeline>(`/api/incidents/threads/${encodeURIComponent(threadId)}/timeline`, {
    keep: true,
    body: reveal ? { reveal: true } : undefined,
  });
  const data = timeline.data;
  const retention = useResource<RetentionState>(`/api/incidents/threads/${encodeURIComponent(threadId)}/retention`, { keep: true });
  const checkpoints = useMemo(() => (data?.entries ?? []).filter((e): e is CheckpointEntry => e.kind === "checkpoint"), [data]);
  const index = Math.max(
    0,
    checkpoints.findIndex((c) => c.checkpointId === selectedId),
  );
  const selected = checkpoints[index] ?? null;

  useEffect(() => {
    if (!selected) return;
    document.querySelector(`tr[data-checkpoint-id="${CSS.escape(selected.checkpointId)}"]`)?.scrollIntoView({ block: "nearest" });
  }, [selected]);

  const step = (delta: -1 | 1) => {
    const next = checkpoints[index + delta];
    if (next) setSelectedId(next.checkpointId);
  };

  return (
    <div className="space-y-4">
      <Link href="/incidents" className="text-sm font-medium text-brand-700 underline underline-offset-2">
        ← Back to the search
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold">Incident viewer</h1>
          <p className="text-sm text-slate-700">
            {data ? (
              <>
                <span data-testid="customer-name" className="font-medium">
                  {data.customer.name}
                </span>{" "}
                <span className="font-mono text-xs text-slate-600">({data.customer.id})</span> ·{" "}
              </>
            ) : null}
            conversation <span className="font-mono text-xs">{threadId}</span>
          </p>
          {data ? <RelatedThreads parentThreadId={data.parentThreadId} besideThreadIds={data.besideThreadIds} /> : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {reveal ? (
            <p role="status">
              <Badge tone="warning">Names and card numbers revealed · recorded in the audit trail</Badge>
            </p>
          ) : (
            <Button variant="secondary" size="sm" onClick={() => setReveal(true)} aria-describedby="reveal-hint">
              Reveal names and card numbers
            </Button>
          )}
          <ExportControls threadId={threadId} reveal={reveal} />
        </div>
      </div>
      {!reveal ? (
        <p id="reveal-hint" className="text-xs text-slate-600">
          Customer names and card numbers are masked. Revealing them is recorded in the audit trail under your name.
        </p>
      ) : null}
      {timeline.error ? <Alert title="Could not load the conversation">{timeline.error}</Alert> : null}
      {!data ? (
        timeline.error ? null : (
          <p role="status" className="text-sm text-slate-600">
            Loading the timeline…
          </p>
        )
      ) : (
        <>
          <div className="grid gap-4 xl:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)]">
            <Card as="section" aria-labelledby="timeline-title" className="self-start overflow-hidden">
              <div className="border-b border-slate-200 px-3 py-2">
                <h2 id="timeline-title" className="text-sm font-semibold">
                  Timeline
                </h2>
                <p className="text-xs text-slate-600">
                  {checkpoints.length} checkpoints · {countOf(data, "node_event")} system calls · {countOf(data, "ledger_call")} ledger calls ·{" "}
                  {countOf(data, "operator_action")} operator actions, oldest first
                </p>
                <p className="text-xs text-slate-600" data-testid="agent-revisions">
                  {revisionsOf(data.entries).length === 0 ? "No agent revision recorded" : `Agent revision ${revisionsOf(data.entries).join(" → ")}`}
                </p>
              </div>
              <TimelineTable entries={data.entries} selectedId={selected?.checkpointId ?? null} onSelect={(c) => setSelectedId(c.checkpointId)} />
            </Card>
            <Card className="self-start xl:sticky xl:top-4">
              {selected ? (
                <CheckpointPanel
                  threadId={threadId}
                  entry={selected}
                  reveal={reveal}
                  position={{ index, total: checkpoints.length }}
                  onStep={step}
                  retention={retention.data}
                  onRetentionChange={retention.reload}
                />
              ) : (
                <p className="p-4 text-sm text-slate-600">This conversation has no checkpoints yet.</p>
              )}
            </Card>
          </div>
          {checkpoints.length > 0 ? (
            <Card>
              <WhatIfPanel threadId={threadId} checkpoints={checkpoints} selectedId={selected?.checkpointId ?? null} policy={policy} reveal={reveal} />
            </Card>
          ) : null}
          <Card>
            <LegalHoldControl threadId={threadId} state={retention.data} onChange={retention.reload} />
          </Card>
          <Card as="section" aria-labelledby="ledger-title" className="space-y-2 p-3">
            <h2 id="ledger-title" className="text-sm font-semibold">
              Ledger entries
            </h2>
            <LedgerEntries entries={data.ledgerEntries} />
          </Card>
        </>
      )}
    </div>
  );
}

const threadLink = (id: string) => (
  <Link key={id} href={`/incidents/${encodeURIComponent(id)}`} className="font-mono text-xs text-brand-700 underline underline-offset-2">
    {id.slice(0, 8)}
  </Link>
);

/** The conversation a thread was opened beside, and the threads opened beside this one: claims about other payments made while a request waited for an operator. */
function RelatedThreads({ parentThreadId, besideThreadIds }: { parentThreadId: string | null; besideThreadIds: string[] }) {
  if (!parentThreadId && besideThreadIds.length === 0) return null;
  return (
    <p className="text-sm text-slate-700">
      {parentThreadId ? <>Opened beside conversation {threadLink(parentThreadId)}, which waited for an operator. </> : null}
      {besideThreadIds.length > 0 ? (
        <>
          Threads opened beside it while it waited:{" "}
          {besideThreadIds.map((id, i) => (
            <span key={id}>
              {i > 0 ? ", " : null}
              {threadLink(id)}
            </span>
          ))}
        </>
      ) : null}
    </p>
  );
}
