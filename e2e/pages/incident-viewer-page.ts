import { expect, type Locator, type Page } from "@playwright/test";

/** The incident viewer at /incidents/{threadId}. */
export class IncidentViewerPage {
  constructor(readonly page: Page) {}

  async goto(threadId: string) {
    await this.page.goto(`/incidents/${encodeURIComponent(threadId)}`);
    await this.expectLoaded();
  }

  async expectLoaded() {
    await expect(this.page.getByRole("heading", { level: 1, name: "Incident viewer" })).toBeVisible();
    await expect(this.timeline).toBeVisible();
  }

  get timeline() {
    return this.page.getByRole("table", { name: "Timeline" });
  }

  rows(kind: "checkpoint" | "node_event" | "ledger_call" | "operator_action" | "message"): Locator {
    return this.timeline.locator(`tbody tr[data-kind="${kind}"]`);
  }

  get customerName() {
    return this.page.getByTestId("customer-name");
  }

  /** The panel of the selected checkpoint. */
  get checkpoint() {
    return this.page.getByRole("region", { name: /^Checkpoint at step/ });
  }

  get selectedRow() {
    return this.timeline.locator('tbody tr[aria-current="true"]');
  }

  /** The values that answered the gate's interrupt, shown on the checkpoint that raised it. */
  get resumeValues() {
    return this.checkpoint.getByRole("list", { name: "Resume values" });
  }

  tasks(step: number) {
    return this.checkpoint.getByRole("list", { name: `Tasks that ran from step ${step}` });
  }

  async view(step: number) {
    await this.timeline.getByRole("button", { name: `View checkpoint at step ${step}` }).click();
  }

  stateAt(step: number) {
    return this.page.getByLabel(`State at step ${step}`, { exact: true });
  }

  changesAt(step: number) {
    return this.page.getByRole("region", { name: `Changes at step ${step}` });
  }

  /** Steps forward with the keyboard, as a screen-reader or keyboard user would. */
  async nextCheckpoint() {
    await this.page.getByRole("button", { name: "Next checkpoint" }).press("Enter");
  }

  async previousCheckpoint() {
    await this.page.getByRole("button", { name: "Previous checkpoint" }).press("Enter");
  }

  /** The step shown in the checkpoint panel's heading. */
  async selectedStep(): Promise<number> {
    const heading = await this.checkpoint.getByRole("heading", { level: 2 }).innerText();
    return Number(/step\s+(-?\d+)/.exec(heading)?.[1]);
  }

  tab(name: "State" | "Diff") {
    return this.checkpoint.getByRole("tab", { name });
  }

  async reveal() {
    await this.page.getByRole("button", { name: "Reveal names and card numbers" }).click();
  }

  get whatIf() {
    return this.page.getByRole("form", { name: "What if" });
  }

  /** Picks the checkpoint to replay from by the words of its option, e.g. "next triage"; returns its id. */
  async replayFrom(optionText: string): Promise<string> {
    const select = this.page.getByLabel("Replay from checkpoint");
    const value = await select.locator("option", { hasText: optionText }).first().getAttribute("value");
    expect(value, `a checkpoint option with "${optionText}"`).toMatch(/\S/);
    await select.selectOption(value!);
    return value!;
  }

  async runWhatIf({ limitEur, risks, earlierRefunds = 0 }: { limitEur: string; risks: ("Low" | "Medium" | "High")[]; earlierRefunds?: number }) {
    await this.page.getByLabel("Auto-approve limit (EUR)").fill(limitEur);
    await this.page.getByLabel("Earlier refunds allowed (30 days)").fill(String(earlierRefunds));
    for (const risk of ["Low", "Medium", "High"] as const) {
      await this.whatIf.getByLabel(risk, { exact: true }).setChecked(risks.includes(risk));
    }
    await this.page.getByRole("button", { name: "Run in sandbox" }).click();
  }

  get replayResult() {
    return this.page.getByTestId("replay-result");
  }

  path(which: "Original" | "Sandbox") {
    return this.replayResult.getByRole("region", { name: which, exact: true });
  }

  get dryRunLedgerCalls() {
    return this.replayResult.getByRole("list", { name: "Dry-run ledger calls" }).getByRole("listitem");
  }

  get ledgerEntries() {
    return this.page.getByRole("region", { name: "Ledger entries" }).locator("tbody tr");
  }

  /** POSTs the export (audited) and saves the JSON file. */
  get downloadButton() {
    return this.page.getByRole("button", { name: "Download JSON report" });
  }

  /** The printable report, always masked. */
  get printableLink() {
    return this.page.getByRole("link", { name: "Printable report (masked)" });
  }
}
