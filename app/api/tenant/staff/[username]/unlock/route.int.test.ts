import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSession } from "@/app/_lib/session";
import { auditEvents, loginFailures } from "@/db/schema";
import { testDatabase } from "@/simulator/test-support";
import { callRoute } from "@/test/routes";

// One proxy in front, as in docker-compose.yml: it appends the address it saw to X-Forwarded-For.
process.env.TRUSTED_PROXY_HOPS = "1";
process.env.LOGIN_MAX_FAILURES_PER_ADDRESS = "8";

const h = testDatabase();
const cookies: Record<string, string> = {};
beforeEach(async () => {
  await h.freshStart();
  for (const user of ["sam", "olga", "zofia"]) cookies[user] = `bank_session=${(await createSession(h.db, `user-${user}`)).token}`;
  // The clock stands still, so the delay a test sees is not run down by slow hashing.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date());
});
afterEach(() => vi.useRealTimers());
afterAll(() => h.pool.end());

const ATTACKER = { "x-forwarded-for": "198.51.100.9, 203.0.113.66" };
const signIn = (username: string, password: string, headers = ATTACKER) =>
  callRoute({ method: "POST", route: "/api/auth/login", body: JSON.stringify({ username, password }), headers });
const unlock = (as: string, username: string, headers: Record<string, string> = {}) =>
  callRoute({ method: "POST", route: "/api/tenant/staff/:username/unlock", params: { username }, cookie: cookies[as], headers });
const unlocks = () => h.db.select().from(auditEvents).where(eq(auditEvents.action, "login.unlocked"));

/** Five wrong passwords for olga from the attacker's address: its next try waits. */
async function flood() {
  for (let i = 0; i < 5; i++) expect((await signIn("olga", `wrong-${i}`)).status).toBe(401);
  expect((await signIn("olga", "olga-pass")).status).toBe(429);
}

describe("POST /api/tenant/staff/{username}/unlock", () => {
  it("lets the bank's supervisor lift an employee's sign-in delay, audited, while the failures still count against their address", async () => {
    await flood();
    const res = await unlock("sam", "olga");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ username: "olga", failuresForgiven: 5 });
    expect(await unlocks()).toMatchObject([
      { tenantId: "demo-bank", actor: "sam", subjectType: "user", subjectId: "user-olga", data: { username: "olga", failuresForgiven: 5 } },
    ]);
    // The delay is gone: the next guess is checked (and fails) instead of waiting.
    expect((await signIn("olga", "wrong-5")).status).toBe(401);
    // The address keeps its count: 6 so far, and its limit is 8.
    for (const guess of ["wrong-1", "wrong-2"]) expect((await signIn("bob", guess)).status).toBe(401);
    expect((await signIn("bob", "bob-pass")).status).toBe(429);
    expect(await h.db.select().from(loginFailures).where(eq(loginFailures.clientAddress, "203.0.113.66"))).toHaveLength(8);
  });

  it("is not another bank's supervisor's to use: 404, nothing forgiven, nothing audited", async () => {
    await flood();
    const res = await unlock("zofia", "olga");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "not_found:staff" });
    expect(await unlocks()).toEqual([]);
    expect((await signIn("olga", "olga-pass")).status).toBe(429);
  });

  it("refuses operators, customers' accounts and unknown names, and a write from another site", async () => {
    await flood();
    expect(await (await unlock("olga", "olga")).json()).toMatchObject({ code: "forbidden:role" });
    expect(await (await unlock("sam", "alice")).json()).toMatchObject({ code: "not_found:staff" });
    expect(await (await unlock("sam", "nobody-here")).json()).toMatchObject({ code: "not_found:staff" });
    expect(await (await unlock("sam", "Olga; drop table users")).json()).toMatchObject({ code: "bad_request:username" });
    const crossSite = await unlock("sam", "olga", { origin: "https://evil.example", "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toMatchObject({ code: "forbidden:origin" });
    expect((await callRoute({ method: "POST", route: "/api/tenant/staff/:username/unlock", params: { username: "olga" } })).status).toBe(401);
    expect(await unlocks()).toEqual([]);
    expect((await signIn("olga", "olga-pass")).status).toBe(429);
  });
});
