import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

/** Runs a benchmark script in quick mode (building the app first when its sources changed) and returns its report, failing on a non-zero exit. */
export function quickReport(script: string): string {
  const run = spawnSync(path.join(root, "node_modules", ".bin", "tsx"), [script, "--quick"], {
    cwd: root,
    encoding: "utf8",
    timeout: 900_000,
    env: { ...process.env, LOG_LEVEL: "warn" },
  });
  expect(run.status, run.stderr.slice(-4000)).toBe(0);
  return run.stdout;
}
