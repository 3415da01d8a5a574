import { randomBytes, scryptSync } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { SESSION_COOKIE } from "@/app/_lib/session-cookie";
import { createSession } from "@/app/_lib/session";
import * as password from "@/db/password";
import * as throttleQueries from "@/db/queries/login-throttle";
import { auditEvents, loginFailures, sessions, users } from "@/db/schema";
import { testDatabase } from "@/simulator/test-support";
import { POST as login } from "./route";

vi.mock("@/db/password", async (original) => {
  const actual = await original<typeof import("@/db/password")>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});

vi.mock("@/db/queries/login-throttle", async (original) => {
  const actual = await original<typeof import("@/db/queries/login-throttle")>();
  return { ...actual, recordAttempt: vi.fn(actual.recordAttempt) };
});

process.env.LOGIN_MAX_FAILURES_PER_ADDRESS = "8";

const h = testDatabase();
beforeEach(async () => {
  await h.freshStart();
  vi.mocked(password.verifyPassword).mockClear();
});
afterAll(() => h.pool.end());

function signIn(username: string, pass: string, headers: Record<string, string> = {}) {
  const body = JSON.stringify({ username, password: pass });
  const req = new Request("http://localhost/api/auth/login", { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
  return login(req, { params: Promise.resolve({}) });
}

const count = async (table: typeof sessions | typeof loginFailures) => Number((await h.db.select({ n: sql<number>`count(*)` }).from(table))[0]!.n);

describe("signing in", () => {
  it("checks an unknown user name against the dummy hash, so it costs the same hash work as a known one", async () => {
    expect((await signIn("nobody-here", "guess")).status).toBe(401);
    expect((await signIn("alice", "guess")).status).toBe(401);
    const checked = vi.mocked(password.verifyPassword).mock.calls.map(([, stored]) => stored);
    expect(checked[0]).toBe(password.DUMMY_HASH);
    expect(checked[1]).toMatch(/^\$scrypt\$/);
  });

  it("refuses the sixth sign-in to an account after five failures with 429 and Retry-After, even with the right password, and audits it", async () => {
    for (let i = 0; i < 5; i++) expect((await signIn("sam", `wrong-${i}`)).status).toBe(401);
    const before = await count(sessions);
    const refused = await signIn("sam", "sam-pass");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "too_many_requests:login", message: expect.any(String) });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(refused.headers.get("set-cookie")).toBeNull();
    expect(await count(sessions)).toBe(before);
    expect(vi.mocked(password.verifyPassword)).toHaveBeenCalledTimes(5);
    const audit = await h.db.select().from(auditEvents).where(eq(auditEvents.action, "login.throttled"));
    expect(audit).toMatchObject([{ subjectType: "account", subjectId: "sam", tenantId: "demo-bank", data: { bucket: "account", failures: 5 } }]);
    expect((await signIn("olga", "olga-pass")).status).toBe(200);
  });

  it("lets at most five of a concurrent flood of guesses reach the password check, even while the first is still being recorded", async () => {
    const { recordAttempt } = await vi.importActual<typeof import("@/db/queries/login-throttle")>("@/db/queries/login-throttle");
    // The first guess's row stays uncommitted for a while: the others must wait for it, not count without it.
    vi.mocked(throttleQueries.recordAttempt).mockImplementationOnce(async (db, input) => {
      const attempt = await recordAttempt(db, input);
      await new Promise((resolve) => setTimeout(resolve, 300));
      return attempt;
    });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn("oscar", `flood-${i}`)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(vi.mocked(password.verifyPassword).mock.calls.length).toBeLessThanOrEqual(5);
    expect(await h.db.select().from(loginFailures).where(eq(loginFailures.username, "oscar"))).toHaveLength(statuses.filter((s) => s === 401).length);
  });

  it("counts failures recorded by any instance: the limit lives in Postgres", async () => {
    const at = new Date();
    await h.db.insert(loginFailures).values(Array.from({ length: 5 }, () => ({ username: "ivan", clientAddress: "198.51.100.1", failedAt: at })));
    expect((await signIn("ivan", "ivan-pass")).status).toBe(429);
  });

  it("forgets failures older than the window", async () => {
    const old = new Date(Date.now() - 16 * 60 * 1000);
    await h.db.insert(loginFailures).values(Array.from({ length: 5 }, () => ({ username: "ivan", clientAddress: "198.51.100.1", failedAt: old })));
    expect((await signIn("ivan", "ivan-pass")).status).toBe(200);
  });

  it("counts user names case-blind, so `SAM` and `sam` share a limit", async () => {
    for (let i = 0; i < 5; i++) await signIn(i % 2 ? "SAM" : "Sam", `wrong-${i}`);
    expect((await signIn("sam", "sam-pass")).status).toBe(429);
  });

  it("refuses an address after its limit of failures across many accounts, and not other addresses", async () => {
    const attacker = { "x-forwarded-for": "203.0.113.66" };
    for (let i = 0; i < 8; i++) expect((await signIn(`user-${i}`, "Winter2026!", attacker)).status).toBe(401);
    expect((await signIn("bob", "bob-pass", attacker)).status).toBe(429);
    expect((await signIn("bob", "bob-pass", { "x-forwarded-for": "203.0.113.67" })).status).toBe(200);
  });

  it("forgives an account's failures after the right password, but not the failures on other accounts from its address", async () => {
    for (let i = 0; i < 3; i++) await signIn(`someone-${i}`, "guess");
    for (let i = 0; i < 4; i++) await signIn("olga", `wrong-${i}`);
    expect((await signIn("olga", "olga-pass")).status).toBe(200);
    expect(await h.db.select().from(loginFailures).where(eq(loginFailures.username, "olga"))).toHaveLength(0);
    expect(await count(loginFailures)).toBe(3);
  });

  it("upgrades a legacy salt:hash password to the current parameters on the next successful sign-in", async () => {
    const salt = randomBytes(16);
    const legacy = `${salt.toString("hex")}:${scryptSync("bob-pass", salt, 32).toString("hex")}`;
    await h.db.update(users).set({ passwordHash: legacy }).where(eq(users.username, "bob"));
    expect((await signIn("bob", "bob-pass")).status).toBe(200);
    const [bob] = await h.db.select({ hash: users.passwordHash }).from(users).where(eq(users.username, "bob"));
    expect(bob!.hash).toMatch(/^\$scrypt\$ln=14,r=8,p=5\$/);
    expect((await signIn("bob", "bob-pass")).status).toBe(200);
    expect((await signIn("bob", "wrong")).status).toBe(401);
  });

  it("sets a __Host- cookie and starts a new session, ending the one presented (no fixation)", async () => {
    const planted = await createSession(h.db, "user-alice");
    const res = await signIn("alice", "alice-pass", { cookie: `${SESSION_COOKIE}=${planted.token}` });
    expect(res.status).toBe(200);
    const setCookie = res.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^__Host-bank_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=43200; HttpOnly; Secure; SameSite=Lax$/);
    expect(setCookie).not.toContain(planted.token);
    const rows = await h.db.select().from(sessions).where(eq(sessions.userId, "user-alice"));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.role).toBe("customer");
  });

  it("refuses control characters in the user name with 400, before any attempt is counted", async () => {
    const res = await signIn("alice\r\nSet-Cookie: x=1", "alice-pass");
    expect(res.status).toBe(400);
    expect(await h.db.select().from(loginFailures)).toHaveLength(0);
  });
});
