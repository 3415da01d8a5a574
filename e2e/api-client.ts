import { expect, request as playwrightRequest, type APIRequestContext, type APIResponse, type Page } from "@playwright/test";
import { contract, type Contract } from "../test/contract";

/** The session cookie's name; `__Host-` cookies are Secure, which Playwright still sends to http://localhost. */
export const SESSION_COOKIE = "__Host-bank_session";

type ContextOptions = NonNullable<Parameters<typeof playwrightRequest.newContext>[0]>;

let documented: Promise<Contract> | undefined;

/** The OpenAPI document the app under test serves, fetched once per test process by whichever client asks first. */
function documentedApi(load: () => Promise<{ status: number; json(): Promise<object> }>): Promise<Contract> {
  documented ??= load().then(async (res) => {
    expect(res.status, "GET /api/openapi.json").toBe(200);
    return contract(await res.json());
  });
  return documented;
}

const fromPlaywright = (ctx: APIRequestContext) => () => ctx.get("/api/openapi.json").then((res) => ({ status: res.status(), json: () => res.json() }));

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
          const api = await documentedApi(fromPlaywright(target));
          const problems = await api.problems({
            method,
            url: res.url(),
            status: res.status(),
            contentType: res.headers()["content-type"] ?? null,
            body: () => res.text(),
          });
          expect(problems, "the answer is as the OpenAPI document says").toEqual([]);
        }
        return res;
      };
    },
  });
}

/**
 * A fetch (for clients such as the LangGraph SDK) whose answers from the API are checked
 * against the OpenAPI document as `checkedAgainstContract` checks them: path, method,
 * status and media type, and a JSON body against its schema (an event stream is not read).
 * A client may retry or wrap the error it throws, so what was wrong is also kept in
 * `problems` for the test to assert on.
 */
export function checkedFetch(baseURL: string, inner: typeof fetch = globalThis.fetch) {
  const problems: string[] = [];
  const checked = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const res = await inner(input, init);
    const url = res.url || (input instanceof Request ? input.url : String(input));
    if (new URL(url).pathname.startsWith("/api/")) {
      const api = await documentedApi(() => inner(new URL("/api/openapi.json", baseURL)));
      const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
      const found = await api.problems({ method, url, status: res.status, contentType: res.headers.get("content-type"), body: () => res.clone().text() });
      problems.push(...found);
      expect(found, "the answer is as the OpenAPI document says").toEqual([]);
    }
    return res;
  };
  return { fetch: checked as typeof fetch, problems };
}

/**
 * Checks every answer a page receives from the API against the OpenAPI document, as
 * `checkedAgainstContract` does for a request context; `problems()` waits for the checks
 * still running and answers what was wrong.
 */
export function checkedPageAnswers(page: Page) {
  const checks: Promise<string[]>[] = [];
  page.on("response", (res) => {
    if (!new URL(res.url()).pathname.startsWith("/api/")) return;
    const request = page.context().request;
    checks.push(
      documentedApi(fromPlaywright(request)).then((api) =>
        api.problems({
          method: res.request().method(),
          url: res.url(),
          status: res.status(),
          contentType: res.headers()["content-type"] ?? null,
          body: () => res.text(),
        }),
      ),
    );
  });
  return { problems: async () => (await Promise.all(checks)).flat() };
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
