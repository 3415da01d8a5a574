import { expect, test } from "./fixtures";
import { CasePage } from "./pages/case-page";
import { WidgetPage } from "./pages/widget-page";
import { approvalOfCase, ledgerEntriesOf, reportForReview } from "./seed";

test("a refund of 1,000.00 or more is paid only for the amount a supervisor and an operator both approved", async ({ signedInAs }) => {
  const alice = await signedInAs("alice");
  const { threadId, caseId } = await reportForReview(alice.request, "I don't recognise the Electro Mart payment of 1,249.00");
  const widget = new WidgetPage(await alice.newPage());
  await widget.gotoThread("alice", threadId);
  await expect(widget.caseStatus).toContainText("Refund awaiting review");

  const sam = await signedInAs("sam");
  const approval = await approvalOfCase(sam.request, caseId, "pending");
  expect(approval).toMatchObject({ amountMinor: 124_900, risk: "high", requiredApprovals: 2, firstApprovedBy: null });

  const samCase = new CasePage(await sam.newPage());
  await samCase.goto(approval.approvalId);
  await expect(samCase.panel).toContainText("Needs two approvals by two different people, one of them a supervisor.");
  await samCase.approveLower("1000.00", "Receipt covers 1,000.00 of it.");
  await expect(samCase.notice).toContainText("Your approval of 1,000.00 EUR is recorded");
  await expect(samCase.panel).toContainText("Approved by Sam for 1,000.00 EUR; needs a second approval");
  expect(await approvalOfCase(sam.request, caseId)).toMatchObject({ status: "pending", firstApprovedBy: "sam", firstApprovedAmountMinor: 100_000, approvedAmountMinor: null });

  await samCase.approve();
  await expect(samCase.refusal).toContainText("You gave the first approval; a second person must give the other.");

  const olga = await signedInAs("olga");
  const olgaCase = new CasePage(await olga.newPage());
  await olgaCase.goto(approval.approvalId);
  const amount = olgaCase.page.getByLabel("Amount to approve (EUR)");
  await expect(amount).toHaveValue("1000.00");
  await expect(olgaCase.panel).toContainText("Sam approved 1,000.00 EUR. The second approval must be for the same amount");
  await expect(olgaCase.button("Approve lower amount")).toHaveCount(0);
  await olgaCase.panel.screenshot({ path: "test-results/four-eyes-second.png" });

  const before = await approvalOfCase(olga.request, caseId);
  await amount.fill("1240.00");
  await olgaCase.approve("Customer says 1,240.00.");
  await expect(olgaCase.refusal).toContainText("Not done: the two approvals must be for one amount");
  await expect(olgaCase.refusal).toContainText("sam approved 1,000.00 EUR; approve that amount, or reject.");
  expect(await approvalOfCase(olga.request, caseId)).toMatchObject({ status: "pending", version: before.version, firstApprovedAmountMinor: 100_000, approvedAmountMinor: null });
  expect(await ledgerEntriesOf(olga.request, caseId)).toHaveLength(0);
  await expect(olgaCase.auditTrail.locator('[data-action^="approval."]')).toHaveCount(1);
  await olgaCase.panel.screenshot({ path: "test-results/four-eyes-refused.png" });

  await amount.fill("1000.00");
  await olgaCase.approve("Agree with Sam.");
  await expect(olgaCase.notice).toContainText("1,000.00 EUR has been refunded");
  await olgaCase.expectFinal("Refunded");
  await expect(olgaCase.outcome).toContainText("Approved by Olga and Sam; 1,000.00 EUR has been refunded.");
  const approvals = olgaCase.auditTrail.locator('[data-action^="approval."]');
  await expect(approvals).toHaveCount(2);
  await expect(approvals.nth(0)).toContainText("Gave the first of two approvals");
  await expect(approvals.nth(0)).toContainText("for 1,000.00 EUR");
  await expect(approvals.nth(1)).toContainText("Approved the refund");
  await expect(approvals.nth(1)).toContainText("for 1,000.00 EUR");

  await expect(widget.agentMessages.last()).toContainText("refunded 1,000.00 EUR of the Electro Mart payment of 1,249.00 EUR", { timeout: 20_000 });
  await expect(widget.caseStatus).toContainText("Refunded");
  await expect(widget.caseStatus).toContainText("Refund of 1,000.00 EUR of 1,249.00 EUR");
  await samCase.expectFinal("Refunded");

  const entries = await ledgerEntriesOf(sam.request, caseId);
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({ caseId, amountMinor: 100_000 });
  await olgaCase.page.screenshot({ path: "test-results/four-eyes-paid.png", fullPage: true });
});
