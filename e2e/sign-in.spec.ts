import { apiContext, expectError, SESSION_COOKIE } from "./api-client";
import { expect, test } from "./fixtures";
import { demoPassword, LoginPage } from "./pages/login-page";

const PAGES = [
  "/",
  "/login",
  "/widget",
  "/console",
  "/console/approvals/no-such-approval",
  "/incidents",
  "/incidents/no-such-thread",
  "/incidents/no-such-thread/report",
];
const BAD_COOKIES = [`${SESSION_COOKIE}=%E0%A4%A`, "bank_session=%E0%A4%A", `${SESSION_COOKIE}=${"A".repeat(43)}`, `${SESSION_COOKIE}=${"%".repeat(4000)}`];

test("signing in sets a __Host- session cookie: HttpOnly, Secure, SameSite=Lax, Path=/, no Domain, sent back over http://localhost", async ({ baseURL }) => {
  const api = await apiContext({ baseURL });
  const res = await api.post("/api/auth/login", { data: { username: "olga", password: demoPassword("olga") } });
  expect(res.status()).toBe(200);
  const setCookie = res.headers()["set-cookie"]!;
  expect(setCookie).toMatch(/^__Host-bank_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=\d+; HttpOnly; Secure; SameSite=Lax$/);
  expect(setCookie).not.toMatch(/domain=/i);
  expect((await api.get("/api/auth/me")).status()).toBe(200);

  expect((await api.post("/api/auth/logout", { data: {} })).status()).toBe(200);
  await expectError(await api.get("/api/auth/me"), 401, "unauthorized:session");
  await api.dispose();
});

test("the browser keeps the session cookie as __Host-, Secure and HttpOnly after the sign-in form", async ({ page, context }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn("ivan");
  await expect(page).toHaveURL(/\/incidents$/);
  const cookies = await context.cookies();
  expect(cookies.filter((c) => c.name.includes("bank_session"))).toEqual([
    expect.objectContaining({ name: SESSION_COOKIE, path: "/", secure: true, httpOnly: true, sameSite: "Lax" }),
  ]);
});

test("a malformed, forged or stale session cookie reads as signed out on every page and is 401 on the API, never 500", async ({ baseURL }) => {
  for (const cookie of BAD_COOKIES) {
    const api = await apiContext({ baseURL, extraHTTPHeaders: { cookie } });
    for (const path of PAGES) {
      const res = await api.get(path, { maxRedirects: 0 });
      expect(res.status(), `${path} with ${cookie.slice(0, 30)}`).toBeLessThan(400);
      if (res.status() >= 300) expect(res.headers().location, path).toMatch(/^\/login(\?|$)/);
    }
    // The browser tests run in demo mode, which also reads the plain-http `bank_session` cookie.
    const code = "unauthorized:session_invalid";
    await expectError(await api.get("/api/auth/me"), 401, code);
    await expectError(await api.get("/api/approvals"), 401, code);
    await expectError(await api.get("/api/threads"), 401, code);
    await api.dispose();
  }
});

test("after sign-in, /login?next=/%09/evil.example lands on a same-origin page", async ({ page, baseURL }) => {
  await page.goto("/login?next=/%09/evil.example");
  const login = new LoginPage(page);
  await login.signIn("olga");
  await expect(page).toHaveURL(/\/console$/);
  expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);

  // Signed in already, the page redirects at once: to the role's surface, not the hostile path.
  for (const next of ["/%09/evil.example", "//evil.example", "/%5Cevil.example", "https://evil.example"]) {
    const res = await page.request.get(`/login?next=${encodeURIComponent(decodeURIComponent(next))}`, { maxRedirects: 0 });
    expect(res.status(), next).toBeGreaterThanOrEqual(300);
    expect(res.headers().location, next).toBe("/console");
  }
});

test("a flood of wrong passwords for bob from four addresses holds those addresses back, with Retry-After, while bob signs in from his own; the form says when to try again", async ({
  baseURL,
  page,
}) => {
  // Addresses of this run alone: the server counts the X-Forwarded-For a client sends when no proxy is trusted.
  const block = `10.66.${Math.floor(Math.random() * 250)}`;
  const attackers = await Promise.all([1, 2, 3, 4].map((n) => apiContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": `${block}.${n}` } })));
  for (const [n, attacker] of attackers.entries()) {
    for (let i = 0; i < 5; i++) expect((await attacker.post("/api/auth/login", { data: { username: "bob", password: `guess-${n}-${i}` } })).status()).toBe(401);
  }
  // Twenty failures on bob: an address that used its five tries waits 2^15 s, capped at 15 minutes.
  const refused = await attackers[0]!.post("/api/auth/login", { data: { username: "bob", password: demoPassword("bob") } });
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(800);
  expect(await refused.json()).toMatchObject({ code: "too_many_requests:login" });
  const owner = await apiContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": `${block}.200` } });
  expect((await owner.post("/api/auth/login", { data: { username: "bob", password: demoPassword("bob") } })).status()).toBe(200);
  for (const api of [...attackers, owner]) await api.dispose();

  await page.setExtraHTTPHeaders({ "x-forwarded-for": `${block}.1` });
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn("bob", "one-more-guess");
  await expect(login.error).toContainText(/Too many failed sign-ins\. Try again in 1[45] minutes\./);
});
