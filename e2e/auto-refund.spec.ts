import type { ApprovalRow, LedgerEntry } from "./api-types";
import { expect, test } from "./fixtures";
import { WidgetPage } from "./pages/widget-page";

test("policy refunds a duplicate coffee charge without any operator", async ({ signedInAs }) => {
  const alice = await signedInAs("alice");
  const widget = new WidgetPage(await alice.newPage());
  await widget.goto();
  await widget.send("I was charged twice at Coffee Corner");
  await expect(widget.agentMessages.last()).toContainText(/refunded/i, { timeout: 30_000 });
  await expect(widget.caseStatus).toContainText("Refunded");
  await expect(widget.caseStatus).toContainText("4.90 EUR");

  const olga = await signedInAs("olga");
  const listed = await olga.request.get("/api/approvals?status=all");
  expect(listed.status()).toBe(200);
  const { approvals } = (await listed.json()) as { approvals: ApprovalRow[] };
  const approval = approvals.find((a) => a.merchant === "Coffee Corner");
  expect(approval).toMatchObject({ mode: "policy", status: "executed", amountMinor: 490 });

  const pending = (await (await olga.request.get("/api/approvals?status=pending")).json()) as { approvals: ApprovalRow[] };
  expect(pending.approvals.map((a) => a.caseId)).not.toContain(approval!.caseId);

  const kase = await olga.request.get(`/api/cases/${approval!.caseId}`);
  expect(kase.status()).toBe(200);
  const { ledgerEntries } = (await kase.json()) as { ledgerEntries: LedgerEntry[] };
  expect(ledgerEntries).toHaveLength(1);
  expect(ledgerEntries[0]).toMatchObject({ caseId: approval!.caseId, amountMinor: 490 });
});
