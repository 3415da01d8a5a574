import type { OpsSummary } from "@/app/api/ops/summary/schema";
import { minuteLabel } from "./format";

/** "1 turn", "3 turns". */
export const counted = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** One row per minute as the charts read it; degraded checks as one column per system. */
export function chartRows(summary: OpsSummary) {
  return summary.minutes.map((m) => ({
    label: minuteLabel(m.at),
    turnsPerSecond: m.turnsPerSecond,
    writeP50: m.checkpoints.writeP50Ms,
    writeP95: m.checkpoints.writeP95Ms,
    sizeP50: m.checkpoints.sizeP50Bytes,
    sizeP95: m.checkpoints.sizeP95Bytes,
    waiting: m.approvalsWaiting,
    executed: m.refunds.executed,
    failed: m.refunds.failed,
    retried: m.refunds.retried,
    takeovers: m.takeovers,
    ...Object.fromEntries(summary.systems.map((s) => [`degraded:${s}`, m.degraded[s] ?? 0])),
  }));
}

/** The hour's totals the charts' sentences name. */
export function hourTotals(summary: OpsSummary) {
  const over = (pick: (m: OpsSummary["minutes"][number]) => number) => sum(summary.minutes.map(pick));
  return {
    turns: over((m) => m.turns),
    executed: over((m) => m.refunds.executed),
    failed: over((m) => m.refunds.failed),
    retried: over((m) => m.refunds.retried),
    takeovers: over((m) => m.takeovers),
    writes: over((m) => m.checkpoints.writes),
    over1Mb: over((m) => m.checkpoints.over1Mb),
    degraded: over((m) => sum(Object.values(m.degraded))),
    bySystem: Object.fromEntries(summary.systems.map((s) => [s, over((m) => m.degraded[s] ?? 0)])),
    largestSizeP95: Math.max(0, ...summary.minutes.map((m) => m.checkpoints.sizeP95Bytes ?? 0)),
  };
}

/** A count by key (degraded checks by system, refusals by budget), every key together. */
export const countTotal = (counts: Record<string, number>) => sum(Object.values(counts));

/** "turns_per_minute 12, address_per_minute 3": the refusals over budget by budget, most first; empty for none. */
export const byBudget = (counts: Record<string, number>) =>
  Object.entries(counts)
    .filter(([, n]) => n > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([budget, n]) => `${budget} ${n}`)
    .join(", ");
