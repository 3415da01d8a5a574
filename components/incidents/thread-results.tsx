import Link from "next/link";
import { formatMinor } from "@/vocabulary/money";
import { Badge } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import { threadStatus } from "./labels";
import type { IncidentThread } from "./types";

const TH = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600";
const TD = "px-3 py-2 align-top";

function Cases({ thread }: { thread: IncidentThread }) {
  if (thread.cases.length === 0) return <span className="text-slate-600">No case</span>;
  return (
    <ul className="space-y-0.5">
      {thread.cases.map((c) => (
        <li key={c.caseId}>
          <span className="font-medium">{c.merchant}</span> <span className="tabular-nums">{formatMinor(c.amountMinor, c.currency)}</span>{" "}
          <span className="text-xs text-slate-600">({c.status.replaceAll("_", " ")})</span>
        </li>
      ))}
    </ul>
  );
}

/** One row per conversation; the link opens the viewer on it. */
export function ThreadResults({ threads }: { threads: IncidentThread[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full min-w-[56rem] text-sm">
        <caption className="sr-only">Conversations found</caption>
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            <th scope="col" className={TH}>
              Conversation
            </th>
            <th scope="col" className={TH}>
              Customer
            </th>
            <th scope="col" className={TH}>
              Cases
            </th>
            <th scope="col" className={TH}>
              Status
            </th>
            <th scope="col" className={TH}>
              Signals
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Checkpoints
            </th>
            <th scope="col" className={TH}>
              Last change
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {threads.map((thread) => {
            const status = threadStatus(thread.status);
            return (
              <tr key={thread.threadId} data-thread-id={thread.threadId} className="hover:bg-slate-50">
                <td className={TD}>
                  <Link
                    href={`/incidents/${encodeURIComponent(thread.threadId)}`}
                    className="relative inline-block font-mono text-xs font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
                  >
                    <span className="sr-only">Open conversation </span>
                    {thread.threadId.slice(0, 8)}
                  </Link>
                  <p className="mt-0.5 text-xs text-slate-600">
                    started <DateTime iso={thread.createdAt} />
                  </p>
                </td>
                <td className={`${TD} whitespace-nowrap`}>
                  {thread.customerName}
                  <p className="font-mono text-xs text-slate-600">{thread.customerId}</p>
                </td>
                <td className={TD}>
                  <Cases thread={thread} />
                </td>
                <td className={TD}>
                  <Badge tone={status.tone}>{status.label}</Badge>
                </td>
                <td className={TD}>
                  <div className="flex flex-wrap gap-1">
                    {thread.hadRefund ? <Badge tone="success">Refund</Badge> : null}
                    {thread.hadDegradedCheck ? <Badge tone="warning">Degraded check</Badge> : null}
                    {!thread.hadRefund && !thread.hadDegradedCheck ? <span className="text-slate-600">—</span> : null}
                  </div>
                </td>
                <td className={`${TD} text-right tabular-nums`}>{thread.checkpointCount}</td>
                <td className={`${TD} whitespace-nowrap`}>
                  <DateTime iso={thread.updatedAt} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
