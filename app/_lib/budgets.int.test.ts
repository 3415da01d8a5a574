import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createAgent, type Agent } from "@/agent";
import { openDatabase } from "@/db/client";
import { spendBudget } from "@/db/queries/budgets";
import { messages, nodeEvents, opsSamples, requestBudgets, threads } from "@/db/schema";
import { tenantScope, withTenant } from "@/db/tenant-context";
import { metrics } from "@/observability/metrics";
import { opsSampler } from "@/observability/ops-sample";
import { testDatabase, TENANT } from "@/simulator/test-support";
import { GET as healthRoute } from "@/app/api/health/route";
import { callRoute, type Call } from "@/test/routes";
import { spendTurn } from "./budgets";
import { advanceClock, now } from "./clock";
import { sweepEnded } from "./jobs";
import { opsSummary } from "./ops-summary";
import { createSession } from "./session";

// Low budgets, so a test reaches each in a few requests; the app behind one proxy.
process.env.CUSTOMER_TURNS_PER_MINUTE = "3";
process.env.CUSTOMER_TURNS_PER_DAY = "5";
process.env.CUSTOMER_CONVERSATIONS_PER_DAY = "2";
process.env.ADDRESS_REQUESTS_PER_MINUTE = "4";
process.env.TRUSTED_PROXY_HOPS = "1";

const h = testDatabase();
/** What a browser on the app's own pages sends with a write. */
const OWN = { origin: "http://localhost", "sec-fetch-site": "same-origin" };

/**
 * Two app instances on one database: the route handlers reach their pool and agent through
 * the process's globals, so each call runs with one instance's pool and agent in them. The
 * first is the handlers' own; the second has a pool and an agent of its own.
 */
type Instance = { handles: ReturnType<typeof openDatabase>; agent: Agent };
const slots = globalThis as unknown as { __bankDb?: Instance["handles"]; __bankAgent?: Agent };
let second: Instance | undefined;
function secondInstance(): Instance {
  if (!second) {
    const handles = openDatabase(process.env.DATABASE_URL!, 4);
    second = { handles, agent: createAgent({ db: handles.db, pool: handles.pool, deps: { clock: now } }) };
  }
  return second;
}

async function onInstance<T>(which: "a" | "b", work: () => Promise<T>): Promise<T> {
  if (which === "a") return work();
  const saved = { db: slots.__bankDb, agent: slots.__bankAgent };
  const b = secondInstance();
  slots.__bankDb = b.handles;
  slots.__bankAgent = b.agent;
  try {
    return await work();
  } finally {
    slots.__bankDb = saved.db;
    slots.__bankAgent = saved.agent;
  }
}

let alice = "";
beforeEach(async () => {
  await h.freshStart();
  alice = `bank_session=${(await createSession(h.db, "user-alice")).token}`;
  // Five seconds into a minute: a test's requests all fall in one minute's window.
  advanceClock(65_000 - (now().getTime() % 60_000));
});
afterAll(async () => {
  await second?.agent.close();
  await second?.handles.pool.end();
  await h.pool.end();
});

async function call(which: "a" | "b", c: Call) {
  const res = await onInstance(which, () => callRoute(c));
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body: await res.json() };
}

const newThread = (which: "a" | "b" = "a", cookie = alice) => call(which, { method: "POST", route: "/api/threads", cookie, body: "{}", headers: OWN });
const say = (which: "a" | "b", threadId: string, text: string) =>
  call(which, { method: "POST", route: "/api/threads/:id/messages", params: { id: threadId }, cookie: alice, body: JSON.stringify({ text }), headers: OWN });

const customerMessages = async (threadId: string) =>
  Number(
    (
      await h.db
        .select({ n: sql<number>`count(*)` })
        .from(messages)
        .where(and(eq(messages.threadId, threadId), eq(messages.role, "customer")))
    )[0]!.n,
  );
const nodeEventCount = async (threadId: string) =>
  Number(
    (
      await h.db
        .select({ n: sql<number>`count(*)` })
        .from(nodeEvents)
        .where(eq(nodeEvents.threadId, threadId))
    )[0]!.n,
  );
