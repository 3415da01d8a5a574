import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestHandover } from "@/agent/runtime/handovers";
import { createSession } from "@/app/_lib/session";
import { getApprovalByCase, getApprovalById } from "@/db/queries/approvals";
import { getHandoverById } from "@/db/queries/handovers";
import { getPendingPolicyChange, proposePolicyChange } from "@/db/queries/policy-changes";
import { saveShadowReport } from "@/db/queries/shadow-reports";
import { proposeCanary } from "@/db/queries/canaries";
import { agentHarness, TENANT, until } from "./agent-support";
import { cookie, sessionRoutes } from "./bad-input-corpus";
import { callRoute, type Call } from "./routes";

/**
 * Two banks on one deployment: every API route, called by the other bank's staff and
 * customers with this bank's ids, answers 404 (or refuses the role first), shows nothing of
 * this bank and changes nothing; lists, searches and the live stream show only their own bank.
 */
const h = agentHarness();
const OTHER = "other-bank";
const OWN = { origin: "http://localhost", "sec-fetch-site": "same-origin" };
/** Routes whose id is not a bank's: the one assistant every bank shares, and its versions. */
const NOT_A_BANKS_ID = ["/api/langgraph/assistants/:id", "/api/langgraph/assistants/:id/versions"];
const TABLES = [
  "threads",
  "messages",
  "cases",
  "approvals",
  "approval_questions",
  "handovers",
  "tenant_policy_changes",
  "shadow_reports",
  "canaries",
  "turn_outcomes",
  "checkpoint_pins",
  "legal_holds",
  "bank_sim.ledger_entries",
  "langgraph.checkpoints",
  "langgraph.checkpoint_writes",
];

type Demo = {
  thread: string;
  approvalId: string;
  version: number;
  caseId: string;
  handoverId: string;
  checkpointId: string;
  policyChangeId: string;
  shadowReportId: string;
  canaryId: string;
};
let demo: Demo;
const other: Record<"operator" | "supervisor" | "auditor" | "customer", string> = { operator: "", supervisor: "", auditor: "", customer: "" };
let olga: string;

async function rowCounts() {
  const counts: Record<string, number> = {};
  for (const table of TABLES) counts[table] = Number((await h.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]!.n);
  return counts;
}

beforeAll(async () => {
  await h.freshStart();
  const thread = await h.newThread("cust-alice");
  const turn = await h.say(thread, "I don't recognise the Electro Mart payment of 1,249.00");
  if (turn.kind !== "ok") throw new Error(`turn ended ${turn.kind}`);
  const approval = (await getApprovalByCase(h.db, TENANT, turn.caseId!))!;
  const handover = await requestHandover(h.db, {
    tenantId: TENANT,
    threadId: thread,
    customerId: "cust-alice",
    summary: "Alice asks about a card she cannot find.",
    reason: "needs_person",
  });
  const checkpointId = (await h.agent.history(TENANT, thread)).at(-1)!.checkpointId;
  const now = new Date();
  const policy = { autoApproveMaxMinor: 9_000, operatorLimitMinor: 50_000, fourEyesMinor: 100_000, approvalWindowMs: 48 * 3_600_000 };
  const change = await proposePolicyChange(h.db, {
    id: randomUUID(),
    tenantId: TENANT,
    baseVersion: 1,
    policy,
    proposedBy: "sam",
    now,
    expiresAt: new Date(now.getTime() + 3_600_000),
  });
  demo = {
    thread,
    approvalId: approval.id,
    version: approval.version,
    caseId: turn.caseId!,
    handoverId: handover.handoverId,
    checkpointId,
    policyChangeId: change.id,
    shadowReportId: await saveShadowReport(h.db, {
      tenantId: TENANT,
      candidateRevisionId: h.agent.revision.id,
      since: new Date(now.getTime() - 3_600_000),
      until: now,
      turns: 1,
      outcomesChanged: 0,
      ranBy: "release-manager",
      report: await h.agent.releases.shadow(TENANT, { since: new Date(now.getTime() - 3_600_000), until: now, limit: 10 }),
    }),
    canaryId: (await proposeCanary(h.db, {
      id: randomUUID(),
      tenantId: TENANT,
      candidateRevisionId: "rev-0123456789ab",
      currentRevisionId: h.agent.revision.id,
      sharePercent: 10,
      durationMs: 3_600_000,
      proposedBy: "sam",
      proposedAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
    }))!.id,
  };

  // The other bank: its own staff and a customer, written as the owner like any bank's data.
  const q = (text: string, values: unknown[] = []) => h.pool.query(text, values);
  await q(`insert into customers (id, tenant_id, name, home_country) values ('cust-zed', $1, 'Zed Zielinski', 'PL')`, [OTHER]);
  // Names of their own: the demo data has a second bank whose staff are seeded too.
  const people = { operator: "xenia", supervisor: "xavier", auditor: "xander", customer: "xena" } as const;
  for (const [role, name] of Object.entries(people)) {
    await q(`insert into users (id, tenant_id, username, password_hash, role, display_name, customer_id) values ($1, $2, $3, 'x', $4, $3, $5)`, [
      `user-${name}`,
      OTHER,
      name,
      role,
      role === "customer" ? "cust-zed" : null,
    ]);
    other[role as keyof typeof other] = cookie((await createSession(h.db, `user-${name}`)).token);
  }
  olga = cookie((await createSession(h.db, "user-olga")).token);
});
afterAll(() => h.pool.end());

