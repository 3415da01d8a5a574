import { expect, type Locator, type Page } from "@playwright/test";

export class ConsolePage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto("/console");
    await expect(this.page.getByRole("heading", { name: /Refund approvals/ })).toBeVisible();
  }

  /** The card of the approval for this merchant in the visible list. */
  approval(merchant: string): Locator {
    return this.page.getByRole("listitem").filter({ has: this.page.getByRole("heading", { name: merchant }) });
  }

  get notice() {
    return this.page.getByRole("status").filter({ hasText: /Approved the|Rejected the|nothing was changed/ });
  }

  async showAll() {
    await this.page.getByRole("button", { name: "All, including decided" }).click();
  }

  async approve(card: Locator, reason: string) {
    await card.getByLabel("Reason").fill(reason);
    await card.getByRole("button", { name: "Approve refund" }).click();
  }

  async reject(card: Locator, reason: string) {
    await card.getByLabel("Reason").fill(reason);
    await card.getByRole("button", { name: "Reject" }).click();
  }
}
