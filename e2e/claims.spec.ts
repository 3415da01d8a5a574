import { expect, test } from "./fixtures";
import { CasePage } from "./pages/case-page";
import { approvalOfCase, ledgerEntriesOf, reportForReview } from "./seed";

test("a claimed case is shown to others, they cannot decide it, and a supervisor takes it over and approves a lower amount", async ({ signedInAs }) => {
  const alice = await signedInAs("alice");
  const { caseId } = await reportForReview(alice.request, "I don't recognise the Bar Tapas Sol payment of 41.50", { antifraudDown: true });

  const olga = await signedInAs("olga");
  const approval = await approvalOfCase(olga.request, caseId, "pending");
  expect(approval).toMatchObject({ amountMinor: 4_150, risk: "unavailable", claimedBy: null });

  const olgaCase = new CasePage(await olga.newPage());
  await olgaCase.goto(approval.approvalId);
  await expect(olgaCase.page.getByText("Antifraud was unavailable, so the payment could not be cleared.")).toBeVisible();
  await expect(olgaCase.claimState).toContainText("Unclaimed");
  await olgaCase.button("Claim").click();
  await expect(olgaCase.notice).toContainText("You have claimed the case");
  await expect(olgaCase.claimState).toContainText(/Claimed by you · 1[45] min left/);

  const oscar = await signedInAs("oscar");
  const oscarCase = new CasePage(await oscar.newPage());
  await oscarCase.goto(approval.approvalId);
  await expect(oscarCase.claimState).toContainText("Claimed by Olga");
  await expect(oscarCase.button("Take over")).toHaveCount(0);
  await oscarCase.approve("Looks fine to me.");
  await expect(oscarCase.refusal).toContainText("Not allowed");
  await expect(oscarCase.refusal).toContainText("olga is working on this case.");
  expect(await approvalOfCase(olga.request, caseId)).toMatchObject({ status: "pending", claimedBy: "olga" });

  const sam = await signedInAs("sam");
  const samCase = new CasePage(await sam.newPage());
  await samCase.goto(approval.approvalId);
  await expect(samCase.claimState).toContainText("Claimed by Olga");
  await samCase.button("Take over").click();
  await expect(samCase.notice).toContainText("You took the case over from Olga");
  await expect(samCase.claimState).toContainText("Claimed by you");
  await expect(olgaCase.claimState).toContainText("Claimed by Sam");
  await samCase.approveLower("41.50");
  await expect(samCase.page.getByText("Write an amount in EUR above 0.00 and below 41.50 EUR")).toBeVisible();
  await samCase.approveLower("30.00", "She paid for one drink of the round; refund the rest.");
  await expect(samCase.notice).toContainText("the refund of 30.00 EUR is being made");
  // The decision answers at once; the case shows the payment live once the job queue has made it.
  await expect(samCase.outcome).toContainText("30.00 EUR has been refunded", { timeout: 20_000 });
  await samCase.expectFinal("Refunded");
  await expect(samCase.outcome).toContainText("30.00 EUR has been refunded");

  const trail = samCase.auditTrail;
  await expect(trail.getByRole("listitem").filter({ hasText: "Claimed the case" })).toContainText("Olga");
  await expect(trail.getByRole("listitem").filter({ hasText: "Took over the claim" })).toContainText("Sam");
  await expect(trail.getByRole("listitem").filter({ hasText: "Took over the claim" })).toContainText("from Olga");
  await expect(trail.getByRole("listitem").filter({ hasText: "Approved the refund" })).toContainText("Sam");
  await expect(trail.getByRole("listitem").filter({ hasText: "Approved the refund" })).toContainText("for 30.00 EUR");

  expect(await approvalOfCase(sam.request, caseId)).toMatchObject({ status: "executed", decidedBy: "sam" });
  const entries = await ledgerEntriesOf(sam.request, caseId);
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({ caseId, amountMinor: 3_000 });
});
