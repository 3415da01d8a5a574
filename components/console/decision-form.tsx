import { useRef, useState } from "react";
import { formatMinor } from "@/agent/policy";
import { Button } from "@/components/ui/button";
import { describedBy, Field, Input, Textarea } from "@/components/ui/field";
import { decide } from "./approval-api";
import { APPROVAL_STATUS } from "./labels";
import { parseMajorToMinor } from "./money";
import type { ApprovalView, DecisionResult, Perform } from "./types";

type DecisionFormProps = { approval: ApprovalView; busy: boolean; perform: Perform };

function outcomeText(result: DecisionResult, amount: string): string {
  if (result.status === "pending") return "Your approval is recorded. The refund needs a second approval by someone else, one of you a supervisor.";
  if (result.status === "rejected") return "Rejected. The customer has been told why.";
  if (result.status === "executed") return `Approved: ${amount} has been refunded.`;
  return `Approved: the refund of ${amount} is ${APPROVAL_STATUS[result.status]?.label.toLowerCase() ?? result.status}.`;
}

/** Approve, approve a lower amount, or reject with a reason, at the version on screen. */
export function DecisionForm({ approval, busy, perform }: DecisionFormProps) {
  const [reason, setReason] = useState("");
  const [lower, setLower] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [lowerError, setLowerError] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const lowerRef = useRef<HTMLInputElement>(null);
  const full = formatMinor(approval.amountMinor, approval.currency);

  async function send(decision: "approve" | "reject", amountMinor?: number) {
    const amount = formatMinor(amountMinor ?? approval.amountMinor, approval.currency);
    const ok = await perform(async () => {
      const result = await decide(approval.approvalId, { decision, reason: reason.trim(), version: approval.version, ...(amountMinor ? { amountMinor } : {}) });
      return outcomeText(result, amount);
    });
    if (ok) {
      setReason("");
      setLower("");
    }
  }

  function reject() {
    if (!reason.trim()) {
      setReasonError("Write a reason to reject: the customer is told why.");
      reasonRef.current?.focus();
      return;
    }
    setReasonError(null);
    void send("reject");
  }

  function approveLower() {
    const minor = parseMajorToMinor(lower);
    if (minor === null || minor <= 0 || minor >= approval.amountMinor) {
      setLowerError(`Write an amount in EUR above 0.00 and below ${full}, like 20.00.`);
      lowerRef.current?.focus();
      return;
    }
    setLowerError(null);
    void send("approve", minor);
  }

  return (
    <form className="space-y-3" onSubmit={(event) => event.preventDefault()} aria-label="Decision">
      <Field id="decision-reason" label="Reason" hint="Optional when approving, required when rejecting." error={reasonError}>
        <Textarea
          id="decision-reason"
          ref={reasonRef}
          rows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            if (reasonError && e.target.value.trim()) setReasonError(null);
          }}
          {...describedBy("decision-reason", { hint: true, error: reasonError })}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void send("approve")} disabled={busy}>
          Approve refund
        </Button>
        <Button variant="danger" onClick={reject} disabled={busy}>
          Reject
        </Button>
      </div>
      <div className="flex flex-wrap items-end gap-2 border-t border-slate-200 pt-3">
        <Field id="decision-lower" label="Lower amount (EUR)" hint={`Refund part of ${full}.`} error={lowerError} className="w-48">
          <Input
            id="decision-lower"
            ref={lowerRef}
            inputMode="decimal"
            value={lower}
            onChange={(e) => setLower(e.target.value)}
            {...describedBy("decision-lower", { hint: true, error: lowerError })}
          />
        </Field>
        <Button variant="secondary" onClick={approveLower} disabled={busy} className="mb-5">
          Approve lower amount
        </Button>
      </div>
    </form>
  );
}
