import { formatMinor } from "@/vocabulary/money";
import { Badge } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import type { LedgerEntry } from "./types";

const TH = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600";
const TD = "px-3 py-2 align-top";

/** The money the conversation moved, as the ledger holds it. */
export function LedgerEntries({ entries }: { entries: LedgerEntry[] }) {
  if (entries.length === 0) return <p className="text-sm text-slate-600">No money moved in this conversation.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">Ledger entries</caption>
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            <th scope="col" className={TH}>
              Idempotency key
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Amount
            </th>
            <th scope="col" className={TH}>
              Status
            </th>
            <th scope="col" className={TH}>
              Created
            </th>
            <th scope="col" className={TH}>
              Committed
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((entry) => (
            <tr key={entry.entryId} data-entry-id={entry.entryId}>
              <td className={`${TD} font-mono text-xs`}>{entry.idempotencyKey}</td>
              <td className={`${TD} whitespace-nowrap text-right tabular-nums`}>{formatMinor(entry.amountMinor, entry.currency)}</td>
              <td className={TD}>
                <Badge tone={entry.status === "committed" ? "success" : "neutral"}>{entry.status}</Badge>
              </td>
              <td className={`${TD} whitespace-nowrap`}>
                <DateTime iso={entry.createdAt} />
              </td>
              <td className={`${TD} whitespace-nowrap`}>
                <DateTime iso={entry.committedAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
