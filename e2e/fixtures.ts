import { test as base, type BrowserContext } from "@playwright/test";
import { checkedAgainstContract } from "./api-client";
import { signIn } from "./pages/login-page";

/** The context, its `request` checking every API answer against the OpenAPI document. */
function checked(context: BrowserContext): BrowserContext {
  return Object.defineProperty(context, "request", { value: checkedAgainstContract(context.request) });
}

type Fixtures = {
  /** A fresh browser context signed in as this demo user, closed after the test. */
  signedInAs: (username: string) => Promise<BrowserContext>;
};

export const test = base.extend<Fixtures>({
  request: async ({ request }, use) => use(checkedAgainstContract(request)),
  context: async ({ context }, use) => use(checked(context)),
  signedInAs: async ({ browser, baseURL }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (username) => {
      const context = checked(await browser.newContext({ baseURL }));
      contexts.push(context);
      await signIn(context, username);
      return context;
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

export { expect } from "@playwright/test";
