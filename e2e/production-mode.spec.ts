import { Pool } from "pg";
import { expect, test } from "@playwright/test";
import { appRoleUrl } from "../db/app-role";
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from "../db/embedded";
import { run, startApp, stopApp, type Run } from "./support/app-process";

/**
 * A second deployment of the same build, started the way a bank would: `npm start` with
 * NODE_ENV=production, its own database and its bank systems given. The browser tests' usual
 * server runs in demo mode; this one must show and seed nothing of the demo. Its port is one the
 * kernel hands out, so it cannot collide with another server.
 */
const SIMULATOR_URL = process.env.E2E_SIMULATOR_URL ?? `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;
const bankSystems = {
  LIMITS_URL: `${SIMULATOR_URL}/limits`,
  HISTORY_URL: `${SIMULATOR_URL}/history`,
  ANTIFRAUD_URL: `${SIMULATOR_URL}/antifraud`,
  LEDGER_URL: `${SIMULATOR_URL}/ledger`,
  CARDS_URL: `${SIMULATOR_URL}/cards`,
};

/** The bank's own key for checkpoints and recorded bodies: production refuses to start without one. */
const encryption = { ENCRYPTION_KEYS: `e2e-1:${Buffer.alloc(32, 9).toString("base64")}` };
const APP_PASSWORD = "production-e2e-app-role";
/** The owner's own password: production refuses the embedded Postgres's, which the repository publishes. */
const OWNER_PASSWORD = "production-e2e-owner-role";

test.describe("a production deployment", () => {
  test.describe.configure({ mode: "serial", timeout: 240_000 });

  let database: EmbeddedDatabase;
  let pool: Pool;
  let app: Run;
  let origin: string;
  let ownerUrl: string;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    database = await startEmbeddedPostgres(".data/pg-e2e-production", { fresh: true });
    const setup = new Pool({ connectionString: database.url, max: 1 });
    await setup.query(`alter role current_user password '${OWNER_PASSWORD}'`);
    await setup.end();
    ownerUrl = Object.assign(new URL(database.url), { password: OWNER_PASSWORD }).toString();
    // Connections opened later (an idle one is closed after ten seconds) sign in with the owner's new password.
    pool = new Pool({ connectionString: ownerUrl, max: 2 });
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    // As a bank deploys it: migrations as the owner, the app as the application role.
    app = await startApp({
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_OWNER_URL: ownerUrl,
      DATABASE_URL: appRoleUrl(ownerUrl, APP_PASSWORD),
      TRUSTED_PROXY_HOPS: "0",
      APP_ORIGIN: "https://support.bank.example",
      ...encryption,
      ...bankSystems,
    });
  });

  test.afterAll(async () => {
    await stopApp(app);
    await pool?.end();
    await database?.stop();
  });

  test("npm start runs no simulator and seeds no demo users, customers or transactions", async () => {
    expect(app.output()).toContain("[start] production mode");
    expect(app.output()).not.toContain("simulator at");
    const { rows } = await pool.query<{ users: number; customers: number; transactions: number; threads: number }>(
      `select (select count(*)::int from users) as users, (select count(*)::int from customers) as customers,
              (select count(*)::int from transactions) as transactions, (select count(*)::int from threads) as threads`,
    );
    expect(rows[0]).toEqual({ users: 0, customers: 0, transactions: 0, threads: 0 });
  });

  test("the login page lists no demo account, in its HTML or in its scripts", async ({ page }) => {
    await page.goto(`${origin}/login`);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Demo users" })).toHaveCount(0);
    const html = await page.content();
    for (const hint of ["Demo users", "Every password is", "alice-pass", "Alice Novak", "Fill in"]) expect(html).not.toContain(hint);
    const scripts = await page.locator("script[src]").evaluateAll((nodes) => nodes.map((n) => (n as HTMLScriptElement).src));
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const code = await (await page.request.get(src)).text();
      for (const hint of ["Every password is", "alice-pass", "Alice Novak"]) expect(code, src).not.toContain(hint);
    }
  });

  test("the root sends a visitor to sign in instead of showing the mock bank page", async ({ page }) => {
    await page.goto(`${origin}/`);
    await expect(page).toHaveURL(`${origin}/login`);
    await expect(page.getByRole("heading", { name: "Online banking" })).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Demo bank page" })).toHaveCount(0);
  });

  test("the app process itself refuses a missing bank system in one line and exits non-zero", async () => {
    const port = await freePort();
    const { LEDGER_URL: _missing, ...withoutLedger } = bankSystems;
    const refused = run("next", ["start", "-p", String(port)], {
      NODE_ENV: "production",
      DEMO_DATA: "0",
      NEXT_TELEMETRY_DISABLED: "1",
      DATABASE_URL: appRoleUrl(ownerUrl, APP_PASSWORD),
      TRUSTED_PROXY_HOPS: "0",
      APP_ORIGIN: "https://support.bank.example",
      ...encryption,
      ...withoutLedger,
    });
    const code = await refused.exited;
    expect(code, refused.output()).not.toBe(0);
    const refusal = refused
      .output()
      .split("\n")
      .filter((line) => line.includes("Refusing to start"));
    expect(refusal).toEqual([
      "Refusing to start: LEDGER_URL is required in production: set it to the bank's own system; the simulator stands in only in demo mode (DEMO_DATA=1).",
    ]);
    expect(refused.output()).not.toMatch(/^\s+at /m);
  });

  test("the app process itself refuses a database role that row-level security does not hold, in one line", async () => {
    const port = await freePort();
    const refused = run("next", ["start", "-p", String(port)], {
      NODE_ENV: "production",
      DEMO_DATA: "0",
      NEXT_TELEMETRY_DISABLED: "1",
      DATABASE_URL: ownerUrl,
      TRUSTED_PROXY_HOPS: "0",
      APP_ORIGIN: "https://support.bank.example",
      ...encryption,
      ...bankSystems,
    });
    const code = await refused.exited;
    expect(code, refused.output()).not.toBe(0);
    const refusal = refused
      .output()
      .split("\n")
      .filter((line) => line.includes("Refusing to start"));
    expect(refusal).toEqual([
      expect.stringMatching(
        /^Refusing to start: DATABASE_URL connects as a role that row-level security does not hold \(postgres is a superuser\): connect the app as bank_app/,
      ),
    ]);
    expect(refused.output()).not.toMatch(/^\s+at /m);
  });
});
