import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { CasePage } from "./pages/case-page";
import { ConsolePage } from "./pages/console-page";
import { approvalOfCase, reportForReview, somePendingApproval } from "./seed";

const SIMULATOR_URL = process.env.E2E_SIMULATOR_URL ?? `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

/** Freezes or unfreezes a card in the cards system, as another channel of the bank would. */
async function changeCard(card: { cardId: string; customerId: string }, action: "freeze" | "unfreeze", key: string) {
  const res = await fetch(`${SIMULATOR_URL}/cards/${encodeURIComponent(card.cardId)}/${action}`, {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": key },
    body: JSON.stringify({ tenantId: "demo-bank", customerId: card.customerId, ...(action === "freeze" ? { reason: "stolen" } : {}) }),
  });
  expect(res.status, await res.text()).toBe(200);
}

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

test("a case page shows the customer's card active, then frozen since when and why, digits masked, without violations", async ({ signedInAs }) => {
  const alice = await signedInAs("alice");
  const olga = await signedInAs("olga");
  const approval = await somePendingApproval(alice.request, olga.request);
  const detail = await (await olga.request.get(`/api/approvals/${approval.approvalId}`)).json();
  expect(detail.cards.status).toBe("ok");
  const card = { cardId: detail.cards.cards[0].cardId as string, customerId: detail.customer.id as string };

  const kase = new CasePage(await olga.newPage());
  await kase.goto(approval.approvalId);
  await expect(kase.cards).toContainText("Card ending ••••");
  await expect(kase.cards.getByText("Active", { exact: true })).toBeVisible();

  await changeCard(card, "freeze", `a11y-freeze-${approval.approvalId}`);
  try {
    await kase.goto(approval.approvalId);
    await expect(kase.cards.getByText("Frozen", { exact: true })).toBeVisible();
    await expect(kase.cards).toContainText(/Frozen since .+ · stolen/);
    await expect(kase.cards).not.toContainText(/4242|1881/);
    expect(await seriousViolations(kase.page)).toEqual([]);
  } finally {
    await changeCard(card, "unfreeze", `a11y-unfreeze-${approval.approvalId}`);
  }
});
