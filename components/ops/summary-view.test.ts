import { describe, expect, it } from "vitest";
import type { OpsSummary } from "@/app/api/ops/summary/schema";
import { byBudget, chartRows, counted, hourTotals } from "./summary-view";

const checkpoints = (writes: number, sizeP95Bytes: number | null) => ({
  writes,
  writeP50Ms: null,
  writeP95Ms: null,
  sizeP50Bytes: null,
  sizeP95Bytes,
  over1Mb: 0,
});
const minute = (at: string, degraded: Record<string, number>, executed: number, sizeP95: number | null) => ({
  at,
  turns: 2,
  turnsPerSecond: 2 / 60,
  refunds: { executed, failed: 0, retried: 1 },
  takeovers: 0,
  degraded,
  checkpoints: checkpoints(sizeP95 === null ? 0 : 3, sizeP95),
  approvalsWaiting: 1,
});

const summary = {
  systems: ["antifraud", "ledger"],
  minutes: [minute("2026-01-01T10:00:00Z", { antifraud: 2 }, 1, 4096), minute("2026-01-01T10:01:00Z", { antifraud: 1, ledger: 3 }, 0, null)],
} as unknown as OpsSummary;

describe("the ops page's reading of the summary", () => {
  it("totals the hour, by system too, and finds the largest minute's p95 size", () => {
    expect(hourTotals(summary)).toEqual({
      turns: 4,
      executed: 1,
      failed: 0,
      retried: 2,
      takeovers: 0,
      writes: 3,
      over1Mb: 0,
      degraded: 6,
      bySystem: { antifraud: 3, ledger: 3 },
      largestSizeP95: 4096,
    });
  });

  it("gives every system a column in every minute, zero where it had none", () => {
    const rows = chartRows(summary);
    expect(rows.map((r) => [r["degraded:antifraud" as keyof typeof r], r["degraded:ledger" as keyof typeof r]])).toEqual([
      [2, 0],
      [1, 3],
    ]);
    expect(rows[1]).toMatchObject({ sizeP95: null, executed: 0, retried: 1, waiting: 1 });
  });

  it("counts in words", () => {
    expect(counted(1, "turn")).toBe("1 turn");
    expect(counted(0, "turn")).toBe("0 turns");
    expect(counted(2, "degraded check")).toBe("2 degraded checks");
  });

  it("names the refusals over budget by budget, most first, and nothing when there were none", () => {
    expect(byBudget({ address_per_minute: 3, turns_per_minute: 12, turns_per_day: 0 })).toBe("turns_per_minute 12, address_per_minute 3");
    expect(byBudget({})).toBe("");
  });
});
