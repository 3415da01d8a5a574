import { randomBytes, scryptSync } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
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
// One proxy in front, as in docker-compose.yml: it appends the address it saw to X-Forwarded-For.
process.env.TRUSTED_PROXY_HOPS = "1";

const h = testDatabase();
beforeEach(async () => {
  await h.freshStart();
  vi.mocked(password.verifyPassword).mockClear();
  // The clock stands still unless a test moves it, so a delay of seconds is not run down by slow hashing.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date());
});
afterEach(() => vi.useRealTimers());
afterAll(() => h.pool.end());

/** Moves the app's clock forward. */
const wait = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);
/** Behind the proxy: what the client claimed, then the address the proxy saw. */
const from = (address: string, claimed?: string) => ({ "x-forwarded-for": claimed ? `${claimed}, ${address}` : address });

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

  it("holds an address that failed five times on an account to a delay of 1 s, then 2 s, then 4 s, with 429 and Retry-After even for the right password, audited", async () => {
    const attacker = from("203.0.113.66");
    for (let i = 0; i < 5; i++) expect((await signIn("sam", `wrong-${i}`, attacker)).status).toBe(401);
    const before = await count(sessions);
    const refused = await signIn("sam", "sam-pass", attacker);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      code: "too_many_requests:login",
      message: "Too many failed sign-ins. Try again in 1 second.",
      retryAfterSeconds: 1,
    });
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(refused.headers.get("set-cookie")).toBeNull();
    expect(await count(sessions)).toBe(before);
    expect(vi.mocked(password.verifyPassword)).toHaveBeenCalledTimes(5);
    const audit = await h.db.select().from(auditEvents).where(eq(auditEvents.action, "login.throttled"));
    expect(audit).toMatchObject([
      { subjectType: "account", subjectId: "sam", tenantId: "demo-bank", data: { bucket: "account", failures: 5, clientAddress: "203.0.113.66" } },
    ]);

    wait(1);
    expect((await signIn("sam", "wrong-5", attacker)).status).toBe(401);
    expect((await signIn("sam", "wrong-6", attacker)).headers.get("retry-after")).toBe("2");
    wait(2);
    expect((await signIn("sam", "wrong-6", attacker)).status).toBe(401);
    expect((await signIn("sam", "wrong-7", attacker)).headers.get("retry-after")).toBe("4");
    wait(3);
    expect((await signIn("sam", "wrong-7", attacker)).headers.get("retry-after")).toBe("1");
    expect(vi.mocked(password.verifyPassword)).toHaveBeenCalledTimes(7);
  });

  it("caps the delay at LOGIN_MAX_DELAY_MS however many failures the account has", async () => {
    const at = new Date();
    // 35 failures from as many addresses, then 5 from this one: each address is far below its own limit.
    const spread = Array.from({ length: 35 }, (_, i) => ({ username: "ivan", clientAddress: `198.51.100.${i + 10}`, failedAt: at }));
    await h.db
      .insert(loginFailures)
      .values([...spread, ...Array.from({ length: 5 }, () => ({ username: "ivan", clientAddress: "198.51.100.1", failedAt: at }))]);
    const refused = await signIn("ivan", "ivan-pass", from("198.51.100.1"));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ retryAfterSeconds: 900 });
    // 2^35 s, capped at the default 15 minutes; an address with tries left at the account still gets one.
    expect((await signIn("ivan", "wrong", from("198.51.100.10"))).status).toBe(401);
  });

  it("lets the owner sign in from another address while a flood from one holds that one back, and keeps it held back after", async () => {
    const attacker = from("203.0.113.66", "198.51.100.23");
    for (let i = 0; i < 5; i++) expect((await signIn("sam", `wrong-${i}`, attacker)).status).toBe(401);
    expect((await signIn("sam", "guess", attacker)).status).toBe(429);
    // Claiming the owner's address to the proxy changes nothing: the proxy's entry is the one counted.
    expect((await signIn("sam", "guess", from("203.0.113.66", "192.0.2.10"))).status).toBe(429);
    expect((await signIn("sam", "sam-pass", from("192.0.2.10"))).status).toBe(200);
    // The owner's sign-in forgives the owner's address, not the attacker's.
    expect((await signIn("sam", "guess", attacker)).status).toBe(429);
    expect(await h.db.select().from(loginFailures).where(eq(loginFailures.username, "sam"))).toHaveLength(5);
  });

  it("refuses the flooding address for every account once past its own limit, and no other address", async () => {
    const attacker = from("203.0.113.66");
    for (let i = 0; i < 5; i++) await signIn("sam", `wrong-${i}`, attacker);
    for (let i = 0; i < 3; i++) expect((await signIn(`user-${i}`, "Winter2026!", attacker)).status).toBe(401);
    const refused = await signIn("bob", "bob-pass", attacker);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBe(900);
    expect((await signIn("bob", "bob-pass", from("203.0.113.67"))).status).toBe(200);
    expect((await signIn("sam", "sam-pass", from("203.0.113.67"))).status).toBe(200);
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

  it("answers 200 to five right sign-ins of one account made at once from one address, round after round", async () => {
    // Every attempt is recorded before any password is checked, so each success forgives the others' rows while they forgive its own.
    const { verifyPassword } = await vi.importActual<typeof import("@/db/password")>("@/db/password");
    try {
      for (let round = 0; round < 6; round++) {
        let allRecorded = () => {};
        const recorded = new Promise<void>((resolve) => (allRecorded = resolve));
        let waiting = 0;
        vi.mocked(password.verifyPassword).mockImplementation(async (pass, hash) => {
          if (++waiting === 5) allRecorded();
          await recorded;
          return verifyPassword(pass, hash);
        });
        const results = await Promise.all(Array.from({ length: 5 }, () => signIn("alice", "alice-pass")));
        expect(
          results.map((r) => r.status),
          `round ${round}`,
        ).toEqual([200, 200, 200, 200, 200]);
      }
      expect(await h.db.select().from(loginFailures).where(eq(loginFailures.username, "alice"))).toEqual([]);
    } finally {
      vi.mocked(password.verifyPassword).mockImplementation(verifyPassword);
    }
  });

  it("counts failures recorded by any instance: the limit lives in Postgres", async () => {
    const at = new Date();
    await h.db.insert(loginFailures).values(Array.from({ length: 5 }, () => ({ username: "ivan", clientAddress: "198.51.100.1", failedAt: at })));
    expect((await signIn("ivan", "ivan-pass", from("198.51.100.1"))).status).toBe(429);
  });

  it("forgets failures older than the window", async () => {
    const old = new Date(Date.now() - 16 * 60 * 1000);
    await h.db.insert(loginFailures).values(Array.from({ length: 5 }, () => ({ username: "ivan", clientAddress: "198.51.100.1", failedAt: old })));
    expect((await signIn("ivan", "ivan-pass", from("198.51.100.1"))).status).toBe(200);
  });

  it("counts user names case-blind, so `SAM` and `sam` share a limit", async () => {
    for (let i = 0; i < 5; i++) await signIn(i % 2 ? "SAM" : "Sam", `wrong-${i}`);
    expect((await signIn("sam", "sam-pass")).status).toBe(429);
  });

  it("forgives an account's failures from the address that then signed in right, but not that address's failures on other accounts", async () => {
    for (let i = 0; i < 3; i++) await signIn(`someone-${i}`, "guess");
    for (let i = 0; i < 4; i++) await signIn("olga", `wrong-${i}`);
    expect((await signIn("olga", "olga-pass")).status).toBe(200);
    const olga = await h.db.select().from(loginFailures).where(eq(loginFailures.username, "olga"));
    expect(olga.map((f) => f.forgivenAt)).toEqual(Array(4).fill(expect.any(Date)));
    // Forgiven for the account, still counted for the address: one more failure anywhere reaches its limit of 8.
    await signIn("someone-3", "guess");
    expect((await signIn("olga", "olga-pass")).status).toBe(429);
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
