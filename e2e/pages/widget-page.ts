import { expect, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Language } from "@/i18n/languages";
import type { Messages } from "@/i18n/words";

/** The widget's words in a language, from the catalog the app formats them with. */
function widgetWords(language: Language): Messages["widget"] {
  const catalog = JSON.parse(readFileSync(path.join(process.cwd(), "i18n", "messages", `${language}.json`), "utf8")) as Messages;
  return catalog.widget;
}

/** Where the widget sends each message: a run of the app's LangGraph API, streamed. */
export const WIDGET_TURNS = "**/api/langgraph/threads/*/runs/stream";

/** Whether a response is the answer to one of the widget's messages. */
export const isWidgetTurn = (res: { url(): string; request(): { method(): string } }) =>
  res.url().endsWith("/runs/stream") && res.request().method() === "POST";

export class WidgetPage {
  /** The chat's words in the customer's bank's language. */
  private readonly words: Messages["widget"];

  constructor(
    readonly page: Page,
    language: Language = "en",
  ) {
    this.words = widgetWords(language);
  }

  async goto() {
    await this.page.goto("/widget");
    await expect(this.input).toBeEnabled();
  }

  /** Opens the widget on a conversation started through the API, as if the customer came back to it. */
  async gotoThread(username: string, threadId: string) {
    await this.page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [`northwind-support:thread:${username}`, threadId] as const);
    await this.goto();
  }

  get input() {
    return this.page.getByLabel(this.words.composer.label, { exact: true });
  }

  get transcript() {
    return this.page.getByRole("log", { name: this.words.transcript.label });
  }

  get agentMessages() {
    return this.transcript.locator('[data-role="agent"]');
  }

  get customerMessages() {
    return this.transcript.locator('[data-role="customer"]');
  }

  get caseStatus() {
    return this.page.getByRole("status", { name: this.words.case.label });
  }

  get error() {
    return this.page.getByRole("main").getByRole("alert");
  }

  /** The composer's button: "Send", or "Sending…" while a message is on its way. */
  get sendButton() {
    return this.page.getByRole("button", { name: this.words.composer.send, exact: true });
  }

  /**
   * Types a message and presses Enter once the composer can send it, as a customer would: the
   * previous answer's words may show before its turn has ended, and Enter sends nothing while
   * the button still says "Sending…".
   */
  async send(text: string) {
    await this.input.fill(text);
    await expect(this.sendButton).toBeEnabled();
    await this.input.press("Enter");
  }

  async startNewConversation() {
    await this.page.getByRole("button", { name: this.words.newConversation }).click();
    await expect(this.input).toBeEnabled();
    await expect(this.agentMessages).toHaveCount(0);
  }
}
