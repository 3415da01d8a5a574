import { expect, request as playwrightRequest, type APIRequestContext, type APIResponse } from "@playwright/test";

/** The session cookie's name; `__Host-` cookies are Secure, which Playwright still sends to http://localhost. */
export const SESSION_COOKIE = "__Host-bank_session";

/** An API client signed in as a demo user through the login route. */
export async function signIn(baseURL: string, username: string): Promise<APIRequestContext> {
  const ctx = await playwrightRequest.newContext({ baseURL });
  expect((await ctx.post("/api/auth/login", { data: { username, password: `${username}-pass` } })).status()).toBe(200);
  return ctx;
}

/** The response is the error `code` with `status`, and carries a message for people. */
export async function expectError(res: APIResponse, status: number, code: string) {
  expect(res.status(), await res.text()).toBe(status);
  expect(await res.json()).toMatchObject({ code, message: expect.any(String) });
}
