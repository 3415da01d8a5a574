import { describe, expect, it } from "vitest";
import { quickReport } from "./quick-run";

/** Runs `npm run bench:protection -- --quick` (building the app first when its sources changed); checks the report, not the figures. */
describe("the protection benchmark in quick mode", () => {
  it("prints every app's rows and finds each app stored what it claims", () => {
    const out = quickReport("scripts/bench/protection.ts");
    const n = String.raw`[\d.]+`;
    for (const variant of ["as shipped", "no encryption", "no row security", "neither"]) {
      expect(out).toContain(`\n${variant} (row-level security`);
      expect(out).toMatch(
        new RegExp(
          `^  ${variant}: \\d+ of \\d+ checkpoint values \\(empty ones aside\\) and \\d+ of \\d+ bank-system bodies encrypted; \\d+ tables under row-level security$`,
          "m",
        ),
      );
    }
    for (const kind of ["limits", "refund"]) {
      for (const clients of [1, 8]) {
        // turn ms, turns/s, write p50, p95 and mean for each app; the ratio and each round's for the three protected ones
        expect(out.match(new RegExp(`^${kind}\\s+${clients}(\\s+${n}){5}(\\s+[+-]\\d+%\\s+\\[[^\\]]+\\])?$`, "gm"))).toHaveLength(4);
        expect(out).toMatch(
          new RegExp(
            `^  ${kind} x${clients}: turns/s [+-]\\d+%; write p50 ${n} vs ${n} ms \\([+-]\\d+%\\); write p95 ${n} vs ${n} ms \\([+-]\\d+%\\); write mean ${n} vs ${n} ms \\([+-]\\d+%\\)$`,
            "m",
          ),
        );
      }
    }
    expect(out).toMatch(
      /^  as shipped: (\d+) of \1 checkpoint values \(empty ones aside\) and (\d+) of \2 bank-system bodies encrypted; [1-9]\d* tables under row-level security$/m,
    );
    expect(out).toMatch(
      /^  neither: 0 of [1-9]\d* checkpoint values \(empty ones aside\) and 0 of [1-9]\d* bank-system bodies encrypted; 0 tables under row-level security$/m,
    );
  }, 1_000_000);
});