const refusals = async (limit: string) => (await metrics().rateLimited.get()).values.find((v) => v.labels.limit === limit)?.value ?? 0;

describe("a customer's turns", () => {
  it("are counted across two instances: the fourth within a minute is 429 rate_limited:turn with Retry-After, stores no message and runs no graph", async () => {
    const { body: created } = await newThread();
    const thread = created.threadId as string;
    for (const [i, which] of (["a", "b", "a"] as const).entries()) {
      const turn = await say(which, thread, `What is my card limit? (${i + 1})`);
      expect(turn.status, JSON.stringify(turn.body)).toBe(200);
    }
    const before = { messages: await customerMessages(thread), events: await nodeEventCount(thread), refused: await refusals("turns_per_minute") };
    expect(before.messages).toBe(3);
    expect(before.events).toBeGreaterThan(0);

    for (const which of ["b", "a"] as const) {
      const refused = await say(which, thread, "And my card limit again?");
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({
        code: "rate_limited:turn",
        budget: "turns_per_minute",
        message: expect.stringMatching(/^You're sending messages faster than we can answer\. Please wait \d+ seconds?\.$/),
      });
      const retryAfter = Number(refused.retryAfter);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.body.retryAfterSeconds).toBe(retryAfter);
    }
    expect(await customerMessages(thread)).toBe(before.messages);
    expect(await nodeEventCount(thread)).toBe(before.events);
    // The instance that answered counts its refusal; this process holds the first instance's registry.
    expect(await refusals("turns_per_minute")).toBe(before.refused + 2);

    advanceClock(60_000);
    expect((await say("b", thread, "What is my card limit now?")).status).toBe(200);
  });

  it("let no more through than the budget when both instances are sent many at once", async () => {
    const b = secondInstance();
    const pools = [h.app.db, b.handles.db];
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        tenantScope(() =>
          withTenant(TENANT, () =>
            spendTurn(pools[i % 2]!, TENANT, "cust-bob").then(
              () => "spent",
              (error: { code?: string }) => error.code,
            ),
          ),
        ),
      ),
    );
    expect(outcomes.filter((o) => o === "spent")).toHaveLength(3);
    expect(outcomes.filter((o) => o === "rate_limited:turn")).toHaveLength(9);
    const rows = await h.db.select().from(requestBudgets).where(eq(requestBudgets.subject, "cust-bob"));
    expect(rows.map((r) => [r.budget, r.used]).sort()).toEqual([
      ["turns_per_day", 3],
      ["turns_per_minute", 3],
    ]);
  });

  it("run out for the day across minutes: past CUSTOMER_TURNS_PER_DAY the answer waits for midnight UTC, and a refused turn spends no minute", async () => {
    // Early in a UTC day, so the minutes below stay within it.
    const day = 24 * 60 * 60_000;
    advanceClock(day - (now().getTime() % day) + 60 * 60_000 + 5_000);
    const { body: created } = await newThread();
    const thread = created.threadId as string;
    for (let i = 0; i < 3; i++) expect((await say("a", thread, `What is my card limit? (${i})`)).status).toBe(200);
    advanceClock(60_000);
    for (let i = 0; i < 2; i++) expect((await say("b", thread, `What is my card limit? (${i + 3})`)).status).toBe(200);
    const refused = await say("a", thread, "One more?");
    expect(refused).toMatchObject({ status: 429, body: { code: "rate_limited:turn", budget: "turns_per_day" } });
    const untilMidnight = Math.ceil((day - (now().getTime() % day)) / 1000);
    expect(Math.abs(Number(refused.retryAfter) - untilMidnight)).toBeLessThanOrEqual(2);
    expect(refused.body.message).toMatch(/^You've sent as many messages today as we can answer\. Please try again in \d+ hours?\.$/);
    const minute = await h.db
      .select()
      .from(requestBudgets)
      .where(and(eq(requestBudgets.subject, "cust-alice"), eq(requestBudgets.budget, "turns_per_minute")));
    expect(minute.map((r) => r.used).sort()).toEqual([2, 3]);
    expect(await customerMessages(thread)).toBe(5);
  });

  it("are the same budget in the LangGraph Platform API: a run past it is 429 and stores nothing", async () => {
    const { body: created } = await newThread();
    const thread = created.threadId as string;
    expect((await say("a", thread, "What is my card limit?")).status).toBe(200);
    const run = (route: string, text: string, which: "a" | "b" = "a") =>
      call(which, {
        method: "POST",
        route,
        params: { id: thread },
        cookie: alice,
        body: JSON.stringify({ assistant_id: "agent", input: { messages: [{ type: "human", content: text }] } }),
        headers: OWN,
      });
    expect((await run("/api/langgraph/threads/:id/runs/wait", "And my balance?")).status).toBe(200);
    expect((await run("/api/langgraph/threads/:id/runs/wait", "And my limit once more?", "b")).status).toBe(200);
    for (const route of ["/api/langgraph/threads/:id/runs", "/api/langgraph/threads/:id/runs/wait", "/api/langgraph/threads/:id/runs/stream"]) {
      const refused = await run(route, "Past the budget?");
      expect(refused, route).toMatchObject({ status: 429, body: { code: "rate_limited:turn", budget: "turns_per_minute" } });
      expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    expect(await customerMessages(thread)).toBe(3);
  });
});

