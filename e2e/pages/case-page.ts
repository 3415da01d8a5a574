import { expect, type Page } from "@playwright/test";

const ACTION_BUTTONS = /^(Claim|Renew claim|Release|Take over|Approve refund|Approve lower amount|Reject|Ask the customer)$/;

/** One approval at /console/approvals/{approvalId}. */
export class CasePage {
  constructor(readonly page: Page) {}

  async goto(approvalId: string) {
    await this.page.goto(`/console/approvals/${approvalId}`);
    await expect(this.heading).toBeVisible();
  }

  get heading() {
    return this.page.getByRole("heading", { level: 1, name: /Refund of/ });
  }

  /** The Decision panel, or Outcome once the case is final. */
  get panel() {
    return this.page.getByRole("region", { name: /^(Decision|Outcome)$/ });
  }

  /** A refusal from the server (409 or 403), in its own words. */
  get refusal() {
    return this.panel.getByRole("alert");
  }

  get notice() {
    return this.panel.getByRole("status");
  }

  get outcome() {
    return this.page.getByTestId("case-outcome");
  }

  get claimState() {
    return this.page.getByTestId("claim-state");
  }

  get actionButtons() {
    return this.page.getByRole("button", { name: ACTION_BUTTONS });
  }

  get auditTrail() {
    return this.page.getByRole("list", { name: "Audit trail" });
  }

  get questions() {
    return this.page.getByRole("list", { name: "Questions and answers" });
  }

  /** The customer's cards, as the cards system reports them. */
  get cards() {
    return this.page.getByRole("list", { name: "Customer's cards" });
  }

  get conversation() {
    return this.page.getByRole("list", { name: "Conversation with the customer" });
  }

  button(name: string) {
    return this.page.getByRole("button", { name, exact: true });
  }

  async approve(reason = "") {
    if (reason) await this.page.getByLabel("Reason", { exact: true }).fill(reason);
    await this.button("Approve refund").click();
  }

  async approveLower(amountEur: string, reason = "") {
    if (reason) await this.page.getByLabel("Reason", { exact: true }).fill(reason);
    await this.page.getByLabel("Lower amount (EUR)").fill(amountEur);
    await this.button("Approve lower amount").click();
  }

  async reject(reason: string) {
    await this.page.getByLabel("Reason", { exact: true }).fill(reason);
    await this.button("Reject").click();
  }

  async ask(question: string) {
    await this.page.getByLabel("Question for the customer").fill(question);
    await this.button("Ask the customer").click();
  }

  /** Final: the outcome shows and not one action is offered. */
  async expectFinal(status: RegExp | string) {
    await expect(this.outcome).toContainText("This case is final");
    await expect(this.outcome).toContainText(status);
    await expect(this.actionButtons).toHaveCount(0);
  }
}
