import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { WidgetPage } from "./pages/widget-page";

const MESSAGES = "**/api/threads/*/messages";
const TEXT = "what are my card limits";

/** What the bank holds for the widget's conversation: the customer's messages and the agent's answers. */
async function held(page: Page) {
  const threadId = await page.evaluate(() => window.localStorage.getItem("northwind-support:thread:alice"));
  const res = await page.request.get(`/api/threads/${threadId}`);
  expect(res.status()).toBe(200);
  const { messages } = (await res.json()) as { messages: { role: string; text: string }[] };
  return { customer: messages.filter((m) => m.role === "customer").map((m) => m.text), answers: messages.filter((m) => m.role === "agent").length };
}

/** The connection drops after the bank got the message: the bank answers, the browser never hears it. */
async function dropAfterDelivery(page: Page) {
  await page.route(MESSAGES, async (route) => {
    await route.fetch();
    await route.abort("connectionreset");
  });
}

test.describe("a customer message is stored and answered once", () => {
  test("'Send again' after the connection dropped on the way back", async ({ signedInAs }) => {
    const widget = new WidgetPage(await (await signedInAs("alice")).newPage());
    await widget.goto();
    await dropAfterDelivery(widget.page);
    await widget.send(TEXT);
    await expect(widget.error).toContainText(`Not confirmed yet: “${TEXT}”`);
    await widget.page.unroute(MESSAGES);
    await widget.page.getByRole("button", { name: "Send again" }).click();
    await expect(widget.error).toHaveCount(0);
    await expect(widget.agentMessages).toHaveCount(1);
    expect(await held(widget.page)).toEqual({ customer: [TEXT], answers: 1 });
  });

  test("a reload while the message was on its way sends it again once, when the bank already had it", async ({ signedInAs }) => {
    const widget = new WidgetPage(await (await signedInAs("alice")).newPage());
    await widget.goto();
    await dropAfterDelivery(widget.page);
    await widget.send(TEXT);
    await expect(widget.error).toBeVisible();
    await widget.page.unroute(MESSAGES);
    const resent = widget.page.waitForResponse((res) => res.url().endsWith("/messages") && res.request().method() === "POST");
    await widget.page.reload();
    expect(await (await resent).text()).toContain('"duplicate":true');
    await expect(widget.agentMessages).toHaveCount(1);
    await expect(widget.customerMessages).toHaveCount(1);
    expect(await held(widget.page)).toEqual({ customer: [TEXT], answers: 1 });
  });

  test("a reload while the message was on its way sends it again once, when the bank never got it", async ({ signedInAs }) => {
    const widget = new WidgetPage(await (await signedInAs("alice")).newPage());
    await widget.goto();
    await widget.page.route(MESSAGES, (route) => route.abort("connectionreset"));
    await widget.send(TEXT);
    await expect(widget.error).toBeVisible();
    expect(await held(widget.page)).toEqual({ customer: [], answers: 0 });
    await widget.page.unroute(MESSAGES);
    await widget.page.reload();
    await expect(widget.agentMessages).toHaveCount(1);
    await expect(widget.agentMessages).toContainText(/limit/i);
    expect(await held(widget.page)).toEqual({ customer: [TEXT], answers: 1 });
  });
});
