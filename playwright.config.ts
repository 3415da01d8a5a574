import { defineConfig } from "@playwright/test";
import { LOAD_GENERATOR_BUDGETS } from "./scripts/load-budgets";

const PORT = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  webServer: {
    command: "node_modules/.bin/tsx scripts/start.ts",
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      // The app's JSON log: warnings and errors only, so the test output stays readable.
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      PORT: String(PORT),
      EMBEDDED_PG_DIR: ".data/pg-e2e",
      EMBEDDED_PG_FRESH: "1",
      ENABLE_TEST_CLOCK: "1",
      // The specs sign in as the same few demo customers from 127.0.0.1, many turns and
      // conversations a minute; e2e/budgets.spec.ts starts its own server with low budgets.
      ...LOAD_GENERATOR_BUDGETS,
      // The ops page's checkpoint charts show a browser test's writes within seconds, not a minute.
      OPS_SAMPLE_INTERVAL_MS: "2000",
      SIMULATOR_PORT: String(PORT + 1),
      E2E_SIMULATOR_URL: `http://127.0.0.1:${PORT + 1}`,
      // The bank page of e2e/embed.spec.ts (e2e/host-site.ts), under a same-site and a cross-site
      // name; every other origin stays unable to frame the widget.
      WIDGET_ORIGINS: `http://localhost:${PORT + 2},http://127.0.0.1:${PORT + 2}`,
    },
  },
});
