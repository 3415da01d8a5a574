import { expect, test } from "./fixtures";
import { CasePage } from "./pages/case-page";
import { ConsolePage } from "./pages/console-page";
import { WidgetPage } from "./pages/widget-page";
import { approvalOfCase, ledgerEntriesOf } from "./seed";

test("an operator approves a refund within her limit from the case page, and it is paid exactly once", async ({ signedInAs }) => {
  const alice = await signedInAs("alice");
  const widget = new WidgetPage(await alice.newPage());
  await widget.goto();
  await widget.send("City Parking charged me 38.00 while I was abroad");
  await expect(widget.caseStatus).toContainText("Refund awaiting review", { timeout: 30_000 });
  await expect(widget.caseStatus).toContainText("38.00 EUR");
  await expect(widget.transcript).not.toContainText(/refunded/i);

  const olga = await signedInAs("olga");
  const pending = (await (await olga.request.get("/api/approvals?status=pending&pageSize=100")).json()) as {
    approvals: { caseId: string; merchant: string }[];
  };
  const waitingCase = pending.approvals.find((a) => a.merchant === "City Parking");
  expect(waitingCase, "the City Parking approval is pending").toMatchObject({ merchant: "City Parking" });
  const waiting = await approvalOfCase(olga.request, waitingCase!.caseId, "pending");
  expect(waiting).toMatchObject({ mode: "operator", amountMinor: 3_800, risk: "medium", requiredApprovals: 1 });
  expect(await ledgerEntriesOf(olga.request, waiting.caseId)).toHaveLength(0);

  const queue = new ConsolePage(await olga.newPage());
  await queue.goto();
  const row = queue.row(waiting.approvalId);
  await expect(row).toContainText("38.00 EUR");
  await expect(row).toContainText("A**** N****");
  await expect(row).not.toContainText("Alice Novak");
  await expect(row).toContainText("Medium risk");
  await expect(row).toContainText("Unclaimed");
  await queue.openCase(waiting.approvalId);

  const kase = new CasePage(queue.page);
  await expect(kase.heading).toContainText("City Parking");
  await expect(kase.conversation).toContainText("City Parking charged me 38.00 while I was abroad");
  await expect(kase.page.getByText("location_mismatch", { exact: true })).toBeVisible();
  await kase.approve("Customer was abroad that day; the parking was not hers.");
  await expect(kase.notice).toContainText("the refund of 38.00 EUR is being made");
  // The decision answers at once; the case shows the payment live once the job queue has made it.
  await expect(kase.outcome).toContainText("38.00 EUR has been refunded", { timeout: 20_000 });
  await kase.expectFinal("Refunded");

  await expect(widget.agentMessages.last()).toContainText(/refunded|paid back/i, { timeout: 20_000 });
  await expect(widget.caseStatus).toContainText("Refunded");

  const decided = await approvalOfCase(olga.request, waiting.caseId);
  expect(decided).toMatchObject({ status: "executed", decidedBy: "olga" });
  const entries = await ledgerEntriesOf(olga.request, waiting.caseId);
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({ caseId: waiting.caseId, amountMinor: 3_800 });
});
