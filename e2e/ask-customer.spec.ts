import { expect, test } from "./fixtures";
import { CasePage } from "./pages/case-page";
import { WidgetPage } from "./pages/widget-page";
import { approvalOfCase, ledgerEntriesOf, reportForReview } from "./seed";

const QUESTION = "Was your card with you on the day of the Apteka Zdrowie payment?";
const ANSWER = "Yes, it was in my wallet at home all day.";

test("an operator asks the customer a question, decides only after the answer, and the refund follows", async ({ signedInAs }) => {
  const bob = await signedInAs("bob");
  const { threadId, caseId } = await reportForReview(bob.request, "I don't recognise the Apteka Zdrowie payment of 34.20", { antifraudDown: true });
  const widget = new WidgetPage(await bob.newPage());
  await widget.gotoThread("bob", threadId);
  await expect(widget.caseStatus).toContainText("Refund awaiting review");

  const olga = await signedInAs("olga");
  const approval = await approvalOfCase(olga.request, caseId, "pending");
  const kase = new CasePage(await olga.newPage());
  await kase.goto(approval.approvalId);
  await expect(kase.questions).toHaveCount(0);
  await kase.ask(QUESTION);
  await expect(kase.notice).toContainText("Question sent");
  await expect(kase.questions).toContainText(QUESTION);
  await expect(kase.questions).toContainText("Waiting for the customer's answer.");
  await expect(kase.panel).toContainText("Waiting for the customer's answer");

  await expect(widget.agentMessages.last()).toContainText(QUESTION, { timeout: 10_000 });
  await expect(widget.caseStatus).toContainText("Waiting for your answer");

  await kase.approve("Trying before the answer.");
  await expect(kase.refusal).toContainText("The customer has not answered the question yet.");
  expect(await approvalOfCase(olga.request, caseId)).toMatchObject({ status: "pending" });

  await widget.send(ANSWER);
  await expect(widget.agentMessages.last()).toContainText("passed your answer", { timeout: 30_000 });
  await expect(widget.caseStatus).toContainText("Refund awaiting review");

  await expect(kase.questions).toContainText("B** K******* answered", { timeout: 5_000 });
  await expect(kase.questions).toContainText(ANSWER);
  await expect(kase.conversation).toContainText(ANSWER);
  await expect(kase.auditTrail).toContainText("Asked the customer a question");
  await expect(kase.auditTrail).toContainText("Answered the question");

  await kase.approve("The card never left him; the pharmacy is unknown to him.");
  await expect(kase.notice).toContainText("the refund of 34.20 EUR is being made");
  // The decision answers at once; the case shows the payment live once the job queue has made it.
  await expect(kase.outcome).toContainText("34.20 EUR has been refunded", { timeout: 20_000 });
  await kase.expectFinal("Refunded");

  await expect(widget.agentMessages.last()).toContainText(/refunded|paid back/i, { timeout: 20_000 });
  await expect(widget.caseStatus).toContainText("Refunded");
  expect(await ledgerEntriesOf(olga.request, caseId)).toHaveLength(1);
});
