import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { describedBy, Field, Input, Textarea } from "@/components/ui/field";
import { decide } from "./approval-api";
import { APPROVAL_STATUS } from "./labels";
import { staffName } from "./labels";
import { formatMinor, minorToMajorText, parseMajorToMinor } from "@/vocabulary/money";
import type { ApprovalView, DecisionResult, Perform } from "./types";

type DecisionFormProps = { approval: ApprovalView; busy: boolean; perform: Perform };

function outcomeText(result: DecisionResult, amount: string): string {
  if (result.status === "pending") {
    return `Your approval of ${amount} is recorded. The refund needs a second approval for the same amount by someone else, one of you a supervisor.`;
  }
  if (result.status === "rejected") return "Rejected. The customer has been told why.";
  if (result.status === "executed") return `Approved: ${amount} has been refunded.`;
  if (result.status === "approved" || result.status === "executing") return `Approved: the refund of ${amount} is being made. This page shows when it is paid.`;
  return `Approved: the refund of ${amount} is ${APPROVAL_STATUS[result.status]?.label.toLowerCase() ?? result.status}.`;
}

/** The amount the first of two approvers approved, which the second approval must match; null before. */
function agreedAmount(approval: ApprovalView): number | null {
  return approval.firstApprovedBy ? (approval.firstApprovedAmountMinor ?? approval.amountMinor) : null;
}

/**
 * Approve, approve a lower amount, or reject with a reason, at the version on screen. At
 * the second of two approvals the amount field starts at the first approver's amount.
 */
export function DecisionForm({ approval, busy, perform }: DecisionFormProps) {
  const agreed = agreedAmount(approval);
  const [reason, setReason] = useState("");
  // What the staff member typed in the amount field; null shows the amount the case starts from.
  const [typed, setTyped] = useState<string | null>(null);
  const [prefilledFor, setPrefilledFor] = useState(agreed);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [lowerError, setLowerError] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const lowerRef = useRef<HTMLInputElement>(null);
  const full = formatMinor(approval.amountMinor, approval.currency);
  if (prefilledFor !== agreed) {
    setPrefilledFor(agreed);
    setTyped(null);
  }
  const lower = typed ?? (agreed === null ? "" : minorToMajorText(agreed));

  async function send(decision: "approve" | "reject", amountMinor?: number) {
    const amount = formatMinor(amountMinor ?? agreed ?? approval.amountMinor, approval.currency);
    const ok = await perform(async () => {
      const result = await decide(approval.approvalId, { decision, reason: reason.trim(), version: approval.version, ...(amountMinor ? { amountMinor } : {}) });
      return outcomeText(result, amount);
    });
    if (ok) {
      // The answer may already have shown the first approval: the amount field then starts from its amount.
      setReason("");
      setTyped(null);
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
      setLowerError(`Write an amount in ${approval.currency} above 0.00 and below ${full}, like 20.00.`);
      lowerRef.current?.focus();
      return;
    }
    setLowerError(null);
    void send("approve", minor);
  }

  /** The second of two approvals sends the amount on screen; the server refuses any but the first approver's. */
  function approveSecond() {
    const minor = parseMajorToMinor(lower);
    if (minor === null || minor <= 0 || minor > approval.amountMinor) {
      setLowerError(`Write an amount in ${approval.currency} above 0.00 and up to ${full}, like 20.00.`);
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
      {agreed !== null ? (
        <Field
          id="decision-amount"
          label={`Amount to approve (${approval.currency})`}
          hint={`${staffName(approval.firstApprovedBy!)} approved ${formatMinor(agreed, approval.currency)}. The second approval must be for the same amount; if you disagree, reject.`}
          error={lowerError}
          className="w-full"
        >
          <Input
            id="decision-amount"
            ref={lowerRef}
            inputMode="decimal"
            className="w-48"
            value={lower}
            onChange={(e) => setTyped(e.target.value)}
            {...describedBy("decision-amount", { hint: true, error: lowerError })}
          />
        </Field>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => (agreed !== null ? approveSecond() : void send("approve"))} disabled={busy}>
          Approve refund
        </Button>
        <Button variant="danger" onClick={reject} disabled={busy}>
          Reject
        </Button>
      </div>
      {agreed === null ? (
        <div className="flex flex-wrap items-end gap-2 border-t border-slate-200 pt-3">
          <Field id="decision-lower" label={`Lower amount (${approval.currency})`} hint={`Refund part of ${full}.`} error={lowerError} className="w-48">
            <Input
              id="decision-lower"
              ref={lowerRef}
              inputMode="decimal"
              value={lower}
              onChange={(e) => setTyped(e.target.value)}
              {...describedBy("decision-lower", { hint: true, error: lowerError })}
            />
          </Field>
          <Button variant="secondary" onClick={approveLower} disabled={busy} className="mb-5">
            Approve lower amount
          </Button>
        </div>
      ) : null}
    </form>
  );
}
