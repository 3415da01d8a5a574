import { expect, type Page } from "@playwright/test";
import { IncidentViewerPage } from "./incident-viewer-page";

type Filters = {
  customer?: string;
  caseId?: string;
  status?: "Any status" | "Idle" | "Busy" | "Awaiting approval";
  from?: string;
  to?: string;
  hadRefund?: boolean;
  hadDegraded?: boolean;
};

/** The find page at /incidents; `goto(threadId)` opens the viewer on one conversation. */
export class IncidentsPage {
  readonly viewer: IncidentViewerPage;

  constructor(readonly page: Page) {
    this.viewer = new IncidentViewerPage(page);
  }

  async goto(threadId?: string) {
    if (threadId) return this.viewer.goto(threadId);
    await this.page.goto("/incidents");
    await expect(this.page.getByRole("heading", { level: 1, name: "Incidents" })).toBeVisible();
  }

  get form() {
    return this.page.getByRole("search", { name: "Find conversations" });
  }

  async search(filters: Filters) {
    await this.page.getByLabel("Customer", { exact: true }).fill(filters.customer ?? "");
    await this.page.getByLabel("Case id", { exact: true }).fill(filters.caseId ?? "");
    await this.page.getByLabel("Status", { exact: true }).selectOption({ label: filters.status ?? "Any status" });
    await this.page.getByLabel("From", { exact: true }).fill(filters.from ?? "");
    await this.page.getByLabel("To", { exact: true }).fill(filters.to ?? "");
    await this.page.getByLabel("Had a refund").setChecked(filters.hadRefund ?? false);
    await this.page.getByLabel("Had a failed or degraded check").setChecked(filters.hadDegraded ?? false);
    await this.page.getByRole("button", { name: "Search", exact: true }).click();
  }

  get results() {
    return this.page.getByRole("table", { name: "Conversations found" });
  }

  row(threadId: string) {
    return this.results.locator(`tr[data-thread-id="${threadId}"]`);
  }

  get resultRows() {
    return this.results.locator("tbody tr");
  }

  get pageRange() {
    return this.page.getByRole("navigation", { name: "Result pages" }).locator("p");
  }

  get noResults() {
    return this.page.getByText("No conversation matches these filters.");
  }

  async open(threadId: string) {
    await this.row(threadId).getByRole("link").click();
    await expect(this.page).toHaveURL(new RegExp(`/incidents/${threadId}$`));
    await this.viewer.expectLoaded();
  }

  get checkpoints() {
    return this.viewer.timeline;
  }

  /** Body rows of the checkpoints only; each row's first cell is its step. */
  get checkpointRows() {
    return this.viewer.rows("checkpoint");
  }

  async viewState(step: number) {
    await this.viewer.view(step);
  }

  stateAt(step: number) {
    return this.viewer.stateAt(step);
  }
}
