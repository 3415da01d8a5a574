import { useRef, useState } from "react";
import { ApiRequestError, errorMessage, requestJson } from "@/components/api/request-json";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { describedBy, Field, Textarea } from "@/components/ui/field";
import type { ApprovalView, Decision, DecisionResult } from "./types";

type DecisionFormProps = {
  approval: ApprovalView;
  onDecided: (approval: ApprovalView, decision: Decision, result: DecisionResult) => void;
  onConflict: (approval: ApprovalView, message: string) => void;
};

/** Approve or reject at the version the operator is looking at; a rejection needs a reason. */
export function DecisionForm({ approval, onDecided, onConflict }: DecisionFormProps) {
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState<Decision | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const id = `reason-${approval.approvalId}`;

  async function decide(decision: Decision) {
    setError(null);
    if (decision === "reject" && !reason.trim()) {
      setReasonError("Write a reason to reject: the customer is told why.");
      reasonRef.current?.focus();
      return;
    }
    setReasonError(null);
    setBusy(decision);
    try {
      const result = await requestJson<DecisionResult>(`/api/approvals/${encodeURIComponent(approval.approvalId)}/decision`, {
        method: "POST",
        body: { decision, reason: reason.trim(), version: approval.version },
      });
      onDecided(approval, decision, result);
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 409) onConflict(approval, err.message);
      else setError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  return (
    <form className="space-y-3" onSubmit={(event) => event.preventDefault()} aria-label={`Decision on the ${approval.merchant} refund`}>
      <Field id={id} label="Reason" hint="Optional when approving, required when rejecting." error={reasonError}>
        <Textarea
          id={id}
          ref={reasonRef}
          rows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            if (reasonError && e.target.value.trim()) setReasonError(null);
          }}
          {...describedBy(id, { hint: true, error: reasonError })}
        />
      </Field>
      {error ? <Alert>{error}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void decide("approve")} disabled={busy !== null}>
          {busy === "approve" ? "Approving and refunding…" : "Approve refund"}
        </Button>
        <Button variant="danger" onClick={() => void decide("reject")} disabled={busy !== null}>
          {busy === "reject" ? "Rejecting…" : "Reject"}
        </Button>
      </div>
    </form>
  );
}
