import { expect, test } from "./fixtures";
import { CasePage } from "./pages/case-page";
import { ConsolePage } from "./pages/console-page";
import { WidgetPage } from "./pages/widget-page";
import { advanceServerClock, approvalOfCase, ledgerEntriesOf, reportForReview } from "./seed";

const HOUR = 3_600_000;

test("a refund nobody decides within 48 hours expires: final, off the queue, the customer told, never paid", async ({ signedInAs }) => {
  const alice = await signedInAs("alice");
  const { threadId, caseId } = await reportForReview(alice.request, "I don't recognise the Page & Co Books payment of 18.99", { antifraudDown: true });
  const widget = new WidgetPage(await alice.newPage());
  await widget.gotoThread("alice", threadId);
  await expect(widget.caseStatus).toContainText("Refund awaiting review");

  const olga = await signedInAs("olga");
  const approval = await approvalOfCase(olga.request, caseId, "pending");
  const queue = new ConsolePage(await olga.newPage());
  await queue.goto();
  await expect(queue.row(approval.approvalId)).toBeVisible();
  const kase = new CasePage(await olga.newPage());
  await kase.goto(approval.approvalId);
  await expect(kase.page.getByText(/Expires in: 4[78] h/)).toBeVisible();

  await advanceServerClock(olga.request, 49 * HOUR);

  await expect(queue.row(approval.approvalId)).toHaveCount(0, { timeout: 5_000 });
  await kase.expectFinal("Expired");
  await expect(kase.auditTrail).toContainText("Expired: no decision in time");
  await expect(widget.agentMessages.last()).toContainText(/expired/i, { timeout: 10_000 });
  await expect(widget.caseStatus).toContainText("Request expired");

  expect(await approvalOfCase(olga.request, caseId)).toMatchObject({ status: "expired" });
  expect(await ledgerEntriesOf(olga.request, caseId)).toHaveLength(0);
});
