import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, BrowserContext } from "@playwright/test";
import type { ApprovalRow } from "./api-types";
import { expect, test } from "./fixtures";
import { ALLOWED_HOST_PORT, useHostSite } from "./host-site";
import { APP, EmbeddedChat } from "./pages/embedded-chat";
import { LoginPage } from "./pages/login-page";
import { approvalOfCase, reportForReview, say } from "./seed";

/** Any CSP violation on the bank page or in the chat frame. */
function watchCsp(context: BrowserContext): string[] {
  const violations: string[] = [];
  context.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text().slice(0, 200));
  });
  return violations;
}

/**
 * Alice's Metro Transit refund waiting for an operator, unclaimed and without a question: the one
 * an earlier spec left pending (a transaction has one case), or a new one.
 */
async function alicesCaseInReview(alice: APIRequestContext, olga: APIRequestContext): Promise<{ threadId: string; caseId: string }> {
  const res = await olga.get("/api/approvals?status=pending&pageSize=100&sort=newest");
  expect(res.status(), await res.text()).toBe(200);
  const { approvals } = (await res.json()) as { approvals: ApprovalRow[] };
  const waiting = approvals.find((a) => a.merchant === "Metro Transit" && !a.claimedBy && !a.openQuestion);
  if (waiting) return { threadId: waiting.threadId, caseId: waiting.caseId };
  return reportForReview(alice, "I don't recognise the Metro Transit payment of 2.90", { antifraudDown: true });
}

const fromWidget = (message: Record<string, unknown>) => ({ source: "northwind-chat", v: 1, ...message });

