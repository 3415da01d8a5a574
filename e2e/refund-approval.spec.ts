import type { ApprovalRow, LedgerEntry } from "./api-types";
import { expect, test } from "./fixtures";
import { ConsolePage } from "./pages/console-page";
import { WidgetPage } from "./pages/widget-page";

test("an operator's approval refunds a payment the customer does not recognise, exactly once", async ({ signedInAs }) => {
  const alice = await signedInAs("alice");
  const widget = new WidgetPage(await alice.newPage());
  await widget.goto();
  await widget.send("I don't recognise the Electro Mart payment of 1,249.00");
  await expect(widget.caseStatus).toContainText("Refund awaiting review", { timeout: 30_000 });
  await expect(widget.caseStatus).toContainText("1,249.00 EUR");
  await expect(widget.transcript).not.toContainText(/refunded/i);

  const olga = await signedInAs("olga");
  const pending = (await (await olga.request.get("/api/approvals?status=pending")).json()) as { approvals: ApprovalRow[] };
  const waiting = pending.approvals.find((a) => a.merchant === "Electro Mart");
  expect(waiting).toMatchObject({ status: "pending", mode: "operator", amountMinor: 124_900 });
  const before = (await (await olga.request.get(`/api/cases/${waiting!.caseId}`)).json()) as { ledgerEntries: LedgerEntry[] };
  expect(before.ledgerEntries).toHaveLength(0);

  const consolePage = new ConsolePage(await olga.newPage());
  await consolePage.goto();
  const card = consolePage.approval("Electro Mart");
  await expect(card).toContainText("1,249.00 EUR");
  await expect(card).toContainText("Alice Novak");
  await consolePage.approve(card, "Customer confirmed the card never left her; merchant unknown to her.");
  await expect(consolePage.notice).toContainText("Approved the 1,249.00 EUR refund for Electro Mart");
  await expect(card).toHaveCount(0);

  await expect(widget.agentMessages.last()).toContainText(/refunded/i, { timeout: 20_000 });
  await expect(widget.caseStatus).toContainText("Refunded");

  const listed = await olga.request.get("/api/approvals?status=all");
  expect(listed.status()).toBe(200);
  const { approvals } = (await listed.json()) as { approvals: ApprovalRow[] };
  const approval = approvals.find((a) => a.caseId === waiting!.caseId);
  expect(approval).toMatchObject({ mode: "operator", status: "executed", decidedBy: "olga", amountMinor: 124_900 });

  const kase = await olga.request.get(`/api/cases/${approval!.caseId}`);
  expect(kase.status()).toBe(200);
  const { ledgerEntries } = (await kase.json()) as { ledgerEntries: LedgerEntry[] };
  expect(ledgerEntries).toHaveLength(1);
  expect(ledgerEntries[0]).toMatchObject({ caseId: approval!.caseId, amountMinor: 124_900 });
});
