import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const sample = path.join(root, "test", "dependency-rules", "sample");

type Violation = { rule: { name: string }; from: string; to: string; cycle?: unknown[] };

/** The project's import rules run on sample code that breaks each of them once, and keeps them once. */
function violationsIn(folder: string): string[] {
  const result = spawnSync(
    path.join(root, "node_modules", ".bin", "depcruise"),
    ["--config", path.join(root, ".dependency-cruiser.cjs"), "--output-type", "json", "."],
    {
      cwd: folder,
      encoding: "utf8",
      timeout: 60_000,
    },
  );
  if (result.error) throw new Error(`depcruise did not finish within 60 s: ${result.error.message}`);
  const report = JSON.parse(result.stdout) as { summary: { violations: Violation[] } };
  return report.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

describe("the import rules (.dependency-cruiser.cjs)", () => {
  it("catch a cycle of values, a cycle of types and each forbidden direction, and pass what keeps to them", () => {
    expect(violationsIn(sample)).toEqual([
      "clients-do-not-import-the-runtime: agent/clients/bank.ts -> agent/runtime/turns.ts",
      "graph-does-not-import-the-runtime: agent/graph/nodes/refund.ts -> agent/runtime/turns.ts",
      "graph-does-not-query-the-database: agent/graph/reads-db.ts -> db/queries.ts",
      "no-cycle: agent/graph/nodes/refund.ts -> agent/runtime/turns.ts",
      "no-cycle: lib/a.ts -> lib/b.ts",
      "no-cycle: lib/c.ts -> lib/d.ts",
    ]);
  });
});
