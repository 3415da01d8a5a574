import { expect, type Page } from "@playwright/test";

/** One handed-over conversation at /console/handovers/{handoverId}. */
export class HandoverPage {
  constructor(readonly page: Page) {}

  async goto(handoverId: string) {
    await this.page.goto(`/console/handovers/${handoverId}`);
    await expect(this.heading).toBeVisible();
  }

  get heading() {
    return this.page.getByRole("heading", { level: 1, name: /Conversation handed over/ });
  }

  get summary() {
    return this.page.getByRole("region", { name: "The agent's summary" });
  }

  get conversation() {
    return this.page.getByRole("list", { name: "Conversation with the customer" });
  }

  /** The answer box, or the outcome once answered or closed. */
  get panel() {
    return this.page.getByRole("region", { name: /^(Answer the customer|Outcome)$/ });
  }

  get notice() {
    return this.panel.getByRole("status");
  }

  get auditTrail() {
    return this.page.getByRole("list", { name: "Audit trail" });
  }

  async answer(text: string) {
    await this.page.getByLabel("Answer for the customer").fill(text);
    await this.page.getByRole("button", { name: "Send answer" }).click();
  }
}
