import { test as base, type BrowserContext } from "@playwright/test";
import { signIn } from "./pages/login-page";

type Fixtures = {
  /** A fresh browser context signed in as this demo user, closed after the test. */
  signedInAs: (username: string) => Promise<BrowserContext>;
};

export const test = base.extend<Fixtures>({
  signedInAs: async ({ browser, baseURL }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (username) => {
      const context = await browser.newContext({ baseURL });
      contexts.push(context);
      await signIn(context, username);
      return context;
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

export { expect } from "@playwright/test";
