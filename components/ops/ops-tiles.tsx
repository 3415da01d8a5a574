import type { ReactNode } from "react";
import type { OpsSummary } from "@/app/api/ops/summary/schema";
import { Card } from "@/components/ui/card";
import { formatAge, formatRate } from "./format";
import { byBudget, countTotal } from "./summary-view";

/** An oldest approval waiting longer than this is shown as a warning. */
const LONG_WAIT_SECONDS = 2 * 60 * 60;

/** The last five minutes, and the approvals waiting now, as figures. */
export function OpsTiles({ summary }: { summary: OpsSummary }) {
  const { live, approvals, unconfirmedRefunds } = summary;
  const degradedLive = countTotal(live.degraded);
  const overBudget = countTotal(live.rateLimited);
  return (
    <>
      <h2 className="sr-only">The last five minutes</h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-11" data-testid="ops-tiles">
        <Tile label="Turns per second" value={formatRate(live.turnsPerSecond)} testId="tile-turns" />
        <Tile label="Refunds executed" value={live.refunds.executed} testId="tile-refunds-executed" />
        <Tile label="Refunds failed" value={live.refunds.failed} testId="tile-refunds-failed" warn={live.refunds.failed > 0} />
        <Tile label="Refunds retried" value={live.refunds.retried} testId="tile-refunds-retried" />
        <Tile
          label="Refunds unconfirmed"
          value={unconfirmedRefunds.waiting}
          testId="tile-refunds-unconfirmed"
          warn={unconfirmedRefunds.pastKeyWindow > 0}
          detail={
            unconfirmedRefunds.pastKeyWindow > 0
              ? `${unconfirmedRefunds.pastKeyWindow} past the ledger's key window (${formatAge(unconfirmedRefunds.keyWindowMs / 1000)}): settled only by the ledger's read by case`
              : undefined
          }
        />
        <Tile label="Degraded checks" value={degradedLive} testId="tile-degraded" warn={degradedLive > 0} />
        <Tile label="Recoveries" value={live.takeovers} testId="tile-recoveries" />
        <Tile label="Over budget (429)" value={overBudget} testId="tile-rate-limited" warn={overBudget > 0} detail={byBudget(live.rateLimited)} />
        <Tile
          label="Invalid states (hour)"
          value={summary.invalidStates}
          testId="tile-invalid-states"
          warn={summary.invalidStates > 0}
          detail={summary.invalidStates > 0 ? "runs stopped on a state that does not fit: see the node events of their conversations" : undefined}
        />
        <Tile label="Approvals waiting" value={approvals.waiting} testId="tile-approvals-waiting" />
        <Tile
          label="Oldest waiting"
          value={formatAge(approvals.oldestAgeSeconds)}
          testId="tile-oldest-approval"
          warn={(approvals.oldestAgeSeconds ?? 0) > LONG_WAIT_SECONDS}
        />
      </dl>
    </>
  );
}

function Tile({ label, value, testId, warn = false, detail }: { label: string; value: ReactNode; testId: string; warn?: boolean; detail?: string }) {
  return (
    <Card className={`p-3 ${warn ? "border-amber-300 bg-amber-50" : ""}`}>
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900" data-testid={testId}>
        {value}
      </dd>
      {detail ? (
        <dd className="mt-1 break-words text-xs text-slate-600" data-testid={`${testId}-detail`}>
          {detail}
        </dd>
      ) : null}
    </Card>
  );
}
