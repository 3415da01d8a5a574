import { expect, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";

export const demoPassword = (username: string) => `${username}-pass`;

/** Signs in through the API; later calls on the same request context carry the session cookie. */
export async function apiSignIn(request: APIRequestContext, username: string): Promise<void> {
  const res = await request.post("/api/auth/login", { data: { username, password: demoPassword(username) } });
  expect(res.status(), `sign-in as ${username}: ${await res.text()}`).toBe(200);
}

/** Signs a browser context in: its pages and its `request` share the cookie jar. */
export function signIn(context: BrowserContext, username: string): Promise<void> {
  return apiSignIn(context.request, username);
}

export class LoginPage {
  constructor(readonly page: Page) {}

  async goto(next?: string) {
    await this.page.goto(next ? `/login?next=${encodeURIComponent(next)}` : "/login");
  }

  get username() {
    return this.page.getByLabel("Username");
  }

  get password() {
    return this.page.getByLabel("Password");
  }

  /** The demo accounts beside the form (demo mode only). */
  get demoAccounts() {
    return this.page.getByRole("region", { name: "Demo users" });
  }

  get error() {
    return this.page.getByRole("region", { name: "Sign in" }).getByRole("alert");
  }

  async signIn(username: string, password = demoPassword(username)) {
    await this.username.fill(username);
    await this.password.fill(password);
    await this.page.getByRole("button", { name: "Sign in" }).click();
  }
}
