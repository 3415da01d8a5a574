import { expect, test } from "./fixtures";
import { CasePage } from "./pages/case-page";
import { approvalOfCase, ledgerEntriesOf, reportForReview } from "./seed";

test("two operators approve the same case at once: one refund, and the other is told nothing was changed", async ({ signedInAs }) => {
  const bob = await signedInAs("bob");
  const { caseId } = await reportForReview(bob.request, "I was charged twice at Book Nook", { antifraudDown: true });

  const olga = await signedInAs("olga");
  const oscar = await signedInAs("oscar");
  const approval = await approvalOfCase(olga.request, caseId, "pending");
  expect(approval).toMatchObject({ amountMinor: 1_250, requiredApprovals: 1 });

  const olgaCase = new CasePage(await olga.newPage());
  const oscarCase = new CasePage(await oscar.newPage());
  await Promise.all([olgaCase.goto(approval.approvalId), oscarCase.goto(approval.approvalId)]);
  await expect(olgaCase.button("Approve refund")).toBeEnabled();
  await expect(oscarCase.button("Approve refund")).toBeEnabled();

  await Promise.all([olgaCase.button("Approve refund").click(), oscarCase.button("Approve refund").click()]);

  for (const page of [olgaCase, oscarCase]) {
    await expect(page.notice.or(page.refusal)).toBeVisible({ timeout: 30_000 });
    await page.expectFinal(/Refunded|Refunding|Approved/);
  }
  const succeeded = [await olgaCase.notice.count(), await oscarCase.notice.count()];
  const refused = [await olgaCase.refusal.count(), await oscarCase.refusal.count()];
  expect(succeeded.reduce((a, b) => a + b)).toBe(1);
  expect(refused.reduce((a, b) => a + b)).toBe(1);
  const loser = refused[0] === 1 ? olgaCase : oscarCase;
  await expect(loser.refusal).toContainText("Not done: the case has changed");
  await expect(loser.refusal).toContainText("nothing was changed");

  const winner = refused[0] === 1 ? "oscar" : "olga";
  await expect.poll(async () => (await approvalOfCase(olga.request, caseId)).status, { timeout: 20_000 }).toBe("executed");
  expect(await approvalOfCase(olga.request, caseId)).toMatchObject({ decidedBy: winner });
  const entries = await ledgerEntriesOf(olga.request, caseId);
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({ caseId, amountMinor: 1_250 });
});
