import { expect, test } from "./fixtures";
import { CasePage } from "./pages/case-page";
import { ConsolePage } from "./pages/console-page";
import { approvalOfCase, ledgerEntriesOf, reportForReview, say } from "./seed";

test("a customer's cancel while the refund is pending makes it final on the console and takes it off the queue live", async ({ signedInAs }) => {
  const alice = await signedInAs("alice");
  const { threadId, caseId } = await reportForReview(alice.request, "I don't recognise the Green Grocer payment of 23.40", { antifraudDown: true });

  const olga = await signedInAs("olga");
  const approval = await approvalOfCase(olga.request, caseId, "pending");
  const queue = new ConsolePage(await olga.newPage());
  await queue.goto();
  await expect(queue.row(approval.approvalId)).toBeVisible();
  const kase = new CasePage(await olga.newPage());
  await kase.goto(approval.approvalId);
  await expect(kase.button("Approve refund")).toBeVisible();

  const turn = await say(alice.request, threadId, "never mind, cancel my request");
  expect(turn.reply).toMatch(/cancel/i);

  await expect(queue.row(approval.approvalId)).toHaveCount(0, { timeout: 2_500 });
  await kase.expectFinal("Cancelled");
  await expect(kase.outcome).toContainText("The customer cancelled the request");
  await expect(kase.auditTrail).toContainText("Cancelled the request");

  expect(await approvalOfCase(olga.request, caseId)).toMatchObject({ status: "cancelled" });
  expect(await ledgerEntriesOf(olga.request, caseId)).toHaveLength(0);
});
