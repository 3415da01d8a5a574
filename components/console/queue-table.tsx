import Link from "next/link";
import { formatMinor } from "@/vocabulary/money";
import { Badge } from "@/components/ui/badge";
import { ClaimState } from "./claim-state";
import { formatSpan, msBetween } from "./durations";
import { APPROVAL_STATUS, staffName } from "./labels";
import { RiskBadge } from "./risk-badge";
import type { ApprovalView } from "./types";

type QueueTableProps = { approvals: ApprovalView[]; nowMs: number; me: string; caption: string };

const TH = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600";
const TD = "px-3 py-2 align-top";

function StatusCell({ approval }: { approval: ApprovalView }) {
  const status = APPROVAL_STATUS[approval.status] ?? { label: approval.status, tone: "neutral" as const };
  return (
    <div className="flex flex-col items-start gap-1">
      <Badge tone={status.tone}>{status.label}</Badge>
      {approval.status === "pending" && approval.firstApprovedBy ? (
        <span className="text-xs text-slate-700">1 of 2 approvals ({staffName(approval.firstApprovedBy)})</span>
      ) : null}
      {approval.status === "pending" && approval.openQuestion ? <span className="text-xs text-slate-700">Waiting for the customer</span> : null}
    </div>
  );
}

function TimeLeft({ approval, nowMs }: { approval: ApprovalView; nowMs: number }) {
  if (approval.status !== "pending") return <span className="text-slate-600">—</span>;
  const left = new Date(approval.expiresAt).getTime() - nowMs;
  if (left <= 0) return <span className="font-medium text-red-800">Expiring now</span>;
  return <span className={left < 4 * 3_600_000 ? "font-medium text-red-800" : undefined}>{formatSpan(left)}</span>;
}

/** One row per approval; the merchant links to the case page. */
export function QueueTable({ approvals, nowMs, me, caption }: QueueTableProps) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full min-w-[64rem] text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            <th scope="col" className={`${TH} text-right`}>
              Amount
            </th>
            <th scope="col" className={TH}>
              Customer
            </th>
            <th scope="col" className={TH}>
              Merchant
            </th>
            <th scope="col" className={TH}>
              Why it is in review
            </th>
            <th scope="col" className={TH}>
              Risk
            </th>
            <th scope="col" className={TH}>
              Age
            </th>
            <th scope="col" className={TH}>
              Time left
            </th>
            <th scope="col" className={TH}>
              Claim
            </th>
            <th scope="col" className={TH}>
              Status
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {approvals.map((approval) => (
            <tr key={approval.approvalId} data-approval-id={approval.approvalId} className="hover:bg-slate-50">
              <td className={`${TD} whitespace-nowrap text-right font-semibold tabular-nums`}>{formatMinor(approval.amountMinor, approval.currency)}</td>
              <td className={`${TD} whitespace-nowrap`}>{approval.customerName}</td>
              <td className={TD}>
                <Link
                  href={`/console/approvals/${encodeURIComponent(approval.approvalId)}`}
                  className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
                >
                  {approval.merchant}
                </Link>
              </td>
              <td className={`${TD} max-w-xs`}>
                <p className="line-clamp-2 text-slate-700" title={approval.policyReason ?? undefined}>
                  {approval.mode === "policy" ? "Approved by policy" : (approval.policyReason ?? "No reason recorded")}
                </p>
              </td>
              <td className={TD}>
                <RiskBadge risk={approval.risk} />
              </td>
              <td className={`${TD} whitespace-nowrap`}>{formatSpan(msBetween(approval.createdAt, nowMs))}</td>
              <td className={`${TD} whitespace-nowrap`}>
                <TimeLeft approval={approval} nowMs={nowMs} />
              </td>
              <td className={`${TD} whitespace-nowrap`}>
                {approval.status === "pending" ? <ClaimState claim={approval} nowMs={nowMs} me={me} /> : <span className="text-slate-600">—</span>}
              </td>
              <td className={TD}>
                <StatusCell approval={approval} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
