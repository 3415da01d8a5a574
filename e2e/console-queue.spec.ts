import { expect, test } from "./fixtures";
import { ConsolePage } from "./pages/console-page";
import { approvalOfCase, reportForReview } from "./seed";

test("a new approval appears in an open queue within 2 seconds, and the filters find it", async ({ signedInAs }) => {
  const olga = await signedInAs("olga");
  const queue = new ConsolePage(await olga.newPage());
  await queue.goto("?sort=newest");
  await expect(queue.page.getByText("Loading approvals…")).toHaveCount(0);

  const alice = await signedInAs("alice");
  const { caseId } = await reportForReview(alice.request, "I don't recognise the Sunrise Bakery payment of 4.90", { antifraudDown: true });
  const row = queue.page.getByRole("row").filter({ hasText: "Sunrise Bakery" }).filter({ hasText: "A**** N****" });
  await expect(row).toBeVisible({ timeout: 2_500 });

  const approval = await approvalOfCase(olga.request, caseId, "pending");
  await expect(queue.row(approval.approvalId)).toContainText("4.90 EUR");
  await expect(queue.row(approval.approvalId)).toContainText("Risk unknown");
  await expect(queue.row(approval.approvalId)).toContainText("Unclaimed");
  await expect(queue.row(approval.approvalId)).toContainText(/47 h \d+ min/);
  await expect(queue.pageRange).toContainText(/^1–\d+ of \d+$/);

  await queue.filter("Antifraud risk", "High");
  await expect(queue.row(approval.approvalId)).toHaveCount(0);
  await queue.filter("Antifraud risk", "Antifraud unavailable");
  await expect(queue.row(approval.approvalId)).toBeVisible();
  await expect(queue.page).toHaveURL(/risk=unavailable/);

  await queue.amountRange("5", "");
  await expect(queue.row(approval.approvalId)).toHaveCount(0);
  await queue.amountRange("4.90", "4.90");
  await expect(queue.row(approval.approvalId)).toBeVisible();

  await queue.filter("Claim", "Claimed by me");
  await expect(queue.row(approval.approvalId)).toHaveCount(0);
  await queue.filter("Claim", "Unclaimed");
  await expect(queue.row(approval.approvalId)).toBeVisible();

  await queue.page.reload();
  await expect(queue.row(approval.approvalId)).toBeVisible();
  await expect(queue.page.getByLabel("Antifraud risk", { exact: true })).toHaveValue("unavailable");
});
