import { expect, type Frame, type Page } from "@playwright/test";

/** The app's origin, as the bank page's script tag names it. */
export const APP = `http://localhost:${Number(process.env.E2E_PORT ?? 3100)}`;
const FRAME = 'iframe[title="Support chat"]';

/** The bank page with the chat's launcher and panel, as the customer sees them. */
export class EmbeddedChat {
  constructor(readonly page: Page) {}

  launcher(name: string | RegExp = /^Chat with us/) {
    return this.page.getByRole("button", { name });
  }

  get badge() {
    return this.page.locator("[data-northwind-chat] .badge");
  }

  get iframe() {
    return this.page.locator(FRAME);
  }

  get chat() {
    return this.page.frameLocator(FRAME);
  }

  get input() {
    return this.chat.getByLabel("Message", { exact: true });
  }

  get agentMessages() {
    return this.chat.getByRole("log", { name: "Conversation" }).locator('[data-role="agent"]');
  }

  /** The embedded widget's own window (to speak as it), once it has loaded. */
  widgetFrame(): Frame {
    const frame = this.page.frames().find((f) => f.url().startsWith(`${APP}/widget?host=`));
    expect(frame, "the embedded widget's frame").toBeDefined();
    return frame!;
  }

  async panelHeight(): Promise<number> {
    return Math.round((await this.iframe.boundingBox())?.height ?? 0);
  }

  async open() {
    await this.launcher().click();
    await expect(this.launcher()).toHaveAttribute("aria-expanded", "true");
    await expect(this.iframe).toBeVisible();
  }
}