describe("a customer's new conversations", () => {
  it("are CUSTOMER_CONVERSATIONS_PER_DAY, chat and LangGraph API together, on either instance; past them 429 rate_limited:thread creates none", async () => {
    expect((await newThread("a")).status).toBe(201);
    const lg = await call("b", { method: "POST", route: "/api/langgraph/threads", cookie: alice, body: "{}", headers: OWN });
    expect(lg.status).toBe(200);
    for (const refused of [
      await newThread("b"),
      await call("a", { method: "POST", route: "/api/langgraph/threads", cookie: alice, body: "{}", headers: OWN }),
    ]) {
      expect(refused).toMatchObject({ status: 429, body: { code: "rate_limited:thread", budget: "conversations_per_day" } });
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(Number(refused.retryAfter)).toBeLessThanOrEqual(24 * 60 * 60);
    }
    const rows = await h.db.select().from(threads).where(eq(threads.customerId, "cust-alice"));
    expect(rows).toHaveLength(2);
    // Bob's budget is his own.
    const bob = `bank_session=${(await createSession(h.db, "user-bob")).token}`;
    expect((await newThread("a", bob)).status).toBe(201);
  });
});

describe("requests without a session", () => {
  const from = (address: string, claimed = "203.0.113.66") => ({ "x-forwarded-for": `${claimed}, ${address}` });
  const health = async (address: string, claimed?: string) => {
    const res = await healthRoute(new Request("http://localhost/api/health", { headers: from(address, claimed) }), { params: Promise.resolve({}) });
    return { status: res.status, retryAfter: res.headers.get("retry-after"), body: await res.json() };
  };

  it("are ADDRESS_REQUESTS_PER_MINUTE per client address behind TRUSTED_PROXY_HOPS=1, whatever the client claims; another address and a signed-in request are not held back", async () => {
    for (let i = 0; i < 4; i++) expect((await health("198.51.100.7", `192.0.2.${i}`)).status).toBe(200);
    const refused = await health("198.51.100.7", "192.0.2.200");
    expect(refused).toMatchObject({ status: 429, body: { code: "rate_limited:address", budget: "address_per_minute" } });
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
    // A sign-in from the spent address is refused before any password is checked; a stale cookie counts as none.
    const login = await call("a", {
      method: "POST",
      route: "/api/auth/login",
      body: JSON.stringify({ username: "alice", password: "alice-pass" }),
      headers: { ...from("198.51.100.7"), ...OWN },
    });
    expect(login).toMatchObject({ status: 429, body: { code: "rate_limited:address" } });
    const stale = await call("a", { method: "GET", route: "/api/threads", cookie: `bank_session=${"x".repeat(43)}`, headers: from("198.51.100.7") });
    expect(stale).toMatchObject({ status: 429, body: { code: "rate_limited:address" } });

    expect((await health("198.51.100.8")).status).toBe(200);
    const signedIn = await call("a", { method: "GET", route: "/api/threads", cookie: alice, headers: from("198.51.100.7") });
    expect(signedIn.status).toBe(200);
    const rows = await h.db.select().from(requestBudgets).where(eq(requestBudgets.budget, "address_per_minute"));
    expect(rows.map((r) => [r.tenantId, r.subject, r.used]).sort()).toEqual([
      [null, "198.51.100.7", 4],
      [null, "198.51.100.8", 1],
    ]);
    advanceClock(60_000);
    expect((await health("198.51.100.7")).status).toBe(200);
  });
});

