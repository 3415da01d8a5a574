import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ConsolePage } from "./pages/console-page";
import { HandoverPage } from "./pages/handover-page";
import { WidgetPage } from "./pages/widget-page";
import { say, startThread } from "./seed";
import { handOver } from "./support/handover";

const ANSWER = "Your card was blocked by the airport's terminal, not by us. It works again now.";

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

test("a conversation handed to a person reaches the console live, an operator answers, and the customer reads it in the chat", async ({ signedInAs }) => {
  // Four pages and five accessibility scans: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const alice = await signedInAs("alice");
  const threadId = await startThread(alice.request);
  await say(alice.request, threadId, "what are my card limits");

  const olga = await signedInAs("olga");
  const queue = new ConsolePage(await olga.newPage());
  await queue.goto();

  const { handoverId, created } = await handOver({
    threadId,
    customerId: "cust-alice",
    summary: "Alice Novak asks why her card was declined at the airport; the agent cannot see card declines.",
    reason: "needs_person",
    category: "declined_card_payment",
  });
  expect(created).toBe(true);
  expect(await handOver({ threadId, customerId: "cust-alice", summary: "again", reason: "needs_person" })).toEqual({ handoverId, created: false });

  // No reload: the item arrives over the console's live stream.
  const item = queue.handover(handoverId);
  await expect(item).toBeVisible({ timeout: 10_000 });
  await expect(item).toContainText("Conversation handed over");
  await expect(item).toContainText("A**** N****");
  await expect(item).toContainText("asks why her card was declined");
  // The suite's server clock may have been moved by an earlier spec: any waiting time will do.
  await expect(item).toContainText(/waiting (under 1 min|\d+ (min|h|d))/);
  await expect(item).not.toContainText("Alice");
  expect(await seriousViolations(queue.page)).toEqual([]);

  const widget = new WidgetPage(await alice.newPage());
  await widget.gotoThread("alice", threadId);
  await expect(widget.page.getByText("A colleague from our support team will answer you here.")).toBeVisible();

  await item.getByRole("link", { name: /Open the conversation/ }).click();
  const handover = new HandoverPage(queue.page);
  await expect(handover.heading).toContainText("A**** N****");
  await expect(handover.summary).toContainText("A**** N**** asks why her card was declined");
  await expect(handover.conversation).toContainText("what are my card limits");
  await expect(handover.auditTrail).toContainText("Handed the conversation to a person");
  expect(await seriousViolations(handover.page)).toEqual([]);

  await handover.answer(ANSWER);
  await expect(handover.notice).toContainText("Answer sent");
  await expect(handover.panel).toContainText(`Answered by Olga`);
  await expect(handover.conversation).toContainText(`Olga from our support team: ${ANSWER}`);
  await expect(handover.auditTrail).toContainText("Answered the handed-over conversation");
  expect(await seriousViolations(handover.page)).toEqual([]);

  // The widget polls while a person has the conversation: the answer appears without a reload.
  await expect(widget.agentMessages.last()).toContainText(`Olga from our support team: ${ANSWER}`, { timeout: 10_000 });
  await expect(widget.page.getByText("A colleague from our support team will answer you here.")).toHaveCount(0);
  expect(await seriousViolations(widget.page)).toEqual([]);

  await queue.goto();
  await expect(queue.handover(handoverId)).toHaveCount(0);

  const ivan = await signedInAs("ivan");
  const auditor = new HandoverPage(await ivan.newPage());
  await auditor.goto(handoverId);
  await expect(auditor.panel).toContainText("Answered by Olga");
  await expect(auditor.page.getByRole("button", { name: "Send answer" })).toHaveCount(0);
  const refused = await ivan.request.post(`/api/handovers/${handoverId}/answer`, { data: { text: "An auditor's answer", version: 2 } });
  expect(refused.status()).toBe(403);
});
