import { formatMinor } from "@/vocabulary/money";
import { Badge } from "@/components/ui/badge";
import { APPROVAL_STATUS, staffName } from "./labels";
import type { ApprovalView } from "./types";

function explanation(approval: ApprovalView): string {
  const amount = formatMinor(approval.approvedAmountMinor ?? approval.amountMinor, approval.currency);
  const by = approval.decidedBy ? staffName(approval.decidedBy) : "policy";
  const also = approval.firstApprovedBy && approval.firstApprovedBy !== approval.decidedBy ? ` and ${staffName(approval.firstApprovedBy)}` : "";
  switch (approval.status) {
    case "executed":
      return `Approved by ${by}${also}; ${amount} has been refunded.`;
    case "approved":
    case "executing":
      return `Approved by ${by}${also}; the refund of ${amount} is being made.`;
    case "rejected":
      return `Rejected by ${by}. No refund will be made.`;
    case "cancelled":
      return "The customer cancelled the request before a decision. No refund will be made.";
    case "expired":
      return "Expired: nobody decided within the approval window. The customer was told; no refund will be made.";
    default:
      return "";
  }
}

/** A final approval: what happened, and that nothing more can be decided. */
export function CaseOutcome({ approval }: { approval: ApprovalView }) {
  const status = APPROVAL_STATUS[approval.status] ?? { label: approval.status, tone: "neutral" as const };
  return (
    <div className="space-y-2 text-sm" data-testid="case-outcome">
      <p className="flex items-center gap-2">
        <Badge tone={status.tone}>{status.label}</Badge>
        <span className="font-medium">This case is final.</span>
      </p>
      <p>{explanation(approval)}</p>
      {approval.decisionReason ? <p className="text-slate-700">Reason: “{approval.decisionReason}”</p> : null}
    </div>
  );
}

/** Why a pending decision may be refused right now: a first approval or an open question. */
export function PendingNotes({ approval }: { approval: ApprovalView }) {
  const notes: string[] = [];
  if (approval.firstApprovedBy) {
    const amount = formatMinor(approval.firstApprovedAmountMinor ?? approval.amountMinor, approval.currency);
    notes.push(
      `Approved by ${staffName(approval.firstApprovedBy)} for ${amount}; needs a second approval by someone else, one of the two a supervisor, for the same amount.`,
    );
  } else if (approval.requiredApprovals === 2) {
    notes.push("Needs two approvals by two different people, one of them a supervisor.");
  }
  if (approval.openQuestion) notes.push("Waiting for the customer's answer: decisions are refused until they reply.");
  if (notes.length === 0) return null;
  return (
    <ul className="space-y-1 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" aria-label="Before deciding">
      {notes.map((note) => (
        <li key={note}>{note}</li>
      ))}
    </ul>
  );
}
