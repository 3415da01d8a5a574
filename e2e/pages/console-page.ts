import { expect, type Locator, type Page } from "@playwright/test";

/** The approval queue at /console. */
export class ConsolePage {
  constructor(readonly page: Page) {}

  async goto(search = "") {
    await this.page.goto(`/console${search}`);
    await expect(this.page.getByRole("heading", { name: /Refund approvals/ })).toBeVisible();
  }

  get table() {
    return this.page.getByRole("table");
  }

  /** The queue row of one approval. */
  row(approvalId: string): Locator {
    return this.page.locator(`tr[data-approval-id="${approvalId}"]`);
  }

  /** The item of one conversation the agent handed to a person. */
  handover(handoverId: string): Locator {
    return this.page.locator(`li[data-handover-id="${handoverId}"]`);
  }

  get handovers() {
    return this.page.getByRole("list", { name: /Conversations handed over/ });
  }

  get pageRange() {
    return this.page.getByRole("navigation", { name: "Queue pages" }).locator("p");
  }

  async filter(label: "Status" | "Antifraud risk" | "Claim" | "Sort", option: string) {
    await this.page.getByLabel(label, { exact: true }).selectOption({ label: option });
  }

  async amountRange(from: string, to: string) {
    await this.page.getByLabel("From (EUR)").fill(from);
    await this.page.getByLabel("To (EUR)").fill(to);
    await this.page.getByRole("button", { name: "Apply amounts" }).click();
  }

  async openCase(approvalId: string) {
    await this.row(approvalId).getByRole("link").click();
    await expect(this.page).toHaveURL(new RegExp(`/console/approvals/${approvalId}$`));
  }
}
