import { eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { loginFailures, sessions, users } from "@/db/schema";
import { testDatabase } from "@/simulator/test-support";
import { sweepEnded } from "./jobs";
import { createSession, requireUser } from "./session";
import { SESSION_COOKIE } from "./session-cookie";

const h = testDatabase();
beforeEach(() => h.freshStart());
afterAll(() => h.pool.end());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const withCookie = (token: string) => new Request("http://localhost/api/auth/me", { headers: { cookie: `${SESSION_COOKIE}=${token}` } });

async function refusal(token: string): Promise<string | null> {
  try {
    await requireUser(h.db, withCookie(token));
    return null;
  } catch (error) {
    return (error as { code: string }).code;
  }
}

const lastSeen = async () => (await h.db.select({ at: sessions.lastSeenAt }).from(sessions))[0]?.at ?? null;
const setLastSeen = (at: Date) => h.db.update(sessions).set({ lastSeenAt: at });

describe("sessions", () => {
  it("let the signed-in user through and record the role at sign-in", async () => {
    const { token } = await createSession(h.db, "user-olga");
    expect(await requireUser(h.db, withCookie(token))).toMatchObject({ username: "olga", role: "operator" });
    expect((await h.db.select({ role: sessions.role }).from(sessions))[0]).toEqual({ role: "operator" });
  });

  it("end at their absolute lifetime however active, with 401 unauthorized:session_expired", async () => {
    const { token } = await createSession(h.db, "user-olga", new Date(Date.now() - 12 * HOUR - MINUTE));
    await setLastSeen(new Date());
    expect(await refusal(token)).toBe("unauthorized:session_expired");
    expect(await h.db.select().from(sessions)).toHaveLength(0);
  });

  it("end after the idle lifetime without a request", async () => {
    const { token } = await createSession(h.db, "user-olga");
    await setLastSeen(new Date(Date.now() - 31 * MINUTE));
    expect(await refusal(token)).toBe("unauthorized:session_expired");
  });

  it("record activity at most once a minute, not on every request", async () => {
    const { token } = await createSession(h.db, "user-olga");
    const recent = new Date(Date.now() - 30_000);
    await setLastSeen(recent);
    await requireUser(h.db, withCookie(token));
    expect(await lastSeen()).toEqual(recent);
    const stale = new Date(Date.now() - 2 * MINUTE);
    await setLastSeen(stale);
    await requireUser(h.db, withCookie(token));
    expect((await lastSeen())!.getTime()).toBeGreaterThan(Date.now() - 10_000);
  });

  it("end when the user's role changes: the user signs in again for a new session", async () => {
    const { token } = await createSession(h.db, "user-olga");
    await h.db.update(users).set({ role: "supervisor" }).where(eq(users.id, "user-olga"));
    expect(await refusal(token)).toBe("unauthorized:session_role_changed");
    expect(await h.db.select().from(sessions)).toHaveLength(0);
    const fresh = await createSession(h.db, "user-olga");
    expect(await requireUser(h.db, withCookie(fresh.token))).toMatchObject({ role: "supervisor" });
  });

  it("refuse a forged or unknown token with 401 unauthorized:session_invalid and no cookie with 401 unauthorized:session", async () => {
    expect(await refusal("A".repeat(43))).toBe("unauthorized:session_invalid");
    expect(await refusal("%E0%A4%A")).toBe("unauthorized:session_invalid");
    await expect(requireUser(h.db, new Request("http://localhost/"))).rejects.toMatchObject({ code: "unauthorized:session" });
  });

  it("are swept with old failed sign-ins by the background job (expired, idle, or of an old role), live ones kept", async () => {
    const live = await createSession(h.db, "user-olga");
    await createSession(h.db, "user-sam", new Date(Date.now() - 13 * HOUR));
    const idle = await createSession(h.db, "user-ivan");
    // Opened for a role its user no longer has: refused on use, so nothing to keep.
    await createSession(h.db, "user-oscar");
    await h.db.update(users).set({ role: "supervisor" }).where(eq(users.id, "user-oscar"));
    await h.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - HOUR) })
      .where(sql`${sessions.userId} = 'user-ivan'`);
    await h.db.insert(loginFailures).values([
      { username: "sam", clientAddress: "198.51.100.1", failedAt: new Date(Date.now() - 20 * MINUTE) },
      { username: "sam", clientAddress: "198.51.100.1", failedAt: new Date() },
    ]);
    expect(await sweepEnded(h.db)).toEqual({ sessions: 3, loginFailures: 1, budgets: 0 });
    expect(await refusal(live.token)).toBeNull();
    expect(await refusal(idle.token)).toBe("unauthorized:session_invalid");
    expect(await h.db.select().from(loginFailures)).toHaveLength(1);
  });
});
