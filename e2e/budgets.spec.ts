import { expect, test } from "@playwright/test";
import { freePort } from "../db/embedded";
import { signIn } from "./pages/login-page";
import { isWidgetTurn, WidgetPage } from "./pages/widget-page";
import { startApp, stopApp, type Run } from "./support/app-process";

/**
 * Budgets low enough to reach in a few messages need a server of their own: the browser
 * tests' usual server runs with budgets no spec reaches (playwright.config.ts). This one is
 * the same build in demo mode, with its own embedded database and simulator.
 */
const TURNS_PER_MINUTE = 2;

/**
 * The minute budget counts in fixed windows on the clock's minute. Turns sent across a minute's
 * end count into two windows and never reach the limit, so the spec starts its turns early in a
 * minute: if fewer than `needMs` are left in this one, it waits for the next (at most a minute).
 */
async function startEarlyInAMinute(needMs: number): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 250));
}

test.describe("a customer over their budget", () => {
  test.describe.configure({ mode: "serial", timeout: 240_000 });

  let app: Run | undefined;
  let origin = "";

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    const port = await freePort();
    origin = `http://localhost:${port}`;
    app = await startApp({
      PORT: String(port),
      DEMO_DATA: "1",
      EMBEDDED_PG_DIR: ".data/pg-e2e-budgets",
      EMBEDDED_PG_FRESH: "1",
      LOG_LEVEL: "warn",
      CUSTOMER_TURNS_PER_MINUTE: String(TURNS_PER_MINUTE),
    });
  });

  test.afterAll(async () => {
    await stopApp(app);
  });

  test("sees the widget say to wait, with the seconds the server gave, and the message is kept to send again", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: origin });
    await signIn(context, "alice");
    const widget = new WidgetPage(await context.newPage());
    await widget.goto();
    await startEarlyInAMinute(45_000);
    for (let i = 1; i <= TURNS_PER_MINUTE; i++) {
      await widget.send(`What is my card limit? (${i})`);
      await expect(widget.agentMessages).toHaveCount(i);
    }

    const refusal = widget.page.waitForResponse(isWidgetTurn);
    await widget.send("And once more, what is my card limit?");
    const res = await refusal;
    expect(res.status()).toBe(429);
    const retryAfter = Number(res.headers()["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await res.json()).toMatchObject({ code: "rate_limited:turn", budget: "turns_per_minute", retryAfterSeconds: retryAfter });

    await expect(widget.error).toContainText(
      `You're sending messages faster than we can answer. Please wait ${retryAfter} second${retryAfter === 1 ? "" : "s"}.`,
    );
    await expect(widget.input).toHaveValue("And once more, what is my card limit?");
    // Nothing was stored: the transcript holds the two answered messages only.
    await expect(widget.customerMessages).toHaveCount(TURNS_PER_MINUTE);
    await expect(widget.agentMessages).toHaveCount(TURNS_PER_MINUTE);
    await context.close();
  });
});
