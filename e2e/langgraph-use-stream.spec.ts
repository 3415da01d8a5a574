import { expect, test } from "@playwright/test";
import { checkedPageAnswers } from "./api-client";
import { signIn } from "./pages/login-page";
import { seedPayments } from "./support/langgraph-sdk";
import { useStreamPage } from "./support/use-stream-page";

test("React useStream on the app's origin sends messages, streams the reply and shows the approval interrupt", async ({ browser, baseURL }) => {
  await seedPayments();
  const context = await browser.newContext({ baseURL });
  try {
    await signIn(context, "alice");
    const page = await context.newPage();
    // Every answer useStream receives in the browser is checked against the OpenAPI document the app serves.
    const answers = checkedPageAnswers(page);
    const html = await useStreamPage();
    await page.route("**/langgraph-use-stream", (route) => route.fulfill({ contentType: "text/html", body: html }));
    await page.goto("/langgraph-use-stream");
    const messages = page.getByLabel("messages").locator("li");
    const loading = page.getByLabel("loading");
    await expect(loading).toHaveText("false");

    await page.evaluate(() => (window as unknown as { lgSend: (text: string) => void }).lgSend("what are my card limits"));
    await expect(messages.nth(1)).toContainText("card limits");
    await expect(loading).toHaveText("false");
    await expect(page.getByLabel("thread")).toHaveText(/^[0-9a-f-]{36}$/);

    await page.evaluate(() => (window as unknown as { lgSend: (text: string) => void }).lgSend("I don't recognise the Lakeside Spa payment of 95.00"));
    await expect(page.getByLabel("interrupt")).toContainText('"action":"approve_refund"');
    await expect(page.getByLabel("interrupt")).toContainText("Lakeside Spa");
    await expect(messages).toHaveCount(4);
    await expect(messages.nth(2)).toHaveAttribute("data-type", "human");
    await expect(page.getByLabel("error")).toHaveText("");
    expect(await answers.problems(), "every answer useStream received is as the OpenAPI document says").toEqual([]);
  } finally {
    await context.close();
  }
});
