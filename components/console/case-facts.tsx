import { formatMinor } from "@/vocabulary/money";
import { DateTime } from "@/components/ui/date-time";
import { CheckFacts } from "./check-facts";
import type { ApprovalDetail } from "./types";

/** The payment, what the three bank systems said about it, and why policy sent it here. */
export function CaseFacts({ detail }: { detail: ApprovalDetail }) {
  const { transaction, approval } = detail;
  return (
    <div className="space-y-4">
      {transaction ? (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm md:grid-cols-4">
          <div>
            <dt className="text-xs font-medium text-slate-600">Merchant</dt>
            <dd>{transaction.merchant}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-600">Amount</dt>
            <dd className="tabular-nums">{formatMinor(transaction.amountMinor, transaction.currency)}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-600">Paid</dt>
            <dd>
              <DateTime iso={transaction.postedAt} />
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-600">Country</dt>
            <dd>{transaction.country}</dd>
          </div>
          <div className="col-span-2 md:col-span-4">
            <dt className="text-xs font-medium text-slate-600">Transaction</dt>
            <dd className="font-mono text-xs">{transaction.id}</dd>
          </div>
        </dl>
      ) : (
        <p className="text-sm">The payment is not in the bank&apos;s records any more.</p>
      )}
      <div>
        <h3 className="text-xs font-medium text-slate-600">Why policy sent it to review</h3>
        <p className="text-sm">{approval.policyReason ?? "No policy reason recorded."}</p>
      </div>
      <div>
        <h3 className="mb-1 text-xs font-medium text-slate-600">What the bank systems said</h3>
        <CheckFacts checks={approval.checks} />
      </div>
    </div>
  );
}
