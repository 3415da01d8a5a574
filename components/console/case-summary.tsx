import { formatMinor } from "@/vocabulary/money";
import { Badge } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import { formatSpan, msBetween } from "./durations";
import { APPROVAL_STATUS, CASE_REASONS } from "./labels";
import { RiskBadge } from "./risk-badge";
import type { ApprovalDetail } from "./types";

/** The case at a glance: what, who, how risky, how old, and how long until it expires. */
export function CaseSummary({ detail, nowMs }: { detail: ApprovalDetail; nowMs: number }) {
  const { approval, customer } = detail;
  const status = APPROVAL_STATUS[approval.status] ?? { label: approval.status, tone: "neutral" as const };
  const left = new Date(approval.expiresAt).getTime() - nowMs;
  return (
    <header className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-xl font-semibold">
          Refund of {formatMinor(approval.amountMinor, approval.currency)} · {approval.merchant}
        </h1>
        <Badge tone={status.tone}>{status.label}</Badge>
        <RiskBadge risk={approval.risk} />
        {approval.requiredApprovals === 2 ? <Badge tone="info">Four-eyes: two approvals</Badge> : null}
      </div>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
        <div>
          <dt className="inline font-medium">Customer: </dt>
          <dd className="inline">{customer.name}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Reported as: </dt>
          <dd className="inline">{CASE_REASONS[approval.caseReason] ?? approval.caseReason}</dd>
        </div>
        <div>
          <dt className="inline font-medium">In review for: </dt>
          <dd className="inline">
            {formatSpan(msBetween(approval.createdAt, nowMs))} (since <DateTime iso={approval.createdAt} />)
          </dd>
        </div>
        {approval.status === "pending" ? (
          <div>
            <dt className="inline font-medium">Expires in: </dt>
            <dd className="inline">{left > 0 ? formatSpan(left) : "now"}</dd>
          </div>
        ) : null}
        <div>
          <dt className="inline font-medium">Version: </dt>
          <dd className="inline tabular-nums">{approval.version}</dd>
        </div>
      </dl>
    </header>
  );
}
