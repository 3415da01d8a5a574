import { describe, expect, it } from "vitest";
import { quickReport } from "../quick-run";

/** Runs `npm run bench -- --quick` (building the app first when its sources changed); checks the report, not the figures. */
describe("the capacity benchmark in quick mode", () => {
  it("prints every row of its report", () => {
    const out = quickReport("scripts/bench/capacity/main.ts");
    const n = String.raw`[\d.]+`;
    for (const kind of ["limits", "refund"]) {
      for (const clients of [1, 8, 32]) {
        // turns/s, p50, p95, p99 with Postgres | the same in memory | throughput %, p50 ratio, write p50 / p95
        expect(out).toMatch(new RegExp(`^${kind}\\s+${clients}(\\s+${n}){4}\\s+\\|(\\s+${n}){4}\\s+\\|\\s+\\d+%\\s+${n}x\\s+${n} / ${n}$`, "m"));
      }
    }
    expect(out).toMatch(new RegExp(`^turn asking one system \\(limits\\)\\s+\\d+\\s+\\d+$`, "m"));
    expect(out).toMatch(new RegExp(`^fan-out turn \\(refund: three systems at once\\)\\s+\\d+\\s+\\d+$`, "m"));
    expect(out).toMatch(new RegExp(`^fan-out / one system: ${n}x at p50`, "m"));
    for (const variant of ["this graph \\(a window of recent turns\\)", "naive variant \\(every turn in the state\\)"]) {
      expect(out).toMatch(new RegExp(`^${variant}(\\s+${n} KB){3}\\s+${n}x\\s+${n} KB\\s+\\d+$`, "m"));
    }
    expect(out).toMatch(new RegExp(`^naive / this graph at \\d+ turns: ${n}x`, "m"));
    for (const kind of ["limits", "refund"]) {
      // the floor's p50 and CPU a turn, the app's p50 in memory and on Postgres, and both ratios to the floor
      expect(out).toMatch(new RegExp(`^${kind}\\s+${n} ms\\s+${n} ms\\s+\\d+ ms\\s+\\d+ ms\\s+${n}x / ${n}x$`, "m"));
    }
    for (const kind of ["limits", "refund"]) {
      const goal = new RegExp(
        `^  ${kind}, 8 clients: Postgres throughput \\d+% of in-memory \\(goal >= 70%\\); checkpoint write p95 ${n} ms over (\\d+) writes`,
        "m",
      ).exec(out);
      expect(goal, `${kind} goal line`).not.toBeNull();
      expect(Number(goal![1])).toBeGreaterThan(0);
    }
  }, 1_000_000);
});
