import { useRef, useState } from "react";
import { errorMessage, requestJson } from "@/components/api/request-json";
import { Alert } from "@/components/ui/alert";
import { ReplayResultView } from "./replay-result";
import type { CheckpointEntry, PolicyDefaults, ReplayRequest, ReplayResult } from "./types";
import { WhatIfForm } from "./what-if-form";

type WhatIfPanelProps = { threadId: string; checkpoints: CheckpointEntry[]; selectedId: string | null; policy: PolicyDefaults; reveal: boolean };

/** Runs the rest of the conversation in a sandbox from a checkpoint, with the policy changed. */
export function WhatIfPanel({ threadId, checkpoints, selectedId, policy, reveal }: WhatIfPanelProps) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ReplayResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);

  async function run(request: ReplayRequest) {
    const run = ++latest.current;
    setBusy(true);
    setError(null);
    try {
      const answer = await requestJson<ReplayResult>(`/api/incidents/threads/${encodeURIComponent(threadId)}/replay`, {
        method: "POST",
        body: { ...request, reveal },
      });
      if (run === latest.current) setResult(answer);
    } catch (err) {
      if (run === latest.current) {
        setResult(null);
        setError(errorMessage(err));
      }
    } finally {
      if (run === latest.current) setBusy(false);
    }
  }

  return (
    <section aria-labelledby="whatif-title" className="space-y-4 p-3">
      <div>
        <h2 id="whatif-title" className="text-sm font-semibold">
          What if
        </h2>
        <p className="text-xs text-slate-600">Replay the rest of the conversation from a checkpoint with another policy, and compare the paths.</p>
      </div>
      <WhatIfForm checkpoints={checkpoints} selectedId={selectedId} policy={policy} busy={busy} onRun={(request) => void run(request)} />
      {error ? <Alert title="The sandbox replay failed">{error}</Alert> : null}
      {busy ? (
        <p role="status" className="text-sm text-slate-600">
          Replaying in the sandbox…
        </p>
      ) : null}
      {result && !busy ? <ReplayResultView result={result} /> : null}
    </section>
  );
}