/** Every route that takes one of this bank's ids, as the other bank's user whose role may call it, with a body that would otherwise be accepted. */
function callsWithThisBanksIds(): (Call & { as: keyof typeof other })[] {
  const { thread, approvalId, version, caseId, handoverId, checkpointId, policyChangeId, shadowReportId, canaryId } = demo;
  const post = (route: string, params: Record<string, string>, body: unknown, as: keyof typeof other) => ({
    method: "POST" as const,
    route,
    params,
    body: JSON.stringify(body),
    as,
  });
  const get = (route: string, params: Record<string, string>, as: keyof typeof other) => ({ method: "GET" as const, route, params, as });
  const del = (route: string, params: Record<string, string>, as: keyof typeof other) => ({ method: "DELETE" as const, route, params, as });
  const id = { id: thread };
  const run = { id: thread, runId: "0f0e0d0c-0b0a-4908-8706-050403020100" };
  return [
    get("/api/threads/:id", id, "customer"),
    post("/api/threads/:id/messages", id, { text: "hello" }, "customer"),
    get("/api/threads/:id/history", id, "supervisor"),
    post("/api/threads/:id/history", id, { reveal: true }, "auditor"),
    get("/api/threads/:id/checkpoints/:checkpointId", { id: thread, checkpointId }, "supervisor"),
    post("/api/threads/:id/checkpoints/:checkpointId", { id: thread, checkpointId }, { reveal: true }, "auditor"),
    post("/api/threads/:id/checkpoints/:checkpointId/replay", { id: thread, checkpointId }, {}, "supervisor"),
    get("/api/approvals/:id", { id: approvalId }, "operator"),
    post("/api/approvals/:id/decision", { id: approvalId }, { decision: "approve", version }, "supervisor"),
    post("/api/approvals/:id/decision", { id: approvalId }, { decision: "reject", reason: "not ours", version }, "operator"),
    post("/api/approvals/:id/claim", { id: approvalId }, { takeover: true }, "supervisor"),
    del("/api/approvals/:id/claim", { id: approvalId }, "supervisor"),
    post("/api/approvals/:id/questions", { id: approvalId }, { question: "Is this yours?", version }, "operator"),
    get("/api/cases/:id", { id: caseId }, "operator"),
    get("/api/handovers/:id", { id: handoverId }, "operator"),
    post("/api/handovers/:id/answer", { id: handoverId }, { text: "We are on it.", version: 1 }, "operator"),
    post("/api/handovers/:id/close", { id: handoverId }, { version: 1 }, "supervisor"),
    post("/api/tenant/policy/changes/:id", { id: policyChangeId }, { answer: "confirm" }, "supervisor"),
    post("/api/tenant/policy/changes/:id", { id: policyChangeId }, { answer: "reject" }, "supervisor"),
    get("/api/incidents/threads/:id/timeline", id, "auditor"),
    post("/api/incidents/threads/:id/timeline", id, { reveal: true }, "auditor"),
    get("/api/incidents/threads/:id/checkpoints", id, "auditor"),
    post("/api/incidents/threads/:id/checkpoints", id, { reveal: true }, "auditor"),
    get("/api/incidents/threads/:id/checkpoints/:checkpointId", { id: thread, checkpointId }, "auditor"),
    post("/api/incidents/threads/:id/checkpoints/:checkpointId", { id: thread, checkpointId }, { reveal: true }, "supervisor"),
    post("/api/incidents/threads/:id/checkpoints/:checkpointId/replay", { id: thread, checkpointId }, {}, "auditor"),
    post("/api/incidents/threads/:id/replay", id, { checkpointId }, "auditor"),
    post("/api/incidents/threads/:id/report", id, { reveal: false }, "auditor"),
    get("/api/incidents/threads/:id/retention", id, "auditor"),
    post("/api/incidents/threads/:id/pins", id, { checkpointId, reason: "incident 7" }, "auditor"),
    post("/api/incidents/threads/:id/legal-hold", id, { reason: "incident 7" }, "auditor"),
    post("/api/incidents/threads/:id/legal-hold/release", id, { reason: "incident 7" }, "auditor"),
    get("/api/langgraph/threads/:id", id, "customer"),
    get("/api/langgraph/threads/:id/state", id, "customer"),
    get("/api/langgraph/threads/:id/history", id, "customer"),
    post("/api/langgraph/threads/:id/history", id, { limit: 5 }, "customer"),
    post("/api/langgraph/threads/:id/runs/wait", id, { assistant_id: "agent", input: { messages: [{ type: "human", content: "hello" }] } }, "customer"),
    post("/api/langgraph/threads/:id/runs", id, { assistant_id: "agent", command: { resume: { type: "accept" } } }, "supervisor"),
    post("/api/langgraph/threads/:id/runs/stream", id, { assistant_id: "agent", input: { messages: [{ type: "human", content: "hello" }] } }, "customer"),
    get("/api/langgraph/threads/:id/runs/:runId", run, "customer"),
    get("/api/langgraph/threads/:id/runs/:runId/join", run, "customer"),
    get("/api/langgraph/threads/:id/runs/:runId/stream", run, "customer"),
    get("/api/langgraph/threads/:id", id, "operator"),
    post("/api/tenant/staff/:username/unlock", { username: "olga" }, {}, "supervisor"),
    get("/api/releases/shadow/:id", { id: shadowReportId }, "auditor"),
    post("/api/tenant/canary/:id", { id: canaryId }, { answer: "confirm" }, "supervisor"),
    post("/api/tenant/canary/:id/stop", { id: canaryId }, { reason: "not ours to stop" }, "supervisor"),
  ];
}

