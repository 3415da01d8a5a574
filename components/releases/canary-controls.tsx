"use client";

import { useState, type FormEvent } from "react";
import type { CanaryState, CanaryView } from "@/app/api/tenant/canary/schema";
import { errorMessage, requestJson } from "@/components/api/request-json";
import { useResource } from "@/components/incidents/use-resource";
import { CanaryPanel } from "@/components/ops/canary-panel";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { Select } from "@/components/ui/select";

const CANARY_URL = "/api/tenant/canary";

type Viewer = { username: string; canAct: boolean };

/** A supervisor's answer to a proposal: start it (another supervisor) or withdraw it (its proposer). */
function ProposalActions({ canary, viewer, act }: { canary: CanaryView; viewer: Viewer; act: (path: string, body: unknown) => Promise<void> }) {
  const own = canary.proposedBy === viewer.username;
  return (
    <div className="flex flex-wrap gap-2">
      {own ? (
        <p className="text-sm text-slate-600">Another supervisor of your bank starts it.</p>
      ) : (
        <Button size="sm" onClick={() => act(`/${canary.id}`, { answer: "confirm" })}>
          Start the canary
        </Button>
      )}
      <Button size="sm" variant="secondary" onClick={() => act(`/${canary.id}`, { answer: "reject" })}>
        {own ? "Withdraw it" : "Reject it"}
      </Button>
    </div>
  );
}

function StopForm({ canary, act }: { canary: CanaryView; act: (path: string, body: unknown) => Promise<void> }) {
  const [reason, setReason] = useState("");
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        void act(`/${canary.id}/stop`, { reason });
      }}
    >
      <Field id="canary-stop-reason" label="Why you stop it" className="min-w-64 flex-1">
        <Input id="canary-stop-reason" value={reason} minLength={3} maxLength={500} required onChange={(e) => setReason(e.target.value)} />
      </Field>
      <Button type="submit" variant="danger">
        Stop the canary
      </Button>
    </form>
  );
}

function ProposeForm({ state, act }: { state: CanaryState; act: (path: string, body: unknown) => Promise<void> }) {
  const candidates = state.hosted.filter((r) => r.id !== state.bankRevisionId);
  const [candidate, setCandidate] = useState(candidates[0]?.id ?? "");
  const [share, setShare] = useState("10");
  const [minutes, setMinutes] = useState("60");
  if (candidates.length === 0)
    return (
      <p className="text-sm text-slate-600">
        This deployment runs no candidate revision (its CANDIDATE_LLM_* settings name none), so there is nothing to canary.
      </p>
    );
  return (
    <form
      className="grid gap-3 sm:grid-cols-4 sm:items-end"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        void act("", { candidateRevisionId: candidate, sharePercent: Number(share), durationMinutes: Number(minutes) });
      }}
    >
      <Field id="canary-candidate" label="Candidate revision">
        <Select id="canary-candidate" value={candidate} onChange={(e) => setCandidate(e.target.value)}>
          {candidates.map((r) => (
            <option key={r.id} value={r.id}>
              {r.id} ({r.components.model})
            </option>
          ))}
        </Select>
      </Field>
      <Field id="canary-share" label="Share of new conversations (%)">
        <Input id="canary-share" type="number" min={1} max={50} required value={share} onChange={(e) => setShare(e.target.value)} />
      </Field>
      <Field id="canary-minutes" label="Window (minutes)">
        <Input id="canary-minutes" type="number" min={5} max={20160} required value={minutes} onChange={(e) => setMinutes(e.target.value)} />
      </Field>
      <Button type="submit">Propose a canary</Button>
    </form>
  );
}

/**
 * The bank's canary on the Releases page: what runs now and the last comparison for everyone who
 * may read it; for a supervisor, proposing one, starting or rejecting another's proposal, and
 * stopping the one running.
 */
export function CanaryControls({ viewer }: { viewer: Viewer }) {
  const loaded = useResource<CanaryState>(CANARY_URL);
  const [state, setState] = useState<CanaryState | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const shown = state ?? loaded.data;
  const act = async (path: string, body: unknown) => {
    setFailure(null);
    try {
      setState(await requestJson<CanaryState>(`${CANARY_URL}${path}`, { method: "POST", body }));
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  const latest = shown?.canaries[0] ?? null;
  const open = latest && (latest.status === "proposed" || latest.status === "running") ? latest : null;
  return (
    <section aria-labelledby="canary-controls-title" className="space-y-3" data-testid="canary-controls">
      <h2 id="canary-controls-title" className="text-lg font-semibold">
        Canary
      </h2>
      {loaded.error ? <Alert>{loaded.error}</Alert> : null}
      {shown ? (
        <>
          <p className="text-sm text-slate-600">
            Your bank&apos;s conversations run on <span className="font-mono text-xs">{shown.bankRevisionId}</span>. A canary gives a share of new conversations
            to a candidate; it stops itself when its fallback, clarifying, hand-over or re-ask rate, degraded checks, auto-approvals or latency cross your
            bank&apos;s thresholds (judged once each revision answered {shown.thresholds.minTurns} turns), and is promoted when its window ends holding.
          </p>
          <CanaryPanel canary={latest} title="Where it stands" />
          {failure ? <Alert>{failure}</Alert> : null}
          {viewer.canAct && open?.status === "proposed" ? <ProposalActions canary={open} viewer={viewer} act={act} /> : null}
          {viewer.canAct && open?.status === "running" ? <StopForm canary={open} act={act} /> : null}
          {viewer.canAct && !open ? <ProposeForm state={shown} act={act} /> : null}
        </>
      ) : null}
    </section>
  );
}
