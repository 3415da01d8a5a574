import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSession } from "@/app/_lib/session";
import type { CanaryState } from "@/app/api/tenant/canary/schema";
import { setCanaryThresholds } from "@/db/queries/canaries";
import { auditEvents, canaries, messages, tenants, threads, turnOutcomes } from "@/db/schema";
import { metrics } from "@/observability/metrics";
import { LosesLimits } from "../../test/candidate-models";
import { agentHarness, FAST_SETTINGS, TENANT } from "../../test/agent-support";
import { cookie } from "../../test/bad-input-corpus";
import { callRoute } from "../../test/routes";
import { createAgent, type Agent } from "../index";
import { OfflineBankModel } from "../understanding";
import { revisionOf } from "./revision";

const h = agentHarness();
const app = globalThis as unknown as { __bankAgent?: Agent };
const OWN = { origin: "http://localhost", "sec-fetch-site": "same-origin" };

/** The app's agent, hosting a candidate that differs from it by its language model `model` (named `name`). */
function hostCandidate(name: string, model = new OfflineBankModel()) {
  const revision = revisionOf({ ...h.agent.revision.components, model: `openai:${name}` });
  app.__bankAgent = createAgent({ db: h.app.db, pool: h.app.pool, deps: { settings: FAST_SETTINGS, clock: h.clock.now }, candidate: { revision, model } });
  return { agent: app.__bankAgent, candidate: revision.id };
}

const as = async (user: string) => cookie((await createSession(h.db, `user-${user}`)).token);

