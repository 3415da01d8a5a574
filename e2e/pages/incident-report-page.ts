import { expect, type Page } from "@playwright/test";

/** The printable incident report at /incidents/{threadId}/report, always masked. */
export class IncidentReportPage {
  constructor(readonly page: Page) {}

  async goto(threadId: string) {
    await this.page.goto(`/incidents/${encodeURIComponent(threadId)}/report`);
    await this.expectLoaded();
  }

  async expectLoaded() {
    await expect(this.page.getByRole("heading", { level: 1, name: "Incident report" })).toBeVisible();
  }

  get customer() {
    return this.page.getByTestId("report-customer");
  }

  get decisions() {
    return this.page.getByRole("region", { name: "Decisions" }).locator("tbody tr");
  }

  get ledgerEntries() {
    return this.page.getByRole("region", { name: "Ledger entries" }).locator("tbody tr");
  }

  /** Rows of "Who viewed what", each with its audited action in data-action. */
  views(action?: string) {
    const rows = this.page.getByRole("table", { name: "Who viewed what" }).locator("tbody tr");
    return action ? rows.and(this.page.locator(`[data-action="${action}"]`)) : rows;
  }

  get timeline() {
    return this.page.getByRole("list", { name: "Timeline" });
  }
}
