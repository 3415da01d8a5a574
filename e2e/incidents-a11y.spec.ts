import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { IncidentReportPage } from "./pages/incident-report-page";
import { IncidentsPage } from "./pages/incidents-page";
import { say, startThread } from "./seed";

const SIMULATOR_URL = process.env.E2E_SIMULATOR_URL ?? `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** A limits question answered while the limits system fails: failed attempts, a degraded check, no money involved. */
async function degradedLimitsQuestion(customer: APIRequestContext): Promise<string> {
  const threadId = await startThread(customer);
  const set = await fetch(`${SIMULATOR_URL}/_admin/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ system: "limits", errorRate: 1 }),
  });
  expect(set.status).toBe(200);
  try {
    await say(customer, threadId, "how much can I spend per day with my card?");
  } finally {
    expect((await fetch(`${SIMULATOR_URL}/_admin/faults`, { method: "DELETE" })).status).toBe(200);
  }
  return threadId;
}

test("the search, the viewer and the printable report have no serious or critical accessibility violations", async ({ signedInAs }) => {
  test.setTimeout(120_000);
  const bob = await signedInAs("bob");
  const threadId = await degradedLimitsQuestion(bob.request);

  const ivan = await signedInAs("ivan");
  const incidents = new IncidentsPage(await ivan.newPage());
  await incidents.goto();
  await incidents.search({ customer: "bob", hadDegraded: true });
  await expect(incidents.row(threadId)).toContainText("Degraded check");
  expect(await seriousViolations(incidents.page)).toEqual([]);

  await incidents.open(threadId);
  const viewer = incidents.viewer;
  await expect(viewer.rows("node_event").filter({ hasText: "limits" }).filter({ hasText: "error" }).first()).toBeVisible();
  const steps = (await viewer.rows("checkpoint").locator("td:first-child").allInnerTexts()).map(Number);
  const last = steps.at(-1)!;
  await viewer.view(last);
  await expect(viewer.stateAt(last)).toBeVisible();
  expect(await seriousViolations(viewer.page)).toEqual([]);

  await viewer.tab("Diff").click();
  await expect(viewer.changesAt(last)).toBeVisible();
  await viewer.replayFrom(`Step ${steps[0]} `);
  await viewer.runWhatIf({ limitEur: "100", risks: ["Low", "Medium"] });
  await expect(viewer.replayResult).toBeVisible({ timeout: 30_000 });
  await viewer.reveal();
  await expect(viewer.customerName).toHaveText("Bob Kowalski");
  expect(await seriousViolations(viewer.page)).toEqual([]);

  await viewer.goto("legacy-thread-state-v0");
  const legacySteps = (await viewer.rows("checkpoint").locator("td:first-child").allInnerTexts()).map(Number);
  await viewer.view(legacySteps.at(-1)!);
  await expect(viewer.checkpoint.getByRole("heading", { name: "Fields this version does not know" })).toBeVisible();
  expect(await seriousViolations(viewer.page)).toEqual([]);

  const report = new IncidentReportPage(viewer.page);
  await report.goto(threadId);
  await expect(report.customer).toContainText("B** K*******");
  await expect(report.views("incident.revealed").first()).toContainText("Ivan");
  expect(await seriousViolations(report.page)).toEqual([]);
});
