import type { OpsSummary } from "@/app/api/ops/summary/schema";
import { formatBytes, formatMs, formatRate, minuteLabel } from "./format";
import { countTotal } from "./summary-view";
import { ColumnHeads } from "./column-heads";

/** The figures by minute, newest first: what the charts draw, readable without them. */
export function MinuteTable({ summary }: { summary: OpsSummary }) {
  return (
    <div className="mt-3 max-h-96 overflow-auto" tabIndex={0} role="region" aria-label="The figures by minute">
      <table className="w-full text-left tabular-nums">
        <ColumnHeads
          className="sticky top-0 bg-white text-xs text-slate-600"
          names={["Minute", "Turns/s", "Write p50", "Write p95", "Size p95", "≥ 1 MB", "Executed", "Failed", "Retried", "Degraded", "Recoveries", "Waiting"]}
        />
        <tbody>
          {[...summary.minutes].reverse().map((m) => (
            <tr key={m.at} className="border-t border-slate-100">
              <th scope="row" className="px-2 py-1 font-normal">
                {minuteLabel(m.at)}
              </th>
              <td className="px-2 py-1">{formatRate(m.turnsPerSecond)}</td>
              <td className="px-2 py-1">{formatMs(m.checkpoints.writeP50Ms)}</td>
              <td className="px-2 py-1">{formatMs(m.checkpoints.writeP95Ms)}</td>
              <td className="px-2 py-1">{formatBytes(m.checkpoints.sizeP95Bytes)}</td>
              <td className="px-2 py-1">{m.checkpoints.over1Mb}</td>
              <td className="px-2 py-1">{m.refunds.executed}</td>
              <td className="px-2 py-1">{m.refunds.failed}</td>
              <td className="px-2 py-1">{m.refunds.retried}</td>
              <td className="px-2 py-1">{countTotal(m.degraded)}</td>
              <td className="px-2 py-1">{m.takeovers}</td>
              <td className="px-2 py-1">{m.approvalsWaiting}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
