import { eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "@/db/client";
import { sessions, users } from "@/db/schema";
import { withTenant } from "@/db/tenant-context";
import { testDatabase } from "@/simulator/test-support";
import { callRoute } from "@/test/routes";
import { runScript } from "@/test/run-script";
import { until } from "@/test/wait-for";
import { createLiveEvents, LIVE_EVENTS_APPLICATION } from "./live-events";
import { createSession, deleteSession } from "./session";
import { SESSION_COOKIE } from "./session-cookie";
import { createSessionStreams } from "./session-streams";

const h = testDatabase();
/** Another app instance on the same database: its own pool and its own LISTEN connection. */
const other = openDatabase(process.env.DATABASE_URL!, 2);
const otherEvents = createLiveEvents(process.env.DATABASE_URL!);
const otherStreams = createSessionStreams(other.db, otherEvents);

beforeEach(() => h.freshStart());
afterAll(async () => {
  await otherEvents.close();
  await Promise.all([other.pool.end(), h.pool.end()]);
});

/** Within this, an ended session's streams must be closed. */
const FEW_SECONDS = 5_000;

const cookieOf = (token: string) => `${SESSION_COOKIE}=${token}`;

/** The console's event stream, opened on this process's instance, read as it arrives. */
async function openConsoleStream(token: string) {
  const res = await callRoute({ method: "GET", route: "/api/approvals/events", cookie: cookieOf(token) });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const stream = { text: "", closed: false, cancel: () => reader.cancel() };
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      stream.text += decoder.decode(value, { stream: true });
    }
    stream.closed = true;
  })();
  await until("the stream's ready event", () => stream.text.includes("event: ready"), FEW_SECONDS);
  return stream;
}

type ConsoleStream = Awaited<ReturnType<typeof openConsoleStream>>;

/** The stream ends, within a few seconds, with `signed_out` as its last event. */
async function expectSignedOut(stream: ConsoleStream, why: string) {
  await until(`the stream to close after ${why}`, () => stream.closed, FEW_SECONDS);
  expect(stream.text.trimEnd().split("\n\n").at(-1)).toBe(
    'event: signed_out\ndata: {"code":"unauthorized:session_ended","message":"Your session has ended. Please sign in again.","error":"unauthorized:session_ended"}',
  );
}

async function nextRequestStatus(token: string) {
  const res = await callRoute({ method: "GET", route: "/api/approvals", query: "status=pending", cookie: cookieOf(token) });
  return { status: res.status, code: ((await res.json()) as { code?: string }).code };
}

describe("a session's event streams", () => {
  it("close within seconds on every instance when it signs out on another, with a last signed_out event, and its cookie is refused after", async () => {
    const olga = await createSession(h.db, "user-olga");
    const oscar = await createSession(h.db, "user-oscar");
    const here = await openConsoleStream(olga.token);
    const oscarsHere = await openConsoleStream(oscar.token);
    const [olgaId] = await h.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, "user-olga"));
    let endedThere = false;
    await otherStreams.follow({ id: olgaId!.id, endsAt: new Date(Date.now() + 3_600_000) }, () => (endedThere = true));

    // The other instance signs her out as the sign-out route does.
    await deleteSession(other.db, olga.token);
    await expectSignedOut(here, "signing out on another instance");
    await until("the other instance's stream of the session to end", () => endedThere, FEW_SECONDS);
    expect(await nextRequestStatus(olga.token)).toEqual({ status: 401, code: "unauthorized:session_invalid" });

    // Another operator's stream is no business of her sign-out.
    expect(oscarsHere.closed).toBe(false);
    expect(oscarsHere.text).not.toContain("signed_out");
    await oscarsHere.cancel();
  });

  it("close when the user's role changes, and the next request is refused as a role change", async () => {
    const olga = await createSession(h.db, "user-olga");
    const stream = await openConsoleStream(olga.token);
    // Changed as the application role, for her bank, on the other instance.
    await withTenant("demo-bank", async () => {
      await other.db.update(users).set({ role: "auditor" }).where(eq(users.id, "user-olga"));
    });
    await expectSignedOut(stream, "a role change");
    expect(await nextRequestStatus(olga.token)).toEqual({ status: 401, code: "unauthorized:session_role_changed" });
  });

  it("close when the user's password is reset from the command line, in another process", async () => {
    const sam = await createSession(h.db, "user-sam");
    const stream = await openConsoleStream(sam.token);
    const run = await runScript("scripts/user-create.ts", ["--reset-password", "--username", "sam"], {
      env: { DATABASE_URL: process.env.DATABASE_OWNER_URL },
      stdin: "a brand new long passphrase\n",
    });
    expect(run, run.stderr).toMatchObject({ code: 0 });
    await expectSignedOut(stream, "a password reset");
    expect(await nextRequestStatus(sam.token)).toEqual({ status: 401, code: "unauthorized:session_invalid" });
  });

  it("close at the session's absolute end, announced by nobody", async () => {
    const olga = await createSession(h.db, "user-olga", new Date(), { maxAgeMs: 2_000, idleMs: 30 * 60_000 });
    const stream = await openConsoleStream(olga.token);
    expect(stream.closed).toBe(false);
    await expectSignedOut(stream, "the absolute end");
    expect((await nextRequestStatus(olga.token)).status).toBe(401);
  });

  it("close once the session has been idle for the idle lifetime: following a stream is no activity", async () => {
    await createSession(h.db, "user-olga");
    // Her last request was 2 s short of the 30 min idle lifetime.
    const lastSeenAt = new Date(Date.now() - 30 * 60_000 + 2_000);
    const [olga] = await h.db.update(sessions).set({ lastSeenAt }).returning({ id: sessions.id });
    let ended = false;
    await otherStreams.follow({ id: olga!.id, endsAt: new Date(lastSeenAt.getTime() + 30 * 60_000) }, () => (ended = true));
    expect(ended).toBe(false);
    await until("the idle session's stream to end", () => ended, FEW_SECONDS);
    expect(await h.db.select().from(sessions)).toEqual([]);
  });

  it("close when the session ended while the instance's listening connection was down, once it is back", async () => {
    const olga = await createSession(h.db, "user-olga");
    const [olgaId] = await h.db.select({ id: sessions.id }).from(sessions);
    let ended = false;
    await otherStreams.follow({ id: olgaId!.id, endsAt: new Date(Date.now() + 3_600_000) }, () => (ended = true));
    // The database drops every listening connection (a restart, a failover); the sign-out meanwhile is heard by none.
    const { rows } = await h.db.execute<{ dropped: boolean }>(
      sql`select pg_terminate_backend(pid) as dropped from pg_stat_activity where application_name = ${LIVE_EVENTS_APPLICATION}`,
    );
    expect(rows.length).toBeGreaterThan(0);
    await deleteSession(h.db, olga.token);
    await until("the stream of a session that ended unheard to end", () => ended, FEW_SECONDS);
  });
});
