import { formatMinor } from "@/vocabulary/money";
import { DateTime } from "@/components/ui/date-time";
import { actionLabel, actorName } from "../labels";
import { isoOf } from "./dates";

const TH = "border-b border-slate-300 px-2 py-1.5 text-left text-xs font-semibold uppercase tracking-wide text-slate-700";
const TD = "border-b border-slate-100 px-2 py-1.5 align-top";

export type ReportDecision = {
  approvalId: string;
  caseId: string;
  status: string;
  mode: string;
  amountMinor: number;
  approvedAmountMinor: number | null;
  currency: string;
  policyReason: string | null;
  firstApprovedBy: string | null;
  decidedBy: string | null;
  decisionReason: string | null;
  decidedAt: unknown;
};

export type ReportView = { actor: string; action: string; at: unknown };

/** Each approval of the conversation and who decided it. */
export function DecisionsTable({ decisions }: { decisions: ReportDecision[] }) {
  if (decisions.length === 0) return <p className="text-sm text-slate-600">No refund was decided in this conversation.</p>;
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Decisions</caption>
      <thead>
        <tr>
          <th scope="col" className={TH}>
            Case
          </th>
          <th scope="col" className={`${TH} text-right`}>
            Amount
          </th>
          <th scope="col" className={TH}>
            Status
          </th>
          <th scope="col" className={TH}>
            Decided by
          </th>
          <th scope="col" className={TH}>
            Reason
          </th>
          <th scope="col" className={TH}>
            Decided
          </th>
        </tr>
      </thead>
      <tbody>
        {decisions.map((d) => (
          <tr key={d.approvalId} className="break-inside-avoid" data-approval-id={d.approvalId}>
            <td className={`${TD} font-mono text-xs`}>{d.caseId}</td>
            <td className={`${TD} whitespace-nowrap text-right tabular-nums`}>
              {formatMinor(d.approvedAmountMinor ?? d.amountMinor, d.currency)}
              {d.approvedAmountMinor !== null && d.approvedAmountMinor !== d.amountMinor ? (
                <span className="block text-xs text-slate-600">asked {formatMinor(d.amountMinor, d.currency)}</span>
              ) : null}
            </td>
            <td className={TD}>{d.status}</td>
            <td className={TD}>
              {d.mode === "policy"
                ? "Policy"
                : [d.firstApprovedBy, d.decidedBy]
                    .filter(Boolean)
                    .map((u) => actorName(u!))
                    .join(" and ") || "—"}
            </td>
            <td className={`${TD} max-w-md`}>
              {d.decisionReason ? <p>“{d.decisionReason}”</p> : null}
              {d.policyReason ? <p className="text-xs text-slate-600">Policy: {d.policyReason}</p> : null}
            </td>
            <td className={`${TD} whitespace-nowrap`}>
              <DateTime iso={isoOf(d.decidedAt)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Every look at the conversation in the incident viewer: views, reveals, exports. */
export function ViewsTable({ views }: { views: ReportView[] }) {
  if (views.length === 0) return <p className="text-sm text-slate-600">Nobody has opened this conversation in the viewer.</p>;
  return (
    <table className="w-full text-sm" aria-label="Who viewed what">
      <thead>
        <tr>
          <th scope="col" className={TH}>
            Who
          </th>
          <th scope="col" className={TH}>
            What
          </th>
          <th scope="col" className={TH}>
            When
          </th>
        </tr>
      </thead>
      <tbody>
        {views.map((v, i) => (
          <tr key={i} className="break-inside-avoid" data-action={v.action}>
            <td className={TD}>{actorName(v.actor)}</td>
            <td className={TD}>
              {actionLabel(v.action)} <code className="text-xs text-slate-600">{v.action}</code>
            </td>
            <td className={`${TD} whitespace-nowrap`}>
              <DateTime iso={isoOf(v.at)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
