import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { approvalOfCase, reportForReview } from "./seed";

const CHARTS = ["checkpoint-writes", "checkpoint-sizes", "turns", "degraded", "approvals", "approval-ages", "refunds", "recoveries"];

type Summary = { minutes: { refunds: { executed: number } }[]; approvals: { waiting: number } };

async function summary(request: APIRequestContext): Promise<Summary> {
  const res = await request.get("/api/ops/summary");
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Summary;
}

const executedInHour = (s: Summary) => s.minutes.reduce((n, m) => n + m.refunds.executed, 0);

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

test("the ops page charts the last hour and updates itself when an approval waits and a refund is paid", async ({ signedInAs }) => {
  test.setTimeout(120_000);
  const otto = await signedInAs("otto");
  const page = await otto.newPage();
  await page.goto("/ops");
  await expect(page.getByRole("heading", { level: 1, name: "Operations" })).toBeVisible();
  for (const chart of CHARTS) {
    await expect(page.getByTestId(`chart-${chart}`).locator(".recharts-wrapper > svg.recharts-surface"), chart).toBeVisible();
    await expect(page.getByTestId(`chart-${chart}-drawing`), chart).toHaveAccessibleName(/the last hour\. .+/);
  }
  // The 1 MB line is drawn on the size chart whatever the sizes are.
  const sizes = page.getByTestId("chart-checkpoint-sizes");
  await expect(sizes.locator("line.recharts-reference-line-line")).toHaveCount(1);
  await expect(sizes.locator(".recharts-label", { hasText: "1 MB" })).toBeVisible();

  expect(await seriousViolations(page)).toEqual([]);

  const before = await summary(otto.request);
  const waiting = page.getByTestId("tile-approvals-waiting");
  await expect(waiting).toHaveText(String(before.approvals.waiting));

  // Bob reports a payment no other browser test uses; with antifraud down it waits for a person.
  const bob = await signedInAs("bob");
  const { caseId } = await reportForReview(bob.request, "I don't recognise the Kino Atlantic payment of 24.00", { antifraudDown: true });
  await expect(waiting).toHaveText(String(before.approvals.waiting + 1), { timeout: 25_000 });
  await expect(page.getByTestId("tile-oldest-approval")).not.toHaveText("—");

  const olga = await signedInAs("olga");
  const approval = await approvalOfCase(olga.request, caseId, "pending");
  const decided = await olga.request.post(`/api/approvals/${approval.approvalId}/decision`, {
    data: { decision: "approve", reason: "Antifraud was down; the payment is small and unrecognised", version: approval.version },
  });
  expect(decided.status(), await decided.text()).toBe(200);
  await expect.poll(async () => (await approvalOfCase(olga.request, caseId)).status, { timeout: 30_000 }).toBe("executed");

  // No reload: the page asks again by itself every ten seconds.
  const executed = executedInHour(before) + 1;
  await expect(page.getByTestId("chart-refunds-summary")).toContainText(`${executed} executed`, { timeout: 25_000 });
  await expect(waiting).toHaveText(String(before.approvals.waiting), { timeout: 25_000 });
  expect(Number(await page.getByTestId("tile-refunds-executed").textContent())).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId("chart-degraded-summary")).toContainText("antifraud");

  await page.screenshot({ path: test.info().outputPath("ops-page.png"), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
});

test("the ops role reads the ops page and the metrics, and nothing about customers, approvals or incidents", async ({ signedInAs }) => {
  const otto = await signedInAs("otto");
  expect((await otto.request.get("/api/metrics")).status()).toBe(200);
  for (const path of ["/api/approvals", "/api/handovers", "/api/incidents/threads", "/api/threads", "/api/langgraph/threads/search"]) {
    const res = path.endsWith("/search") ? await otto.request.post(path, { data: {} }) : await otto.request.get(path);
    expect(res.status(), path).toBe(403);
  }
  const page = await otto.newPage();
  for (const path of ["/console", "/incidents"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Not allowed" }), path).toBeVisible();
  }
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Ops" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Approvals" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Incidents" })).toHaveCount(0);

  // Other staff who may see operations find the page too; operators and customers do not.
  const olga = await signedInAs("olga");
  const olgaPage = await olga.newPage();
  await olgaPage.goto("/ops");
  await expect(olgaPage.getByRole("heading", { name: "Not allowed" })).toBeVisible();
  expect((await olga.request.get("/api/ops/summary")).status()).toBe(403);
});

test("signing in as the ops role lands on the ops page", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Username").fill("otto");
  await page.getByLabel("Password").fill("otto-pass");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/ops$/);
  await expect(page.getByRole("heading", { level: 1, name: "Operations" })).toBeVisible();
});