describe("the budget rows", () => {
  it("are each bank's own and the addresses' apart, and closed windows are swept by the background job", async () => {
    const past = new Date(now().getTime() - 2 * 60_000);
    const closed = { windowStart: new Date(past.getTime() - 60_000), windowEnd: past };
    const open = { windowStart: now(), windowEnd: new Date(now().getTime() + 60_000) };
    await tenantScope(async () => {
      await withTenant(TENANT, async () => {
        await spendBudget(h.app.db, { tenantId: TENANT, budget: "turns_per_minute", subject: "cust-alice", ...closed }, 5);
        await spendBudget(h.app.db, { tenantId: TENANT, budget: "turns_per_minute", subject: "cust-alice", ...open }, 5);
      });
      await spendBudget(h.app.db, { tenantId: null, budget: "address_per_minute", subject: "198.51.100.9", ...closed }, 5);
      await spendBudget(h.app.db, { tenantId: null, budget: "address_per_minute", subject: "198.51.100.9", ...open }, 5);
    });
    const seen = (tenantId?: string) =>
      tenantScope(async () =>
        tenantId ? withTenant(tenantId, async () => await h.app.db.select().from(requestBudgets)) : await h.app.db.select().from(requestBudgets),
      );
    expect((await seen(TENANT)).map((r) => r.subject)).toEqual(["cust-alice", "cust-alice"]);
    expect(await seen("vistula-bank")).toEqual([]);
    expect((await seen()).map((r) => r.subject)).toEqual(["198.51.100.9", "198.51.100.9"]);
    // Another bank cannot write a row under demo-bank's name, nor under no bank's.
    await expect(
      tenantScope(() =>
        withTenant("vistula-bank", () => spendBudget(h.app.db, { tenantId: TENANT, budget: "turns_per_minute", subject: "cust-alice", ...open }, 5)),
      ),
    ).rejects.toThrow();

    expect(await tenantScope(() => sweepEnded(h.app.db, now()))).toMatchObject({ budgets: 2 });
    const left = await h.db.select().from(requestBudgets);
    expect(left.map((r) => [r.tenantId, r.windowEnd.getTime()])).toEqual([
      [TENANT, open.windowEnd.getTime()],
      [null, open.windowEnd.getTime()],
    ]);
  });

  it("refusals reach the ops page through the instances' samples, by budget", async () => {
    const { body: created } = await newThread();
    for (let i = 0; i < 4; i++) await say("a", created.threadId, `What is my card limit? (${i})`);
    const sample = opsSampler("budgets-test");
    // The registry counts every refusal since the process started: the first sample writes them all, the next only what is new.
    await sample(h.app.db);
    expect((await say("a", created.threadId, "Still there?")).status).toBe(429);
    await sample(h.app.db);
    const written = await h.db.select({ rateLimited: opsSamples.rateLimited }).from(opsSamples).orderBy(opsSamples.id);
    expect(written.at(-1)!.rateLimited).toEqual({ turns_per_minute: 1 });
    const summary = await tenantScope(() => withTenant(TENANT, () => opsSummary(h.app.db, TENANT)));
    expect(summary.live.rateLimited.turns_per_minute).toBe(await refusals("turns_per_minute"));
    expect(summary.live.rateLimited.turns_per_minute).toBeGreaterThanOrEqual(2);
  });
});
