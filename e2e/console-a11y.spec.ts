import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { CasePage } from "./pages/case-page";
import { ConsolePage } from "./pages/console-page";
import { approvalOfCase, reportForReview } from "./seed";

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

test("the queue and a case page have no serious or critical accessibility violations", async ({ signedInAs }) => {
  const alice = await signedInAs("alice");
  const { caseId } = await reportForReview(alice.request, "I don't recognise the Metro Transit payment of 2.90", { antifraudDown: true });

  const olga = await signedInAs("olga");
  const approval = await approvalOfCase(olga.request, caseId, "pending");
  const queue = new ConsolePage(await olga.newPage());
  await queue.goto();
  await expect(queue.row(approval.approvalId)).toBeVisible();
  expect(await seriousViolations(queue.page)).toEqual([]);

  const kase = new CasePage(queue.page);
  await queue.openCase(approval.approvalId);
  await expect(kase.heading).toContainText("Metro Transit");
  await expect(kase.auditTrail.or(kase.page.getByText("Nothing recorded yet."))).toBeVisible();
  expect(await seriousViolations(kase.page)).toEqual([]);

  await kase.reject("");
  await expect(kase.page.getByText("Write a reason to reject")).toBeVisible();
  expect(await seriousViolations(kase.page)).toEqual([]);

  const ivan = await signedInAs("ivan");
  const auditorCase = new CasePage(await ivan.newPage());
  await auditorCase.goto(approval.approvalId);
  await expect(auditorCase.panel).toContainText("Read-only");
  await expect(auditorCase.actionButtons).toHaveCount(0);
  expect(await seriousViolations(auditorCase.page)).toEqual([]);
});
