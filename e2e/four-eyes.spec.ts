import { expect, test } from "./fixtures";
import { CasePage } from "./pages/case-page";
import { WidgetPage } from "./pages/widget-page";
import { approvalOfCase, ledgerEntriesOf, reportForReview } from "./seed";

// incidents.spec reuses this case (a transaction is reported once per database): it expects
// Olga's approval first, Sam's second, and the full 1,249.00 paid.
test("a refund of 1,000.00 or more needs an operator's and a supervisor's approval of one amount before it is paid", async ({ signedInAs }) => {
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
  // The live update shows the first approval before the decision's own answer arrives: the
  // amount field then starts from the approved amount, whichever of the two came first.
  const decision = `**/api/approvals/${approval.approvalId}/decision`;
  await olgaCase.page.route(decision, async (route) => {
    const response = await route.fetch();
    await expect(olgaCase.panel).toContainText("Approved by Olga for 1,249.00 EUR; needs a second approval");
    await route.fulfill({ response });
  });
  await olgaCase.approve("Card was with the customer; merchant unknown to her.");
  await expect(olgaCase.notice).toContainText("Your approval of 1,249.00 EUR is recorded");
  await olgaCase.page.unroute(decision);
  await expect(olgaCase.panel).toContainText("Approved by Olga for 1,249.00 EUR; needs a second approval");
  await expect(olgaCase.page.getByLabel("Amount to approve (EUR)")).toHaveValue("1249.00");
  expect(await approvalOfCase(olga.request, caseId)).toMatchObject({
    status: "pending",
    firstApprovedBy: "olga",
    firstApprovedAmountMinor: 124_900,
    approvedAmountMinor: null,
  });

  await olgaCase.approve();
  await expect(olgaCase.refusal).toContainText("You gave the first approval; a second person must give the other.");
  expect(await approvalOfCase(olga.request, caseId)).toMatchObject({ status: "pending", firstApprovedBy: "olga" });
  expect(await ledgerEntriesOf(olga.request, caseId)).toHaveLength(0);

  const sam = await signedInAs("sam");
  const samCase = new CasePage(await sam.newPage());
  await samCase.goto(approval.approvalId);
  const amount = samCase.page.getByLabel("Amount to approve (EUR)");
  await expect(amount).toHaveValue("1249.00");
  await expect(samCase.panel).toContainText("Olga approved 1,249.00 EUR. The second approval must be for the same amount");
  await expect(samCase.button("Approve lower amount")).toHaveCount(0);
  await samCase.panel.screenshot({ path: "test-results/four-eyes-second.png" });

  const before = await approvalOfCase(sam.request, caseId);
  await amount.fill("1000.00");
  await samCase.approve("Only 1,000.00 is proven.");
  await expect(samCase.refusal).toContainText("Not done: the two approvals must be for one amount");
  await expect(samCase.refusal).toContainText("olga approved 1,249.00 EUR; approve that amount, or reject.");
  expect(await approvalOfCase(sam.request, caseId)).toMatchObject({
    status: "pending",
    version: before.version,
    firstApprovedAmountMinor: 124_900,
    approvedAmountMinor: null,
  });
  expect(await ledgerEntriesOf(sam.request, caseId)).toHaveLength(0);
  await expect(samCase.auditTrail.locator('[data-action^="approval."]')).toHaveCount(1);
  await samCase.panel.screenshot({ path: "test-results/four-eyes-refused.png" });

  await amount.fill("1249.00");
  await samCase.approve("Second approval: agree with Olga.");
  await expect(samCase.notice).toContainText("the refund of 1,249.00 EUR is being made");
  // The decision answers at once; the case shows the payment live once the job queue has made it.
  await expect(samCase.outcome).toContainText("1,249.00 EUR has been refunded", { timeout: 20_000 });
  await samCase.expectFinal("Refunded");
  await expect(samCase.outcome).toContainText("Approved by Sam and Olga; 1,249.00 EUR has been refunded.");
  const approvals = samCase.auditTrail.locator('[data-action^="approval."]');
  await expect(approvals).toHaveCount(2);
  await expect(approvals.nth(0)).toContainText("Gave the first of two approvals");
  await expect(approvals.nth(0)).toContainText("for 1,249.00 EUR");
  await expect(approvals.nth(1)).toContainText("Approved the refund");
  await expect(approvals.nth(1)).toContainText("for 1,249.00 EUR");

  await expect(widget.agentMessages.last()).toContainText("refunded the Electro Mart payment of 1,249.00 EUR after review", { timeout: 20_000 });
  await expect(widget.caseStatus).toContainText("Refunded");
  await expect(widget.caseStatus).toContainText("Refund of 1,249.00 EUR");
  await olgaCase.expectFinal("Refunded");

  const entries = await ledgerEntriesOf(sam.request, caseId);
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({ caseId, amountMinor: 124_900 });
  await samCase.page.screenshot({ path: "test-results/four-eyes-paid.png", fullPage: true });
});
