import { expect, test } from "./fixtures";
import { WidgetPage } from "./pages/widget-page";
import { approvalOfCase, ledgerEntriesOf, reportForReview, withAntifraudDown } from "./seed";
import type { ApprovalRow } from "./api-types";

test("a second payment reported while the first waits for an operator is taken up in the same chat, both show, and its decision arrives there", async ({
  signedInAs,
}) => {
  const kasia = await signedInAs("kasia");
  const first = await reportForReview(kasia.request, "Kawiarnia Mocca pobrała mi dwa razy 18,50 zł", { antifraudDown: true });
  const widget = new WidgetPage(await kasia.newPage(), "pl");
  await widget.gotoThread("kasia", first.threadId);
  await expect(widget.caseStatus).toContainText("Zwrot czeka na decyzję");

  await withAntifraudDown(async () => {
    await widget.send("i jeszcze Biedronka z wczoraj, 87,45 zł, też nie ja");
    await expect(widget.agentMessages).toHaveCount(2);
  });
  const answer = widget.agentMessages.last();
  await expect(answer).toContainText("Biedronka");
  await expect(answer).toContainText("Kawiarnia Mocca");
  await expect(widget.caseStatus.getByText("Biedronka")).toBeVisible();
  await expect(widget.caseStatus.getByText("Kawiarnia Mocca")).toBeVisible();

  const marta = await signedInAs("marta");
  const queue = (await (await marta.request.get("/api/approvals?status=pending&pageSize=100")).json()) as { approvals: ApprovalRow[] };
  const second = queue.approvals.find((a) => a.merchant === "Biedronka");
  expect(second, "the second payment's request in the operators' queue").toMatchObject({ status: "pending" });
  const decided = await marta.request.post(`/api/approvals/${second!.approvalId}/decision`, {
    data: { decision: "approve", reason: "Card was with the customer.", version: second!.version },
  });
  expect(decided.status(), await decided.text()).toBe(200);

  // The widget keeps polling while a request of the conversation waits: the decision arrives without a reload.
  await expect(widget.agentMessages).toHaveCount(3);
  await expect(widget.agentMessages.last()).toContainText("Biedronka");
  await expect(widget.caseStatus.getByRole("paragraph").filter({ hasText: "Biedronka" })).toContainText("Zwrócono");
  await expect(widget.caseStatus.getByRole("paragraph").filter({ hasText: "Kawiarnia Mocca" })).toContainText("Zwrot czeka na decyzję");
  await widget.page.screenshot({ path: "test-results/beside-widget.png" });

  expect(await ledgerEntriesOf(marta.request, second!.caseId)).toHaveLength(1);
  expect(await ledgerEntriesOf(marta.request, first.caseId)).toHaveLength(0);
  expect(await approvalOfCase(marta.request, first.caseId)).toMatchObject({ status: "pending" });
});
