import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { isWidgetTurn, WIDGET_TURNS, WidgetPage } from "./pages/widget-page";

const TEXT = "what are my card limits";

/** What the bank holds for the widget's conversation: the customer's messages and the agent's answers. */
async function held(page: Page) {
  const threadId = await page.evaluate(() => window.localStorage.getItem("northwind-support:thread:alice"));
  const res = await page.request.get(`/api/threads/${threadId}`);
  expect(res.status()).toBe(200);
  const { messages } = (await res.json()) as { messages: { role: string; text: string }[] };
  return { customer: messages.filter((m) => m.role === "customer").map((m) => m.text), answers: messages.filter((m) => m.role === "agent").length };
}

/** The id the widget sent a message under (the LangGraph run's id too). */
function sentId(body: string | null): string {
  const run = JSON.parse(body ?? "{}") as { input?: { messages?: { id?: string }[] } };
  const id = run.input?.messages?.[0]?.id;
  expect(id, "the widget names its message").toMatch(/^[0-9a-f-]{36}$/);
  return id!;
}

/** The connection drops after the bank got the message: the bank answers, the browser never hears it. */
async function dropAfterDelivery(page: Page) {
  await page.route(WIDGET_TURNS, async (route) => {
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
    await widget.page.unroute(WIDGET_TURNS);
    await widget.page.getByRole("button", { name: "Send again" }).click();
    await expect(widget.error).toHaveCount(0);
    await expect(widget.agentMessages).toHaveCount(1);
    expect(await held(widget.page)).toEqual({ customer: [TEXT], answers: 1 });
  });

  test("a reload while the message was on its way sends it again once, when the bank already had it", async ({ signedInAs }) => {
    const widget = new WidgetPage(await (await signedInAs("alice")).newPage());
    await widget.goto();
    const first = widget.page.waitForRequest((req) => req.url().endsWith("/runs/stream"));
    await dropAfterDelivery(widget.page);
    await widget.send(TEXT);
    await expect(widget.error).toBeVisible();
    const id = sentId((await first).postData());
    await widget.page.unroute(WIDGET_TURNS);
    const resent = widget.page.waitForResponse(isWidgetTurn);
    await widget.page.reload();
    // The same message under the same id: the bank knows it, stores nothing again and streams its answer.
    const again = await resent;
    expect(sentId(again.request().postData())).toBe(id);
    expect(again.status()).toBe(200);
    expect(again.headers()["content-location"]).toBe(
      `/api/langgraph/threads/${await widget.page.evaluate(() => window.localStorage.getItem("northwind-support:thread:alice"))}/runs/${id}`,
    );
    await expect(widget.agentMessages).toHaveCount(1);
    await expect(widget.customerMessages).toHaveCount(1);
    expect(await held(widget.page)).toEqual({ customer: [TEXT], answers: 1 });
  });

  test("a reload while the message was on its way sends it again once, when the bank never got it", async ({ signedInAs }) => {
    const widget = new WidgetPage(await (await signedInAs("alice")).newPage());
    await widget.goto();
    await widget.page.route(WIDGET_TURNS, (route) => route.abort("connectionreset"));
    await widget.send(TEXT);
    await expect(widget.error).toBeVisible();
    expect(await held(widget.page)).toEqual({ customer: [], answers: 0 });
    await widget.page.unroute(WIDGET_TURNS);
    await widget.page.reload();
    await expect(widget.agentMessages).toHaveCount(1);
    await expect(widget.agentMessages).toContainText(/limit/i);
    expect(await held(widget.page)).toEqual({ customer: [TEXT], answers: 1 });
  });
});
