import { expect, test } from "./fixtures";
import { ConsolePage } from "./pages/console-page";
import { IncidentViewerPage } from "./pages/incident-viewer-page";
import { Pool } from "pg";
import { runningEmbeddedUrl } from "../db/embedded";
import { approvalOfCase, reportForReview, say, startThread } from "./seed";

/** A payment of alice's that no other spec claims. */
async function seedHarbourDeli() {
  const url = runningEmbeddedUrl(".data/pg-e2e");
  expect(url, "the app's embedded database is running").not.toBeNull();
  const pool = new Pool({ connectionString: url! });
  try {
    await pool.query(
      `insert into transactions (id, tenant_id, customer_id, card_id, merchant, amount_minor, currency, country, posted_at)
       values ('tx-two-banks-deli', 'demo-bank', 'cust-alice', 'card-alice', 'Harbour Deli', 2760, 'EUR', 'DE', now() - interval '2 days')
       on conflict do nothing`,
    );
  } finally {
    await pool.end();
  }
}

test("two banks' operators, signed in side by side, each see only their own bank's approvals, live and by link", async ({ signedInAs }) => {
  const olga = await signedInAs("olga");
  const marta = await signedInAs("marta");
  const demoQueue = new ConsolePage(await olga.newPage());
  const vistulaQueue = new ConsolePage(await marta.newPage());
  await Promise.all([demoQueue.goto("?sort=newest"), vistulaQueue.goto("?sort=newest")]);
  for (const queue of [demoQueue, vistulaQueue]) await expect(queue.page.getByText("Loading approvals…")).toHaveCount(0);
  // Each bank's amounts are typed in its own currency.
  await expect(demoQueue.page.getByLabel("From (EUR)")).toBeVisible();
  await expect(vistulaQueue.page.getByLabel("From (PLN)")).toBeVisible();
  await expect(vistulaQueue.page.getByLabel("To (PLN)")).toBeVisible();

  await seedHarbourDeli();
  const alice = await signedInAs("alice");
  const kasia = await signedInAs("kasia");
  const demoCase = await reportForReview(alice.request, "I don't recognise the Harbour Deli payment of 27.60", { antifraudDown: true });
  const vistulaCase = await reportForReview(kasia.request, "Nie rozpoznaję płatności w Media Expert na 3 499,00 zł");
  const demoApproval = await approvalOfCase(olga.request, demoCase.caseId, "pending");
  const vistulaApproval = await approvalOfCase(marta.request, vistulaCase.caseId, "pending");

  // Each queue shows its own bank's new approval as it arrives...
  await expect(demoQueue.row(demoApproval.approvalId)).toBeVisible({ timeout: 2_500 });
  await expect(vistulaQueue.row(vistulaApproval.approvalId)).toBeVisible({ timeout: 2_500 });
  await expect(vistulaQueue.row(vistulaApproval.approvalId)).toContainText("PLN");
  // ...and never the other's, nor after a reload.
  await expect(demoQueue.page.getByRole("row").filter({ hasText: "Media Expert" })).toHaveCount(0);
  await expect(vistulaQueue.page.getByRole("row").filter({ hasText: "Harbour Deli" })).toHaveCount(0);
  await vistulaQueue.page.reload();
  await expect(vistulaQueue.row(vistulaApproval.approvalId)).toBeVisible();
  await expect(vistulaQueue.row(demoApproval.approvalId)).toHaveCount(0);

  // The case page shows kasia's words as she wrote them, and the language they are in.
  const page = vistulaQueue.page;
  await page.goto(`/console/approvals/${vistulaApproval.approvalId}`);
  const conversation = page.getByRole("list", { name: "Conversation with the customer" });
  await expect(conversation.locator('[data-role="customer"]').first()).toContainText("Nie rozpoznaję płatności w Media Expert na 3 499,00 zł");
  await expect(conversation.getByTestId("message-language").first()).toContainText("in Polish");
  await expect(conversation.locator('[data-role="agent"]').first()).toContainText("konsultant");

  // The other bank's approval by its link: not found, nothing of it shown.
  await page.goto(`/console/approvals/${demoApproval.approvalId}`);
  await expect(page.getByText("Harbour Deli")).toHaveCount(0);
  await expect(page.getByText(/not found|no such approval/i).first()).toBeVisible();
  const api = await marta.request.get(`/api/approvals/${demoApproval.approvalId}`);
  expect(api.status()).toBe(404);
});

test("an auditor's what-if starts from their own bank's policy, in its currency", async ({ signedInAs }) => {
  const kasia = await signedInAs("kasia");
  const threadId = await startThread(kasia.request);
  await say(kasia.request, threadId, "what are my card limits");
  const viewer = new IncidentViewerPage(await (await signedInAs("jan")).newPage());
  await viewer.goto(threadId);
  // The bank's limit as its supervisor reads it (another spec may have changed it from the seeded 200.00).
  const policy = (await (await (await signedInAs("zofia")).request.get("/api/tenant/policy")).json()) as { autoApproveMaxMinor: number; currency: string };
  expect(policy.currency).toBe("PLN");
  const limit = (policy.autoApproveMaxMinor / 100).toFixed(2);
  await expect(viewer.whatIf.getByLabel("Auto-approve limit (PLN)")).toHaveValue(limit);
  await expect(viewer.whatIf.getByText(`The bank's policy today: ${limit} PLN.`)).toBeVisible();
  await viewer.whatIf.getByLabel("Auto-approve limit (PLN)").fill("lots");
  await viewer.whatIf.getByRole("button", { name: "Run in sandbox" }).click();
  await expect(viewer.whatIf.getByText("Write the limit in PLN, like 50 or 2,000.00.")).toBeVisible();
});