describe("two banks on one deployment", () => {
  it("answers the other bank's staff and customers 404 on every route that takes this bank's ids, shows nothing and changes nothing", async () => {
    const calls = callsWithThisBanksIds();
    // Every method of every route with an id in its path is called: a new route cannot be left out.
    const called = new Set(calls.map((c) => `${c.method} ${c.route}`));
    const withIds = sessionRoutes({ aliceThread: "", approvalId: "", handoverId: "" }).filter(
      (c) => c.route.includes(":") && !NOT_A_BANKS_ID.includes(c.route),
    );
    expect(withIds.map((c) => `${c.method} ${c.route}`).filter((r) => !called.has(r))).toEqual([]);
    const before = await rowCounts();
    const wrong: string[] = [];
    for (const { as, ...call } of calls) {
      const res = await callRoute({ ...call, cookie: other[as], headers: OWN });
      const text = await res.text();
      if (res.status !== 404 || !text.includes('"not_found:')) wrong.push(`${call.method} ${call.route} as ${as}: ${res.status} ${text.slice(0, 160)}`);
      for (const seen of ["Alice", "Novak", "Electro Mart", demo.approvalId, demo.caseId, demo.checkpointId]) {
        if (text.includes(seen) && !text.includes('"not_found:')) wrong.push(`${call.method} ${call.route} as ${as} shows ${seen}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await rowCounts()).toEqual(before);
    expect(await getApprovalById(h.db, TENANT, demo.approvalId)).toMatchObject({ status: "pending", version: demo.version, claimedBy: null });
    expect(await getHandoverById(h.db, TENANT, demo.handoverId)).toMatchObject({ status: "open", answer: null });
    expect(await getPendingPolicyChange(h.db, TENANT, new Date())).toMatchObject({ id: demo.policyChangeId, status: "pending" });
    const looks = await h.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_events where tenant_id = ${OTHER}`);
    expect(looks.rows[0]).toEqual({ n: 0 });
  });

  it("lists and searches only the caller's own bank: approvals, handovers, incident search, LangGraph thread search", async () => {
    const list = async (call: Call, as: keyof typeof other) => (await (await callRoute({ ...call, cookie: other[as], headers: OWN })).json()) as unknown;
    const approvals = (await list({ method: "GET", route: "/api/approvals" }, "operator")) as { items?: unknown[]; approvals?: unknown[] };
    expect(JSON.stringify(approvals)).not.toContain(demo.approvalId);
    expect(JSON.stringify(await list({ method: "GET", route: "/api/handovers" }, "operator"))).not.toContain(demo.handoverId);
    const search = (await list({ method: "GET", route: "/api/incidents/threads", query: "customer=Alice&pageSize=100" }, "auditor")) as { threads: unknown[] };
    expect(search.threads).toEqual([]);
    expect(await list({ method: "GET", route: "/api/releases/shadow" }, "auditor")).toEqual({ reports: [] });
    expect(await list({ method: "GET", route: "/api/tenant/canary" }, "auditor")).toMatchObject({ canaries: [] });
    const all = (await list({ method: "GET", route: "/api/incidents/threads", query: "pageSize=100" }, "auditor")) as { threads: unknown[] };
    expect(JSON.stringify(all)).not.toContain(demo.thread);
    const lg = await list({ method: "POST", route: "/api/langgraph/threads/search", body: JSON.stringify({ limit: 100 }) }, "customer");
    expect(JSON.stringify(lg)).not.toContain(demo.thread);
    // The same searches as this bank's own staff do find it: the filters are not simply empty.
    const own = (await (
      await callRoute({
        method: "GET",
        route: "/api/incidents/threads",
        query: "customer=Alice&pageSize=100",
        cookie: cookie((await createSession(h.db, "user-ivan")).token),
      })
    ).json()) as { threads: { threadId: string }[] };
    expect(own.threads.map((t) => t.threadId)).toContain(demo.thread);
  });

  it("streams a bank's approval changes to its own console only", async () => {
    const listen = async (who: string) => {
      const res = await callRoute({ method: "GET", route: "/api/approvals/events", cookie: who, headers: { accept: "text/event-stream" } });
      expect(res.status).toBe(200);
      const seen: string[] = [];
      const reader = res.body!.getReader();
      const reading = (async () => {
        const decoder = new TextDecoder();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          seen.push(decoder.decode(value));
        }
      })();
      // Cancelling ends the reads with done; a read that failed otherwise fails the test here.
      return { seen, stop: async () => (await reader.cancel(), await reading) };
    };
    const ours = await listen(olga);
    const theirs = await listen(other.operator);
    // Each stream says it is ready once it listens.
    await until("both consoles to be listening", () => ours.seen.join("").includes("event: ready") && theirs.seen.join("").includes("event: ready"));
    const claimed = await callRoute({
      method: "POST",
      route: "/api/approvals/:id/claim",
      params: { id: demo.approvalId },
      cookie: olga,
      headers: OWN,
      body: JSON.stringify({}),
    });
    expect(claimed.status).toBe(200);
    await until("this bank's console hears the claim", () => ours.seen.join("").includes(demo.approvalId));
    // The other console was open as long and heard nothing of it.
    expect(theirs.seen.join("")).not.toContain(demo.approvalId);
    expect(theirs.seen.join("")).not.toContain("event: approval");
    await Promise.all([ours.stop(), theirs.stop()]);
  });
});
