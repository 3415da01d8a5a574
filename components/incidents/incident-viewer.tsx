"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CheckpointTable } from "./checkpoint-table";
import { StateView } from "./state-view";
import { ThreadList } from "./thread-list";
import type { CheckpointState, ThreadHistory, ThreadSummary } from "./types";
import { useResource } from "./use-resource";

const threadPath = (threadId: string) => `/api/threads/${encodeURIComponent(threadId)}`;

function Loading({ what }: { what: string }) {
  return (
    <p role="status" className="p-4 text-sm text-slate-500">
      Loading {what}…
    </p>
  );
}

/** Read-only time travel: pick a conversation, then a checkpoint, to see the state it held. */
export function IncidentViewer({ initialThreadId }: { initialThreadId: string | null }) {
  const [threadId, setThreadId] = useState<string | null>(initialThreadId);
  const [checkpointId, setCheckpointId] = useState<string | null>(null);
  const threads = useResource<{ threads: ThreadSummary[] }>("/api/threads");
  const history = useResource<ThreadHistory>(threadId ? `${threadPath(threadId)}/history` : null);
  const state = useResource<CheckpointState>(
    threadId && checkpointId ? `${threadPath(threadId)}/checkpoints/${encodeURIComponent(checkpointId)}` : null,
  );

  function selectThread(id: string) {
    setThreadId(id);
    setCheckpointId(null);
    window.history.replaceState(null, "", `/incidents?thread=${encodeURIComponent(id)}`);
  }

  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-xl font-semibold">Incident viewer</h1>
        <p className="text-sm text-slate-600">Every checkpoint of a conversation, oldest first. Reading never re-runs anything.</p>
      </div>
      <div className="grid gap-4 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <Card as="section" aria-labelledby="threads-title" className="self-start overflow-hidden">
          <div className="flex items-center justify-between border-b border-slate-200 px-3 py-2">
            <h2 id="threads-title" className="text-sm font-semibold">
              Conversations
            </h2>
            <Button variant="ghost" size="sm" onClick={threads.reload}>
              Refresh
            </Button>
          </div>
          {threads.error ? <Alert className="m-3">{threads.error}</Alert> : null}
          {threads.data ? (
            <ThreadList threads={threads.data.threads} selectedId={threadId} onSelect={selectThread} />
          ) : threads.loading ? (
            <Loading what="conversations" />
          ) : null}
        </Card>
        <div className="min-w-0 space-y-4">
          <Card as="section" aria-labelledby="checkpoints-title" className="overflow-hidden">
            <div className="flex items-center justify-between border-b border-slate-200 px-3 py-2">
              <h2 id="checkpoints-title" className="text-sm font-semibold">
                Checkpoints{threadId ? <span className="ml-2 font-mono text-xs font-normal text-slate-500">{threadId}</span> : null}
              </h2>
              {threadId ? (
                <Button variant="ghost" size="sm" onClick={history.reload}>
                  Refresh
                </Button>
              ) : null}
            </div>
            {!threadId ? <p className="p-4 text-sm text-slate-500">Choose a conversation to see its checkpoints.</p> : null}
            {history.error ? <Alert className="m-3">{history.error}</Alert> : null}
            {history.data ? (
              <CheckpointTable checkpoints={history.data.checkpoints} selectedId={checkpointId} onSelect={setCheckpointId} />
            ) : history.loading ? (
              <Loading what="checkpoints" />
            ) : null}
          </Card>
          {checkpointId ? (
            <Card as="section" aria-labelledby="state-title" className="p-3">
              <h2 id="state-title" className="mb-2 text-sm font-semibold">
                State at this checkpoint
              </h2>
              {state.error ? <Alert>{state.error}</Alert> : null}
              {state.data ? <StateView state={state.data} /> : state.loading ? <Loading what="state" /> : null}
            </Card>
          ) : null}
        </div>
      </div>
    </div>
  );
}
