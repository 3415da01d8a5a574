import { expect, type Page } from "@playwright/test";

export class IncidentsPage {
  constructor(readonly page: Page) {}

  async goto(threadId?: string) {
    await this.page.goto(threadId ? `/incidents?thread=${encodeURIComponent(threadId)}` : "/incidents");
    await expect(this.page.getByRole("heading", { name: "Incident viewer" })).toBeVisible();
  }

  get checkpoints() {
    return this.page.getByRole("table", { name: "Checkpoints" });
  }

  /** Body rows only: one per checkpoint. */
  get checkpointRows() {
    return this.checkpoints.locator("tbody tr");
  }

  async viewState(step: number) {
    await this.page.getByRole("button", { name: `View state at step ${step}` }).click();
  }

  stateAt(step: number) {
    return this.page.getByLabel(`State at step ${step}`, { exact: true });
  }
}
