import Link from "next/link";
import { formatMinor } from "@/agent/policy";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { CheckFacts } from "./check-facts";
import { DecisionForm } from "./decision-form";
import { APPROVAL_STATUS, CASE_REASONS } from "./labels";
import type { ApprovalView, Decision, DecisionResult } from "./types";

type ApprovalCardProps = {
  approval: ApprovalView;
  canDecide: boolean;
  onDecided: (approval: ApprovalView, decision: Decision, result: DecisionResult) => void;
  onConflict: (approval: ApprovalView, message: string) => void;
};

export function ApprovalCard({ approval, canDecide, onDecided, onConflict }: ApprovalCardProps) {
  const status = APPROVAL_STATUS[approval.status] ?? { label: approval.status, tone: "neutral" as const };
  const titleId = `approval-${approval.approvalId}-title`;
  return (
    <Card as="li" className="space-y-4 p-4" aria-labelledby={titleId} data-approval-id={approval.approvalId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={titleId} className="text-base font-semibold">
            {formatMinor(approval.amountMinor, approval.currency)} · {approval.merchant}
          </h3>
          <p className="text-sm text-slate-600">
            {approval.customerName} · paid <DateTime iso={approval.postedAt} /> · {CASE_REASONS[approval.caseReason] ?? approval.caseReason}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Badge tone="neutral">{approval.mode === "policy" ? "Approved by policy" : "Operator review"}</Badge>
          <Badge tone={status.tone}>{status.label}</Badge>
        </div>
      </div>
      <p className="text-sm">
        <span className="font-medium text-slate-700">Why it is here: </span>
        {approval.policyReason ?? "No policy reason recorded."}
      </p>
      <CheckFacts checks={approval.checks} />
      {approval.status === "pending" ? (
        canDecide ? (
          <DecisionForm approval={approval} onDecided={onDecided} onConflict={onConflict} />
        ) : (
          <p className="text-sm text-slate-500">Read-only: auditors see the queue but cannot decide.</p>
        )
      ) : (
        <p className="text-sm text-slate-700">
          Decided by <span className="font-medium">{approval.decidedBy ?? "—"}</span>
          {approval.decisionReason ? <>: “{approval.decisionReason}”</> : null}
        </p>
      )}
      <p className="text-xs text-slate-400">
        Case <span className="font-mono">{approval.caseId}</span> · opened <DateTime iso={approval.createdAt} /> · version {approval.version} ·{" "}
        <Link href={`/incidents?thread=${encodeURIComponent(approval.threadId)}`} className="text-brand-700 underline-offset-2 hover:underline">
          conversation history
        </Link>
      </p>
    </Card>
  );
}
