import { expect, request as playwrightRequest, type APIRequestContext, type APIResponse } from "@playwright/test";
import { contract, type Contract } from "../test/contract";

/** The session cookie's name; `__Host-` cookies are Secure, which Playwright still sends to http://localhost. */
export const SESSION_COOKIE = "__Host-bank_session";

type ContextOptions = NonNullable<Parameters<typeof playwrightRequest.newContext>[0]>;

let documented: Promise<Contract> | undefined;

/** The OpenAPI document the app under test serves, fetched once per test process. */
function documentedApi(ctx: APIRequestContext): Promise<Contract> {
  documented ??= ctx.get("/api/openapi.json").then(async (res) => {
    expect(res.status(), "GET /api/openapi.json").toBe(200);
    return contract(await res.json());
  });
  return documented;
}

const SENDERS = new Set(["get", "post", "put", "patch", "delete", "fetch"]);

/**
 * The same request context, except that every answer from the API is checked against the
 * OpenAPI document: its path, method and status must be documented and a JSON body must
 * match the schema documented for them, or the test fails there.
 */
export function checkedAgainstContract(ctx: APIRequestContext): APIRequestContext {
  return new Proxy(ctx, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== "function") return value;
      if (typeof prop !== "string" || !SENDERS.has(prop)) return value.bind(target);
      return async (url: string | { method(): string }, options?: { method?: string }) => {
        const res = (await value.call(target, url, options)) as APIResponse;
        const method = prop !== "fetch" ? prop.toUpperCase() : (options?.method ?? (typeof url === "string" ? "GET" : url.method())).toUpperCase();
        if (new URL(res.url()).pathname.startsWith("/api/")) {
          const api = await documentedApi(target);
          const problems = await api.problems({ method, url: res.url(), status: res.status(), contentType: res.headers()["content-type"] ?? null, body: () => res.text() });
          expect(problems, "the answer is as the OpenAPI document says").toEqual([]);
        }
        return res;
      };
    },
  });
}

/** A new API client whose answers are checked against the OpenAPI document. */
export async function apiContext(options: ContextOptions): Promise<APIRequestContext> {
  return checkedAgainstContract(await playwrightRequest.newContext(options));
}

/** An API client signed in as a demo user through the login route. */
export async function signIn(baseURL: string, username: string): Promise<APIRequestContext> {
  const ctx = await apiContext({ baseURL });
  expect((await ctx.post("/api/auth/login", { data: { username, password: `${username}-pass` } })).status()).toBe(200);
  return ctx;
}

/** The response is the error `code` with `status`, and carries a message for people. */
export async function expectError(res: APIResponse, status: number, code: string) {
  expect(res.status(), await res.text()).toBe(status);
  expect(await res.json()).toMatchObject({ code, message: expect.any(String) });
}
