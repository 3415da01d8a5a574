import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createSession } from "@/app/_lib/session";
import { getApprovalByCase } from "@/db/queries/approvals";
import { auditEvents } from "@/db/schema";
import { agentHarness, TENANT } from "@/test/agent-support";
import { callRoute, type Call } from "@/test/routes";

const h = agentHarness();
let tokens: Record<"alice" | "olga" | "sam" | "ivan", string>;
let thread: string;
let caseId: string;
let approvalId: string;
let checkpointIds: string[];

/** Alice's name and her card's last digits, in any staff answer, are a leak. */
const ALICE = /Alice|Novak|NOVAK|novak|4242/;

const as = (user: keyof typeof tokens, call: Omit<Call, "cookie">) => callRoute({ ...call, cookie: `bank_session=${tokens[user]}` });
const json = (value: unknown) => JSON.stringify(value);

async function auditCount(action: string, actor: string) {
  const [row] = await h.db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditEvents)
    .where(and(eq(auditEvents.tenantId, TENANT), eq(auditEvents.action, action), eq(auditEvents.actor, actor), eq(auditEvents.subjectId, thread)));
  return row!.n;
}

async function allAudit() {
  return Number((await h.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_events`)).rows[0]!.n);
}

beforeAll(async () => {
  await h.freshStart();
  const token = async (user: string) => (await createSession(h.db, `user-${user}`)).token;
  tokens = { alice: await token("alice"), olga: await token("olga"), sam: await token("sam"), ivan: await token("ivan") };
  thread = await h.newThread("cust-alice");
  const limits = await h.say(thread, "what are my card limits");
  expect(limits).toMatchObject({ kind: "ok", reply: expect.stringContaining("Card ending 4242") });
  const turn = await h.say(thread, "I don't recognise the Electro Mart payment of 1,249.00");
  if (turn.kind !== "ok") throw new Error("turn failed");
  caseId = turn.caseId!;
  const approval = (await getApprovalByCase(h.db, TENANT, caseId))!;
  approvalId = approval.id;
  const asked = await h.agent.askCustomer({
    tenantId: TENANT,
    approvalId,
    actor: "olga",
    role: "operator",
    version: approval.version,
    question: "Alice Novak, is the card ending 4242 still with you?",
  });
  expect(asked.kind).toBe("ok");
  await h.say(thread, "Yes, this is Alice Novak, my card 4242 4242 4242 4242 is in my wallet. Bob Kowalski never had it.");
  const history = await (await as("ivan", { method: "GET", route: "/api/incidents/threads/:id/checkpoints", params: { id: thread } })).json();
  checkpointIds = history.checkpoints.map((c: { checkpointId: string }) => c.checkpointId);
  expect(checkpointIds.length).toBeGreaterThan(3);
});
afterAll(() => h.pool.end());

describe("personal data for staff", () => {
  it("shows customers their own card digits and name in their own chat", async () => {
    const res = await as("alice", { method: "GET", route: "/api/threads/:id", params: { id: thread } });
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain("Card ending 4242");
    expect(body).toContain("this is Alice Novak");
  });

  it("never shows alice's name or card digits to an operator, an auditor or a supervisor on any staff route without a reveal", async () => {
    const reads: [keyof typeof tokens, Omit<Call, "cookie">][] = [];
    for (const user of ["olga", "ivan", "sam"] as const) {
      reads.push(
        [user, { method: "GET", route: "/api/approvals", query: "status=all&pageSize=100" }],
        [user, { method: "GET", route: "/api/approvals/:id", params: { id: approvalId } }],
        [user, { method: "GET", route: "/api/cases/:id", params: { id: caseId } }],
      );
    }
    for (const user of ["ivan", "sam"] as const) {
      reads.push(
        [user, { method: "GET", route: "/api/incidents/threads", query: "customer=alice" }],
        [user, { method: "GET", route: "/api/incidents/threads/:id/timeline", params: { id: thread } }],
        [user, { method: "GET", route: "/api/incidents/threads/:id/checkpoints", params: { id: thread } }],
        [user, { method: "GET", route: "/api/threads/:id/history", params: { id: thread } }],
        [user, { method: "POST", route: "/api/incidents/threads/:id/report", params: { id: thread }, body: json({}) }],
        [user, { method: "POST", route: "/api/incidents/threads/:id/timeline", params: { id: thread }, body: json({ reveal: false }) }],
      );
      for (const checkpointId of checkpointIds) {
        reads.push([user, { method: "GET", route: "/api/incidents/threads/:id/checkpoints/:checkpointId", params: { id: thread, checkpointId } }]);
        reads.push([user, { method: "GET", route: "/api/threads/:id/checkpoints/:checkpointId", params: { id: thread, checkpointId } }]);
      }
    }
    const leaks: string[] = [];
    let maskedSeen = 0;
    for (const [user, call] of reads) {
      const res = await as(user, call);
      const body = await res.text();
      if (res.status !== 200) leaks.push(`${user} ${call.method} ${call.route}: ${res.status} ${body.slice(0, 100)}`);
      const leak = ALICE.exec(body);
      if (leak)
        leaks.push(`${user} ${call.method} ${call.route} ${call.params?.checkpointId ?? ""}: "${body.slice(Math.max(0, leak.index - 60), leak.index + 20)}"`);
      if (body.includes("A**** N****") || body.includes("••••")) maskedSeen++;
    }
    expect(leaks).toEqual([]);
    expect(maskedSeen).toBeGreaterThan(reads.length / 2);
  });

  it("masks a sandbox replay through the alias and the viewer's route alike, and audits both as incident.replayed", async () => {
    const before = await auditCount("incident.replayed", "ivan");
    const first = checkpointIds[0]!;
    const alias = await as("ivan", { method: "POST", route: "/api/threads/:id/checkpoints/:checkpointId/replay", params: { id: thread, checkpointId: first } });
    const viewer = await as("ivan", {
      method: "POST",
      route: "/api/incidents/threads/:id/replay",
      params: { id: thread },
      body: json({ checkpointId: first }),
    });
    for (const res of [alias, viewer]) {
      expect(res.status).toBe(200);
      expect(await res.text()).not.toMatch(ALICE);
    }
    expect(await auditCount("incident.replayed", "ivan")).toBe(before + 2);
  });

  it("audits every read through the older /api/threads aliases as the incident viewer does", async () => {
    const viewed = await auditCount("incident.viewed", "sam");
    const history = await as("sam", { method: "GET", route: "/api/threads/:id/history", params: { id: thread } });
    expect(history.status).toBe(200);
    expect((await history.json()).checkpoints.map((c: { checkpointId: string }) => c.checkpointId)).toEqual(checkpointIds);
    const checkpoint = await as("sam", {
      method: "GET",
      route: "/api/threads/:id/checkpoints/:checkpointId",
      params: { id: thread, checkpointId: checkpointIds.at(-1)! },
    });
    expect(await checkpoint.json()).toMatchObject({ checkpointId: checkpointIds.at(-1), values: expect.any(Object), diff: expect.any(Array) });
    expect(await auditCount("incident.viewed", "sam")).toBe(viewed + 2);
    expect(await auditCount("incident.revealed", "sam")).toBe(0);
  });

  it("refuses a GET that asks for a reveal in its query, and writes no audit row", async () => {
    const before = await allAudit();
    const calls: Omit<Call, "cookie">[] = [
      { method: "GET", route: "/api/incidents/threads/:id/timeline", params: { id: thread }, query: "reveal=1" },
      { method: "GET", route: "/api/incidents/threads/:id/checkpoints", params: { id: thread }, query: "reveal=true" },
      {
        method: "GET",
        route: "/api/incidents/threads/:id/checkpoints/:checkpointId",
        params: { id: thread, checkpointId: checkpointIds[0]! },
        query: "reveal=1",
      },
      { method: "GET", route: "/api/threads/:id/history", params: { id: thread }, query: "reveal=1" },
      { method: "GET", route: "/api/threads/:id/checkpoints/:checkpointId", params: { id: thread, checkpointId: checkpointIds[0]! }, query: "reveal" },
    ];
    for (const call of calls) {
      const res = await as("ivan", call);
      expect(res.status, call.route).toBe(400);
      expect(await res.json()).toMatchObject({ code: "bad_request:reveal", message: expect.stringContaining("POST") });
    }
    expect(await allAudit()).toBe(before);
  });

  it("reveals names and card digits only on a POST, which writes incident.revealed first", async () => {
    const revealed = await auditCount("incident.revealed", "ivan");
    const timeline = await as("ivan", { method: "POST", route: "/api/incidents/threads/:id/timeline", params: { id: thread }, body: json({ reveal: true }) });
    const body = await timeline.json();
    expect(body.customer.name).toBe("Alice Novak");
    expect(json(body)).toContain("Card ending 4242");
    expect(json(body)).toContain("Bob Kowalski never had it");
    expect(await auditCount("incident.revealed", "ivan")).toBe(revealed + 1);

    const checkpoint = await as("ivan", {
      method: "POST",
      route: "/api/threads/:id/checkpoints/:checkpointId",
      params: { id: thread, checkpointId: checkpointIds.at(-1)! },
      body: json({ reveal: true }),
    });
    expect(await checkpoint.text()).toMatch(/Alice Novak|4242/);
    expect(await auditCount("incident.revealed", "ivan")).toBe(revealed + 2);

    const exported = await auditCount("incident.exported", "ivan");
    const report = await as("ivan", { method: "POST", route: "/api/incidents/threads/:id/report", params: { id: thread }, body: json({ reveal: true }) });
    expect(report.headers.get("content-disposition")).toBe(`attachment; filename="incident-${thread}.json"`);
    const exportedReport = await report.json();
    expect(exportedReport.customer.name).toBe("Alice Novak");
    expect(exportedReport.views).toContainEqual(expect.objectContaining({ actor: "ivan", action: "incident.revealed" }));
    expect(await auditCount("incident.exported", "ivan")).toBe(exported + 1);
    expect(await auditCount("incident.revealed", "ivan")).toBe(revealed + 3);
  });

  it("refuses operators and customers on every investigator route and alias, and writes no audit row", async () => {
    const before = await allAudit();
    const calls: Omit<Call, "cookie">[] = [
      { method: "GET", route: "/api/incidents/threads" },
      { method: "GET", route: "/api/incidents/threads/:id/timeline", params: { id: thread } },
      { method: "POST", route: "/api/incidents/threads/:id/timeline", params: { id: thread }, body: json({ reveal: true }) },
      { method: "GET", route: "/api/incidents/threads/:id/checkpoints", params: { id: thread } },
      {
        method: "POST",
        route: "/api/incidents/threads/:id/checkpoints/:checkpointId",
        params: { id: thread, checkpointId: checkpointIds[0]! },
        body: json({ reveal: true }),
      },
      { method: "POST", route: "/api/incidents/threads/:id/report", params: { id: thread }, body: json({ reveal: true }) },
      { method: "GET", route: "/api/threads/:id/history", params: { id: thread } },
      { method: "GET", route: "/api/threads/:id/checkpoints/:checkpointId", params: { id: thread, checkpointId: checkpointIds[0]! } },
      { method: "POST", route: "/api/threads/:id/checkpoints/:checkpointId/replay", params: { id: thread, checkpointId: checkpointIds[0]! } },
    ];
    for (const user of ["olga", "alice"] as const) {
      for (const call of calls) {
        const res = await as(user, call);
        expect(res.status, `${user} ${call.method} ${call.route}`).toBe(403);
        expect(await res.text()).not.toMatch(ALICE);
      }
    }
    const staffRead = await as("olga", { method: "GET", route: "/api/threads/:id", params: { id: thread } });
    expect(staffRead.status).toBe(403);
    expect(await allAudit()).toBe(before);
  });
});

describe("a ledger that does not answer", () => {
  afterEach(() => vi.restoreAllMocks());

  /** The ledger's read API refuses connections; every other call goes through. */
  function ledgerDown() {
    const fetch = globalThis.fetch;
    const reads: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!url.includes("/ledger/entries")) return fetch(input, init);
      reads.push(url);
      return Promise.reject(new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED") }));
    });
    return reads;
  }

  it("gives 503 unavailable:ledger on every page that shows ledger entries, the incident report included", async () => {
    const reads = ledgerDown();
    const pages: [keyof typeof tokens, Omit<Call, "cookie">][] = [
      ["ivan", { method: "POST", route: "/api/incidents/threads/:id/report", params: { id: thread }, body: json({}) }],
      ["ivan", { method: "GET", route: "/api/incidents/threads/:id/timeline", params: { id: thread } }],
      ["olga", { method: "GET", route: "/api/cases/:id", params: { id: caseId } }],
      ["olga", { method: "GET", route: "/api/approvals/:id", params: { id: approvalId } }],
    ];
    for (const [user, call] of pages) {
      const res = await as(user, call);
      expect({ route: call.route, status: res.status, body: await res.json() }).toEqual({
        route: call.route,
        status: 503,
        body: expect.objectContaining({ code: "unavailable:ledger" }),
      });
    }
    expect(reads).toHaveLength(pages.length);
  });

  it("shows the ledger's entries again once it answers", async () => {
    const res = await as("ivan", { method: "POST", route: "/api/incidents/threads/:id/report", params: { id: thread }, body: json({}) });
    expect(res.status).toBe(200);
    expect((await res.json()).ledgerEntries).toEqual([]);
  });
});
