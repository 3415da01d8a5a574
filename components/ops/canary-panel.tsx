import type { CanaryView } from "@/app/api/tenant/canary/schema";
import { DateTime } from "@/components/ui/date-time";
import { ColumnHeads } from "./column-heads";

type Arm = NonNullable<CanaryView["figures"]>["current"];

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const orDash = (x: number | null, unit = "") => (x === null ? "—" : `${x}${unit}`);

const STATUS_TEXT: Record<CanaryView["status"], string> = {
  proposed: "proposed, waiting for a second supervisor to start it",
  running: "running",
  stopped: "stopped",
  promoted: "promoted: the bank's conversations run on the candidate",
  rejected: "rejected",
  withdrawn: "withdrawn",
  lapsed: "lapsed unconfirmed",
};

function ArmRow({ name, arm, crossed }: { name: string; arm: Arm; crossed: Set<string> }) {
  const cell = (figure: string, text: string) => (
    <td className={`px-2 py-1 ${crossed.has(figure) ? "font-medium text-red-700" : ""}`}>
      {text}
      {crossed.has(figure) ? <span className="sr-only"> (over its threshold)</span> : null}
    </td>
  );
  return (
    <tr className="border-t border-slate-100">
      <th scope="row" className="px-2 py-1 font-normal">
        {name} <span className="font-mono text-xs">{arm.revisionId}</span>
      </th>
      <td className="px-2 py-1">{arm.turns}</td>
      {cell("fallbackRate", pct(arm.fallbackRate))}
      {cell("clarifyingRate", pct(arm.clarifyingRate))}
      {cell("handoverRate", pct(arm.handoverRate))}
      {cell("reaskRate", pct(arm.reaskRate))}
      {cell("degradedPer100Turns", String(arm.degradedPer100Turns))}
      {cell("autoApprovedPer100Claims", `${orDash(arm.autoApprovedPer100Claims)} of ${arm.claims}`)}
      {cell("latencyP95Ms", orDash(arm.latencyP95Ms, " ms"))}
    </tr>
  );
}

/** The bank's canary on the ops page: who started it, its share and status, why it ended, and its last comparison. */
export function CanaryPanel({ canary, title = "Canary" }: { canary: CanaryView | null; title?: string }) {
  return (
    <section aria-labelledby="canary-title" className="rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm" data-testid="canary">
      <h2 id="canary-title" className="font-medium text-slate-800">
        {title}
      </h2>
      {!canary ? (
        <p className="mt-1 text-slate-600">No canary in the last day: every new conversation starts on the bank&apos;s revision.</p>
      ) : (
        <>
          <p className="mt-1 text-slate-700" data-testid="canary-status">
            <span className="font-mono text-xs">{canary.candidateRevisionId}</span> for {canary.sharePercent}% of new conversations against{" "}
            <span className="font-mono text-xs">{canary.currentRevisionId}</span>: <strong>{STATUS_TEXT[canary.status]}</strong>
            {canary.endedBy ? <> by {canary.endedBy === "canary" ? "itself" : canary.endedBy}</> : null}
            {canary.endedAt ? (
              <>
                {" "}
                at <DateTime iso={canary.endedAt} />
              </>
            ) : null}
            . Proposed by {canary.proposedBy}
            {canary.confirmedBy ? `, started by ${canary.confirmedBy}` : ""}
            {canary.endsAt && canary.status === "running" ? (
              <>
                , promoted at <DateTime iso={canary.endsAt} /> if it holds
              </>
            ) : null}
            .
          </p>
          {canary.endReason ? (
            <p className="mt-1 text-slate-700" data-testid="canary-reason">
              Why: {canary.endReason}
            </p>
          ) : null}
          {canary.figures ? (
            <div className="mt-2 overflow-auto" tabIndex={0} role="region" aria-label="Canary figures">
              <table className="w-full text-left tabular-nums" data-testid="canary-figures">
                <ColumnHeads
                  names={[
                    "Revision",
                    "Turns",
                    "Fallbacks",
                    "Clarifying",
                    "Hand-overs",
                    "Re-asks",
                    "Degraded / 100",
                    "Auto-approved / 100 claims",
                    "Latency p95",
                  ]}
                />
                <tbody>
                  <ArmRow name="Current" arm={canary.figures.current} crossed={new Set()} />
                  <ArmRow name="Candidate" arm={canary.figures.candidate} crossed={new Set(canary.figures.crossed.map((c) => c.figure))} />
                </tbody>
              </table>
              <p className="mt-1 text-xs text-slate-600">
                Since it started, compared at <DateTime iso={canary.evaluatedAt} />; judged once each revision answered {canary.figures.thresholds.minTurns}{" "}
                turns
                {canary.figures.sampleReached ? " (reached)" : " (not yet)"}.
              </p>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
