import { useId, useState } from "react";
import { errorMessage, requestJson } from "@/components/api/request-json";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { describedBy, Field, Input } from "@/components/ui/field";
import { formatDay, formatTime } from "./time";

/** GET /api/incidents/threads/{threadId}/retention */
export type RetentionState = {
  threadId: string;
  pins: { checkpointId: string; pinnedBy: string; reason: string; pinnedAt: string }[];
  hold: { id: string; placedBy: string; reason: string; placedAt: string } | null;
};

const MIN_REASON = 3;

/** A reason and a button that posts it; the reason names the incident or the case, and is audited. */
function ReasonForm({
  label,
  action,
  url,
  extra,
  onDone,
}: {
  label: string;
  action: string;
  url: string;
  extra?: Record<string, unknown>;
  onDone: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (reason.trim().length < MIN_REASON) {
      setError(`Give a reason of at least ${MIN_REASON} characters: it is recorded in the audit trail.`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await requestJson(url, { method: "POST", body: { ...extra, reason: reason.trim() } });
      setReason("");
      onDone();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Field id={id} label={label} error={error} className="min-w-56 flex-1">
        <Input id={id} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} {...describedBy(id, { error })} />
      </Field>
      <Button type="submit" variant="secondary" size="sm" disabled={busy}>
        {busy ? "Saving…" : action}
      </Button>
    </form>
  );
}

/** The conversation's legal hold: while it is in force, retention touches nothing of it. */
export function LegalHoldControl({ threadId, state, onChange }: { threadId: string; state: RetentionState | null; onChange: () => void }) {
  const base = `/api/incidents/threads/${encodeURIComponent(threadId)}/legal-hold`;
  if (!state) return null;
  return (
    <section aria-labelledby="legal-hold-title" className="space-y-2 p-3">
      <h2 id="legal-hold-title" className="text-sm font-semibold">
        Legal hold
      </h2>
      {state.hold ? (
        <>
          <p role="status">
            <Badge tone="warning">
              On legal hold since {formatDay(state.hold.placedAt)} {formatTime(state.hold.placedAt)}, placed by {state.hold.placedBy}: {state.hold.reason}
            </Badge>
          </p>
          <ReasonForm label="Why the hold is released" action="Release the legal hold" url={`${base}/release`} onDone={onChange} />
        </>
      ) : (
        <>
          <p className="text-xs text-slate-600">
            Retention prunes an idle conversation&apos;s checkpoints, except the steps that carry meaning and pinned ones. A legal hold keeps all of it.
          </p>
          <ReasonForm label="Why the conversation is held" action="Place a legal hold" url={base} onDone={onChange} />
        </>
      )}
    </section>
  );
}

/** Whether this checkpoint is pinned, and a way to pin it for an incident. */
export function PinControl({
  threadId,
  checkpointId,
  state,
  onChange,
}: {
  threadId: string;
  checkpointId: string;
  state: RetentionState | null;
  onChange: () => void;
}) {
  if (!state) return null;
  const pin = state.pins.find((p) => p.checkpointId === checkpointId);
  if (pin) {
    return (
      <p role="status" className="text-xs">
        <Badge tone="info">Pinned</Badge> by {pin.pinnedBy} on {formatDay(pin.pinnedAt)}: {pin.reason}. Retention keeps it and the checkpoint before it.
      </p>
    );
  }
  return (
    <ReasonForm
      label="Pin this step for an incident (retention keeps it and its diff)"
      action="Pin this step"
      url={`/api/incidents/threads/${encodeURIComponent(threadId)}/pins`}
      extra={{ checkpointId }}
      onDone={onChange}
    />
  );
}
