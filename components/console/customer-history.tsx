import { formatMinor } from "@/vocabulary/money";
import { DateTime } from "@/components/ui/date-time";
import type { EarlierCase, Refund } from "./types";

/** The customer's other refund cases and the refunds the ledger holds for them. */
export function CustomerHistory({ earlierCases, refunds }: { earlierCases: EarlierCase[]; refunds: Refund[] }) {
  return (
    <div className="space-y-3 text-sm">
      <div>
        <h3 className="text-xs font-medium text-slate-600">Earlier cases</h3>
        {earlierCases.length === 0 ? (
          <p className="text-slate-600">None.</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Earlier cases">
            {earlierCases.map((c) => (
              <li key={c.caseId} className="py-1">
                <p className="flex justify-between gap-2">
                  <span>{c.merchant}</span>
                  <span className="whitespace-nowrap tabular-nums">{formatMinor(c.amountMinor, c.currency)}</span>
                </p>
                <p className="text-xs text-slate-600">
                  <DateTime iso={c.createdAt} /> · {c.status.replace(/_/g, " ")}
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3 className="text-xs font-medium text-slate-600">Refunds paid</h3>
        {refunds.length === 0 ? (
          <p className="text-slate-600">None.</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Refunds paid">
            {refunds.map((r) => (
              <li key={r.entryId} className="flex justify-between gap-2 py-1">
                <DateTime iso={r.committedAt} />
                <span className="tabular-nums">{formatMinor(r.amountMinor, r.currency)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