test.describe("the chat embedded by script tag on a bank page whose origin is on WIDGET_ORIGINS", () => {
  const bank = useHostSite(APP, ALLOWED_HOST_PORT);

  test("/embed.js is a script of its own content type, cached briefly and revalidated by its ETag", async ({ request }) => {
    const res = await request.get("/embed.js");
    expect(res.status()).toBe(200);
    expect(res.headers()).toMatchObject({
      "content-type": "text/javascript; charset=utf-8",
      "x-content-type-options": "nosniff",
      "cache-control": "public, max-age=600, stale-while-revalidate=86400",
    });
    const body = await res.text();
    expect(body).toContain("document.currentScript");
    expect(body).not.toMatch(/\beval\(|new Function/);
    expect(body.length).toBeLessThan(16_000);
    const again = await request.get("/embed.js", { headers: { "if-none-match": res.headers()["etag"]! } });
    expect(again.status()).toBe(304);
  });

  test("shows a launcher that opens the chat, sized to what the widget asks for, under the page's strict CSP", async ({ browser }) => {
    const context = await browser.newContext();
    const violations = watchCsp(context);
    const embedded = new EmbeddedChat(await context.newPage());
    await embedded.page.goto(`${bank().origin}/?label=Questions%3F%20Chat%20with%20us`);

    const launcher = embedded.launcher("Questions? Chat with us");
    await expect(launcher).toBeVisible();
    await expect(launcher).toHaveAttribute("aria-expanded", "false");
    await expect(embedded.iframe).toBeHidden();
    const box = (await launcher.boundingBox())!;
    expect(box.x + box.width, "bottom right, whatever the page's own button rules say").toBeGreaterThan(1200);
    expect(box.height).toBe(52);

    await launcher.click();
    await expect(embedded.iframe).toBeVisible();
    await expect(embedded.chat.getByRole("button", { name: "Sign in to chat" })).toBeFocused();
    const notice = embedded.chat.getByRole("main");
    const noticeHeight = Math.round((await notice.boundingBox())!.height);
    expect(noticeHeight).toBeLessThan(400);
    await embedded.page.screenshot({ path: test.info().outputPath("signed-out-panel.png") });
    await expect.poll(() => embedded.panelHeight(), { message: "the panel is as tall as the signed-out notice" }).toBe(Math.max(noticeHeight, 200));

    const axe = await new AxeBuilder({ page: embedded.page }).include("[data-northwind-chat]").analyze();
    expect(axe.violations.map((v) => `${v.impact} ${v.id}: ${v.help}`)).toEqual([]);

    await embedded.chat.getByRole("button", { name: "Minimise chat" }).click();
    await expect(embedded.iframe).toBeHidden();
    await expect(launcher).toHaveAttribute("aria-expanded", "false");
    await expect(launcher).toBeFocused();
    expect(violations).toEqual([]);
    await context.close();
  });

  test("on a phone, the open panel fills the screen and the widget's minimise button brings the launcher back", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const embedded = new EmbeddedChat(await context.newPage());
    await embedded.page.goto(`${bank().origin}/`);
    await embedded.launcher().click();
    await expect.poll(() => embedded.iframe.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    await expect(embedded.launcher()).toBeHidden();
    await embedded.page.screenshot({ path: test.info().outputPath("phone-open.png") });
    await embedded.chat.getByRole("button", { name: "Minimise chat" }).click();
    await expect(embedded.iframe).toBeHidden();
    await expect(embedded.launcher()).toBeVisible();
    await context.close();
  });

  test("signs the customer in through a window of the app's own, then answers a message in the panel", async ({ browser }) => {
    const context = await browser.newContext();
    const embedded = new EmbeddedChat(await context.newPage());
    await embedded.page.goto(`${bank().origin}/?position=left`);
    await embedded.open();
    expect((await embedded.launcher().boundingBox())!.x).toBeLessThan(100);

    const signInWindow = context.waitForEvent("page");
    await embedded.chat.getByRole("button", { name: "Sign in to chat" }).click();
    const popup = await signInWindow;
    await popup.waitForLoadState();
    expect(new URL(popup.url()).origin).toBe(APP);
    await new LoginPage(popup).signIn("alice");
    await popup.waitForEvent("close");

    await expect(embedded.input).toBeEnabled();
    await expect(embedded.chat.getByText("Signed in as Alice")).toBeVisible();
    await expect.poll(() => embedded.panelHeight(), { message: "the chat asks for a taller panel than the notice" }).toBe(600);

    await embedded.input.fill("What are my card limits?");
    await embedded.input.press("Enter");
    await expect(embedded.agentMessages).toHaveCount(1, { timeout: 30_000 });
    await expect(embedded.agentMessages.first()).toContainText(/limit/i);
    await context.close();
  });

  test("counts agent messages on the launcher while the panel is closed, and clears them when it opens", async ({ signedInAs }) => {
    const [alice, olga] = await Promise.all([signedInAs("alice"), signedInAs("olga")]);
    const { threadId, caseId } = await alicesCaseInReview(alice.request, olga.request);
    await alice.addInitScript(
      ([app, id]) => {
        if (window.location.origin === app) window.localStorage.setItem("northwind-support:thread:alice", id);
      },
      [APP, threadId] as const,
    );
    const embedded = new EmbeddedChat(await alice.newPage());
    await embedded.page.goto(`${bank().origin}/`);
    await embedded.open();
    await expect(embedded.agentMessages.first()).toContainText("Metro Transit");
    const before = await embedded.agentMessages.count();
    await embedded.page.screenshot({ path: test.info().outputPath("embedded-chat.png") });
    await embedded.launcher().click();
    await expect(embedded.iframe).toBeHidden();
    await expect(embedded.badge).toHaveText("");

    const pending = await approvalOfCase(olga.request, caseId, "pending");
    const asked = await olga.request.post(`/api/approvals/${pending.approvalId}/questions`, {
      data: { question: "Was your card with you on the day of the Metro Transit payment?", version: pending.version },
    });
    expect(asked.status(), await asked.text()).toBe(201);
    await expect(embedded.badge).toHaveText("1", { timeout: 15_000 });
    await expect(embedded.launcher("Chat with us, 1 new message")).toBeVisible();

    const answered = await say(alice.request, threadId, "Yes, it was in my wallet at home all day.");
    expect(answered.status).toBe("awaiting_approval");
    await expect(embedded.badge).toHaveText("2", { timeout: 15_000 });
    await expect(embedded.launcher("Chat with us, 2 new messages")).toBeVisible();
    await embedded.launcher().screenshot({ path: test.info().outputPath("launcher-with-unread.png") });

    await embedded.launcher().click();
    await expect(embedded.agentMessages).toHaveCount(before + 2);
    await expect(embedded.badge).toHaveText("");
    await expect(embedded.launcher("Chat with us")).toHaveAttribute("aria-expanded", "true");
    await embedded.page.screenshot({ path: test.info().outputPath("embedded-chat-reopened.png") });
  });

  test("obeys resize, close and message counts only from its own frame, not from the page or another window of the app", async ({ browser }) => {
    const context = await browser.newContext();
    const embedded = new EmbeddedChat(await context.newPage());
    await embedded.page.goto(`${bank().origin}/?other=1`);
    await embedded.open();
    const widget = embedded.widgetFrame();
    const other = embedded.page.frames().find((f) => f.url() === `${APP}/widget`)!;
    await expect(embedded.page.frameLocator("#other").getByRole("link", { name: "Sign in to chat" })).toBeVisible();

    const forged = [fromWidget({ type: "resize", height: 250 }), fromWidget({ type: "close" })];
    await embedded.page.evaluate((messages) => messages.forEach((m) => window.postMessage(m, "*")), forged);
    await other.evaluate((messages) => messages.forEach((m) => window.parent.postMessage(m, "*")), forged);
    await widget.evaluate((m) => window.parent.postMessage(m, "*"), fromWidget({ type: "resize", height: 480 }));
    await expect.poll(() => embedded.panelHeight()).toBe(480);
    await widget.evaluate((m) => window.parent.postMessage(m, "*"), fromWidget({ type: "resize", height: 470 }));
    await expect.poll(() => embedded.panelHeight()).toBe(470);
    await expect(embedded.launcher()).toHaveAttribute("aria-expanded", "true");
    await expect(embedded.iframe).toBeVisible();

    await embedded.launcher().click();
    await expect(embedded.iframe).toBeHidden();
    const counted = fromWidget({ type: "agent-message", count: 3 });
    await embedded.page.evaluate((m) => window.postMessage(m, "*"), counted);
    await other.evaluate((m) => window.parent.postMessage(m, "*"), counted);
    await widget.evaluate((m) => window.parent.postMessage(m, "*"), fromWidget({ type: "agent-message", count: 1 }));
    await expect(embedded.badge).toHaveText("1");
    await widget.evaluate((m) => window.parent.postMessage(m, "*"), fromWidget({ type: "agent-message", count: 1 }));
    await expect(embedded.badge).toHaveText("2");
    await context.close();
  });
});

test.describe("the chat embedded on an allowed page of another site", () => {
  const bank = useHostSite(APP, ALLOWED_HOST_PORT);

  test("sends the customer to a window of its own after sign-in, since the browser keeps the Lax session cookie from the frame", async ({ browser }) => {
    const context = await browser.newContext();
    const embedded = new EmbeddedChat(await context.newPage());
    const crossSite = bank().origin.replace("localhost", "127.0.0.1");
    await embedded.page.goto(`${crossSite}/`);
    await embedded.open();

    const signInWindow = context.waitForEvent("page");
    await embedded.chat.getByRole("button", { name: "Sign in to chat" }).click();
    const popup = await signInWindow;
    await popup.waitForLoadState();
    await new LoginPage(popup).signIn("alice");
    await popup.waitForEvent("close");

    await expect(embedded.chat.getByRole("heading", { name: "Continue in a new window" })).toBeVisible();
    const chatWindow = context.waitForEvent("page");
    await embedded.chat.getByRole("link", { name: "Open the chat" }).click();
    const chat = await chatWindow;
    await expect(chat.getByLabel("Message", { exact: true })).toBeEnabled();
    await expect(chat.getByText("Signed in as Alice")).toBeVisible();
    await context.close();
  });
});

test.describe("the chat's script tag on a page whose origin is not on WIDGET_ORIGINS", () => {
  const elsewhere = useHostSite(APP);

  test("adds nothing: the frame is refused, no launcher appears, and the page is left as it was", async ({ signedInAs }) => {
    const alice = await signedInAs("alice");
    const page = await alice.newPage();
    await page.addInitScript(() => {
      document.addEventListener("northwind-chat:unavailable", () => document.documentElement.setAttribute("data-chat", "unavailable"));
      document.addEventListener("northwind-chat:ready", () => document.documentElement.setAttribute("data-chat", "ready"));
    });
    const refused = page.waitForEvent("console", (m) => /frame-ancestors/.test(m.text()));
    await page.goto(`${elsewhere().origin}/`);
    expect((await refused).text()).toContain(`Framing '${APP}/'`);
    await expect(page.locator("html")).toHaveAttribute("data-chat", "unavailable", { timeout: 20_000 });
    await expect(page.locator("[data-northwind-chat]")).toHaveCount(0);
    await expect(page.locator("iframe")).toHaveCount(0);
    await expect(page.getByRole("button")).toHaveCount(0);
    expect(await page.evaluate(() => "NorthwindChat" in window)).toBe(false);
  });
});