async function api(user: string, method: "GET" | "POST", route: string, body?: unknown, params?: Record<string, string>) {
  const res = await callRoute({ method, route, params, cookie: await as(user), headers: OWN, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: res.status, body: (await res.json()) as CanaryState & { code?: string } };
}

/** sam proposes a canary of `candidate` at `sharePercent` for `minutes`, sven starts it; the canary's id. */
async function startCanary(candidate: string, sharePercent: number, minutes = 60) {
  const proposed = await api("sam", "POST", "/api/tenant/canary", { candidateRevisionId: candidate, sharePercent, durationMinutes: minutes });
  expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
  const id = proposed.body.canaries[0]!.id;
  const own = await api("sam", "POST", "/api/tenant/canary/:id", { answer: "confirm" }, { id });
  expect(own.status).toBe(403);
  expect(own.body.code).toBe("forbidden:four_eyes");
  const started = await api("sven", "POST", "/api/tenant/canary/:id", { answer: "confirm" }, { id });
  expect(started.status).toBe(200);
  expect(started.body.canaries[0]).toMatchObject({ id, status: "running", proposedBy: "sam", confirmedBy: "sven" });
  return id;
}

/** New conversations for alice, over the API, as the widget starts them; each with the revision it started on. */
async function newConversations(n: number) {
  const alice = await as("alice");
  const started: { id: string; revision: string }[] = [];
  for (let i = 0; i < n; i++) {
    const res = await callRoute({ method: "POST", route: "/api/threads", cookie: alice, headers: OWN, body: "{}" });
    expect(res.status).toBe(201);
    const { threadId } = (await res.json()) as { threadId: string };
    const [row] = await h.db.select({ revisionId: threads.revisionId }).from(threads).where(eq(threads.id, threadId));
    started.push({ id: threadId, revision: row!.revisionId! });
  }
  return started;
}

async function say(agent: Agent, threadId: string, text: string) {
  const turn = await agent.sendMessage({ tenantId: TENANT, threadId, customerId: "cust-alice", text, actor: "cust-alice" });
  expect(turn.kind).toBe("ok");
}

const canaryRow = async (id: string) => (await h.db.select().from(canaries).where(eq(canaries.id, id)))[0]!;

beforeEach(async () => {
  await h.freshStart();
  await setCanaryThresholds(h.db, TENANT, { minTurns: 6 });
});
afterEach(async () => {
  await app.__bankAgent?.close();
  delete app.__bankAgent;
});
afterAll(() => h.pool.end());

describe("a canary of a candidate revision", () => {
  it("that falls back more often: it gets its share of new conversations, is stopped by itself with the figures that crossed, audited, and every conversation goes back", async () => {
    const { agent, candidate } = hostCandidate("loses-limits", new LosesLimits());
    const current = agent.revision.id;
    const id = await startCanary(candidate, 50);

    const started = await newConversations(24);
    const onCandidate = started.filter((t) => t.revision === candidate);
    expect(onCandidate.length).toBeGreaterThanOrEqual(3);
    expect(started.filter((t) => t.revision === current).length).toBeGreaterThanOrEqual(3);
    expect(started.every((t) => t.revision === candidate || t.revision === current)).toBe(true);
    for (const t of started) {
      await say(agent, t.id, "what are my card limits");
      await say(agent, t.id, "and my ATM limit?");
    }
    const answeredBy = await h.db
      .select({ revisionId: messages.revisionId, n: sql<number>`count(*)::int` })
      .from(messages)
      .where(eq(messages.role, "agent"))
      .groupBy(messages.revisionId);
    expect(Object.fromEntries(answeredBy.map((r) => [r.revisionId, r.n]))).toEqual({
      [candidate]: onCandidate.length * 2,
      [current]: (24 - onCandidate.length) * 2,
    });

    const stopsBefore = (await metrics().canaryEnds.get()).values.find((v) => v.labels.outcome === "stopped")?.value ?? 0;
    expect(await agent.evaluateCanaries(h.clock.now())).toMatchObject({ stopped: 1 });
    const stopped = await canaryRow(id);
    expect(stopped).toMatchObject({ status: "stopped", endedBy: "canary" });
    expect(stopped.endReason).toMatch(/^crossed: fallbackRate 1 against 0 /);
    expect(stopped.endReason).toContain("reaskRate");
    expect(stopped.figures).toMatchObject({ sampleReached: true, candidate: { fallbackRate: 1, turns: onCandidate.length * 2 }, current: { fallbackRate: 0 } });
    const [audited] = await h.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "canary.stopped"), eq(auditEvents.subjectId, id)));
    expect(audited).toMatchObject({ actor: "canary", tenantId: TENANT });
    expect((await metrics().canaryEnds.get()).values.find((v) => v.labels.outcome === "stopped")?.value).toBe(stopsBefore + 1);

    // New conversations go back to the current revision, and so does the candidate's next turn.
    expect((await newConversations(8)).every((t) => t.revision === current)).toBe(true);
    await say(agent, onCandidate[0]!.id, "what are my card limits");
    const [last] = await h.db
      .select()
      .from(turnOutcomes)
      .where(eq(turnOutcomes.threadId, onCandidate[0]!.id))
      .orderBy(sql`${turnOutcomes.id} desc`)
      .limit(1);
    expect(last).toMatchObject({ revisionId: current, intent: "limits", fallback: false });
    const summary = await api("ivan", "GET", "/api/tenant/canary");
    expect(summary.body.canaries[0]).toMatchObject({ id, status: "stopped", endedBy: "canary" });
  });

  it("that holds through its window: promoted, and the bank's conversations run on it from then", async () => {
    const { agent, candidate } = hostCandidate("same-but-newer");
    const current = agent.revision.id;
    const id = await startCanary(candidate, 50, 30);
    for (const t of await newConversations(24)) await say(agent, t.id, "what are my card limits");

    expect(await agent.evaluateCanaries(h.clock.now())).toMatchObject({ running: 1 });
    expect(await canaryRow(id)).toMatchObject({ status: "running", figures: expect.objectContaining({ crossed: [] }) });
    expect(await agent.evaluateCanaries(new Date(h.clock.now().getTime() + 31 * 60_000))).toMatchObject({ promoted: 1 });
    expect(await canaryRow(id)).toMatchObject({ status: "promoted", endedBy: "canary" });
    expect((await h.db.select({ r: tenants.agentRevisionId }).from(tenants).where(eq(tenants.id, TENANT)))[0]!.r).toBe(candidate);
    expect((await newConversations(5)).map((t) => t.revision)).toEqual(Array(5).fill(candidate));
    const state = await api("sam", "GET", "/api/tenant/canary");
    expect(state.body.bankRevisionId).toBe(candidate);
    // The bank now runs on the candidate: a canary of it again is refused, one of the deployment's own revision is not.
    expect((await api("sam", "POST", "/api/tenant/canary", { candidateRevisionId: candidate, sharePercent: 10, durationMinutes: 60 })).status).toBe(400);
    expect((await api("sam", "POST", "/api/tenant/canary", { candidateRevisionId: current, sharePercent: 10, durationMinutes: 60 })).status).toBe(201);
  });

  it("whose window ends too thin to judge is stopped, not promoted; a supervisor stops one by hand; a proposal lapses; bad requests change nothing", async () => {
    const { agent, candidate } = hostCandidate("quiet");
    const thin = await startCanary(candidate, 10, 5);
    expect(await agent.evaluateCanaries(new Date(h.clock.now().getTime() + 6 * 60_000))).toMatchObject({ stopped: 1 });
    expect((await canaryRow(thin)).endReason).toMatch(/^too few turns to judge in 5 min/);

    const byHand = await startCanary(candidate, 10);
    expect((await api("olga", "POST", "/api/tenant/canary/:id/stop", { reason: "wrong week" }, { id: byHand })).status).toBe(403);
    expect((await api("sven", "POST", "/api/tenant/canary/:id/stop", { reason: "x" }, { id: byHand })).status).toBe(400);
    const stopped = await api("sven", "POST", "/api/tenant/canary/:id/stop", { reason: "the release board wants a second look" }, { id: byHand });
    expect(stopped.body.canaries[0]).toMatchObject({ status: "stopped", endedBy: "sven", endReason: "the release board wants a second look" });
    expect((await api("sven", "POST", "/api/tenant/canary/:id/stop", { reason: "again" }, { id: byHand })).status).toBe(409);

    const proposed = await api("sam", "POST", "/api/tenant/canary", { candidateRevisionId: candidate, sharePercent: 10, durationMinutes: 60 });
    expect((await api("sven", "POST", "/api/tenant/canary", { candidateRevisionId: candidate, sharePercent: 10, durationMinutes: 60 })).status).toBe(409);
    const lapseAt = new Date(new Date(proposed.body.canaries[0]!.expiresAt).getTime() + 1000);
    await agent.evaluateCanaries(lapseAt);
    expect((await canaryRow(proposed.body.canaries[0]!.id)).status).toBe("lapsed");

    for (const body of [
      { candidateRevisionId: "rev-000000000000", sharePercent: 10, durationMinutes: 60 },
      { candidateRevisionId: candidate, sharePercent: 80, durationMinutes: 60 },
      { candidateRevisionId: candidate, sharePercent: 10, durationMinutes: 1 },
      { candidateRevisionId: candidate, sharePercent: 10, durationMinutes: 60, extra: true },
    ]) {
      expect((await api("sam", "POST", "/api/tenant/canary", body)).status).toBe(400);
    }
    expect((await api("ivan", "POST", "/api/tenant/canary", { candidateRevisionId: candidate, sharePercent: 10, durationMinutes: 60 })).status).toBe(403);
    expect((await h.db.select().from(canaries)).map((c) => c.status).sort()).toEqual(["lapsed", "stopped", "stopped"]);
  });
});
