import { expect, test } from "./fixtures";
import { CasePage } from "./pages/case-page";
import { WidgetPage } from "./pages/widget-page";
import { approvalOfCase, ledgerEntriesOf, reportForReview } from "./seed";

test("a refund of 1,000.00 or more needs an operator's and a supervisor's approval before it is paid", async ({ signedInAs }) => {
  const alice = await signedInAs("alice");
  const { threadId, caseId } = await reportForReview(alice.request, "I don't recognise the Electro Mart payment of 1,249.00");
  const widget = new WidgetPage(await alice.newPage());
  await widget.gotoThread("alice", threadId);
  await expect(widget.caseStatus).toContainText("Refund awaiting review");

  const olga = await signedInAs("olga");
  const approval = await approvalOfCase(olga.request, caseId, "pending");
  expect(approval).toMatchObject({ amountMinor: 124_900, risk: "high", requiredApprovals: 2, firstApprovedBy: null });

  const olgaCase = new CasePage(await olga.newPage());
  await olgaCase.goto(approval.approvalId);
  await expect(olgaCase.panel).toContainText("Needs two approvals by two different people, one of them a supervisor.");
  await olgaCase.approve("Card was with the customer; merchant unknown to her.");
  await expect(olgaCase.notice).toContainText("needs a second approval");
  await expect(olgaCase.panel).toContainText("Approved by Olga; needs a second approval");
  expect(await approvalOfCase(olga.request, caseId)).toMatchObject({ status: "pending", firstApprovedBy: "olga" });

  await olgaCase.approve();
  await expect(olgaCase.refusal).toContainText("You gave the first approval; a second person must give the other.");
  expect(await approvalOfCase(olga.request, caseId)).toMatchObject({ status: "pending", firstApprovedBy: "olga" });
  expect(await ledgerEntriesOf(olga.request, caseId)).toHaveLength(0);

  const sam = await signedInAs("sam");
  const samCase = new CasePage(await sam.newPage());
  await samCase.goto(approval.approvalId);
  await expect(samCase.panel).toContainText("Approved by Olga; needs a second approval");
  await samCase.approve("Second approval: agree with Olga.");
  await expect(samCase.notice).toContainText("1,249.00 EUR has been refunded");
  await samCase.expectFinal("Refunded");
  await expect(samCase.outcome).toContainText("Approved by Sam and Olga");
  await expect(samCase.auditTrail).toContainText("Gave the first of two approvals");
  await expect(samCase.auditTrail).toContainText("Approved the refund");

  await expect(widget.agentMessages.last()).toContainText(/refunded|paid back/i, { timeout: 20_000 });
  await expect(widget.caseStatus).toContainText("Refunded");
  await olgaCase.expectFinal("Refunded");

  const entries = await ledgerEntriesOf(sam.request, caseId);
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({ caseId, amountMinor: 124_900 });
});
