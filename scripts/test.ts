/**
 * `npm test`: every suite. The type check and lint, unit and integration tests (vitest, against a real Postgres and
 * the simulator over HTTP), the app build, two instances of it behind a round-robin proxy
 * (the compose deployment as processes), the browser tests (Playwright in Chromium), which
 * start the whole app themselves (built first, so their server's start-up timeout covers
 * only the start), then a small chaos campaign (real app processes SIGKILLed mid-run, the retention sweep running every second,
 * half the new conversations on a canary's candidate revision).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);

function step(title: string, command: string, args: string[]) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const result = spawnSync(bin(command), args, { cwd: root, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  console.log(`=== ${title}: ${result.status === 0 ? "passed" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}

step("types (tsc --noEmit)", "tsc", ["--noEmit"]);
step("lint (eslint, no warning allowed)", "eslint", [".", "--max-warnings", "0"]);
step("format (prettier --check; npm run format writes it)", "prettier", ["--check", "."]);
step("imports (no cycle, the agent's layers one way: dependency-cruiser)", "depcruise", ["--config", ".dependency-cruiser.cjs", "--output-type", "err", "."]);
step("unit and integration tests (vitest)", "vitest", ["run"]);
step("app build (when its sources changed)", "tsx", ["scripts/build.ts"]);
step("topology (two instances behind a proxy)", "vitest", ["run", "--config", "test/topology/vitest.config.ts"]);
step("browser tests (playwright)", "playwright", ["test"]);
step("chaos campaign (small, with the retention sweep racing it and a canary at 50%)", "tsx", [
  "scripts/chaos/main.ts",
  "--conversations",
  "40",
  "--kills",
  "4",
  "--seed",
  "1",
  "--retention-aggressive",
  "--canary",
  "50",
]);
