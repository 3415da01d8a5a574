import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { createSession } from "@/app/_lib/session";
import { requestHandover } from "@/agent/runtime/handovers";
import { getApprovalByCase, getApprovalById } from "@/db/queries/approvals";
import { getHandoverById } from "@/db/queries/handovers";
import { getTenant } from "@/db/queries/tenants";
import { agentHarness, TENANT } from "./agent-support";
import { cookie, crossSiteCorpus, headerInjectionCorpus, MARKUP_TEXTS, PROMPT_INJECTIONS, rejectedCorpus, type Fixtures } from "./bad-input-corpus";
import { callRoute } from "./routes";

// Hundreds of hostile requests without a session, all from one in-process client within a
// minute: past the address budget's default, which would answer them 429 before their own refusal.
process.env.ADDRESS_REQUESTS_PER_MINUTE = "100000";

const h = agentHarness();
let f: Fixtures;

const TABLES = [
  "tenants",
  "users",
  "sessions",
  "threads",
  "messages",
  "cases",
  "approvals",
  "approval_questions",
  "handovers",
  "bank_sim.ledger_entries",
  "audit_events",
  "node_events",
  "operator_notifications",
  "checkpoint_pins",
  "legal_holds",
  "langgraph.checkpoints",
  "langgraph.checkpoint_writes",
];

async function rowCounts(tables = TABLES) {
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = Number((await h.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]!.n);
  return counts;
}

/** Views, reveals, exports and replays recorded: a refused look records none. */
async function incidentAuditRows() {
  return Number((await h.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_events where action like 'incident.%'`)).rows[0]!.n);
}

/** Policy changes recorded: a refused change records none. */
async function policyAuditRows() {
  return Number((await h.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_events where action = 'tenant.policy_changed'`)).rows[0]!.n);
}

beforeAll(async () => {
  await h.freshStart();
  const token = async (user: string) => (await createSession(h.db, `user-${user}`)).token;
  const aliceThread = await h.newThread("cust-alice");
  const bobThread = await h.newThread("cust-bob");
  const turn = await h.say(aliceThread, "City Parking charged me 38 euros while I was abroad");
  if (turn.kind !== "ok") throw new Error("turn failed");
  const approval = (await getApprovalByCase(h.db, TENANT, turn.caseId!))!;
  const electro = await h.say(await h.newThread("cust-alice"), "I don't recognise the Electro Mart payment of 1,249.00");
  if (electro.kind !== "ok") throw new Error("turn failed");
  const fourEyes = (await getApprovalByCase(h.db, TENANT, electro.caseId!))!;
  const handover = await requestHandover(h.db, {
    tenantId: TENANT,
    threadId: aliceThread,
    customerId: "cust-alice",
    summary: "Alice asks about a card she cannot find.",
    reason: "needs_person",
  });
  const first = await h.decide(fourEyes, "olga");
  if (first.kind !== "ok" || first.status !== "pending") throw new Error(`first approval failed: ${JSON.stringify(first)}`);
  f = {
    alice: await token("alice"),
    bob: await token("bob"),
    olga: await token("olga"),
    ivan: await token("ivan"),
    aliceThread,
    bobThread,
    approvalId: approval.id,
    version: approval.version,
    caseId: turn.caseId!,
    sam: await token("sam"),
    fourEyesApprovalId: fourEyes.id,
    fourEyesVersion: first.version,
    fourEyesAmountMinor: fourEyes.amountMinor,
    handoverId: handover.handoverId,
    handoverVersion: 1,
    policyVersion: (await getTenant(h.db, TENANT))!.version,
  };
});
afterAll(() => h.pool.end());

describe("bad input", () => {
  it("gets a clear 4xx for every one of 200+ malformed or hostile requests, and changes nothing", async () => {
    // The clock stands still, so the sign-in flood's delay (1 s after its fifth failure) is not run down by a slow machine.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date());
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const corpus = rejectedCorpus(f);
    expect(corpus.length).toBeGreaterThanOrEqual(200);
    const before = await rowCounts(TABLES.filter((t) => t !== "audit_events"));
    const looksBefore = await incidentAuditRows();
    const wrong: string[] = [];
    const statuses: Record<number, number> = {};
    const flood: string[] = [];
    for (const call of corpus) {
      const res = await callRoute(call);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      const body = await res.json().catch(() => null);
      const clear =
        res.status >= 400 && res.status < 500 && typeof body?.code === "string" && /^[a-z_]+:[a-z_]+$/.test(body.code) && typeof body?.message === "string";
      const quiet = !res.headers.has("set-cookie") && !res.headers.has("location");
      if (!clear || !quiet) wrong.push(`${call.name}: ${res.status} ${JSON.stringify(body)?.slice(0, 120)}`);
      if (call.name.startsWith("login flood on sam")) flood.push(`${res.status} ${body?.code}${res.headers.has("retry-after") ? " retry-after" : ""}`);
    }
    console.log(`${corpus.length} hostile requests, statuses: ${JSON.stringify(statuses)}`);
    expect(wrong).toEqual([]);
    expect(flood).toEqual([...Array(5).fill("401 unauthorized:login"), ...Array(4).fill("429 too_many_requests:login retry-after")]);
    const samFailures = await h.db.execute(sql`select count(*)::int as n from login_failures where username = 'sam'`);
    expect(samFailures.rows[0]).toEqual({ n: 5 });
    expect(await rowCounts(TABLES.filter((t) => t !== "audit_events"))).toEqual(before);
    expect(await incidentAuditRows()).toBe(looksBefore);
    expect(await getApprovalByCase(h.db, TENANT, f.caseId)).toMatchObject({ status: "pending", version: f.version, claimedBy: null });
    expect(await getApprovalById(h.db, TENANT, f.fourEyesApprovalId)).toMatchObject({
      status: "pending",
      version: f.fourEyesVersion,
      firstApprovedBy: "olga",
      approvedAmountMinor: null,
    });
    expect(await getHandoverById(h.db, TENANT, f.handoverId)).toMatchObject({ status: "open", version: f.handoverVersion, answer: null });
    expect(await getTenant(h.db, TENANT)).toMatchObject({ version: f.policyVersion, autoApproveMaxMinor: 5_000, updatedBy: "seed" });
    expect(await policyAuditRows()).toBe(0);
  });

  it("refuses writes from other sites (403) and writes not typed JSON (415) or too large (413) before anything runs, audit included", async () => {
    const corpus = crossSiteCorpus(f);
    const before = await rowCounts();
    const wrong: string[] = [];
    for (const call of corpus) {
      const res = await callRoute(call);
      const body = await res.json();
      if (`${res.status} ${body.code}` !== call.expect || typeof body.message !== "string")
        wrong.push(`${call.name}: ${res.status} ${JSON.stringify(body).slice(0, 120)}`);
    }
    console.log(`${corpus.length} cross-site, mistyped or oversized writes`);
    expect(wrong).toEqual([]);
    expect(await rowCounts()).toEqual(before);
    expect(await getTenant(h.db, TENANT)).toMatchObject({ version: f.policyVersion, updatedBy: "seed" });
  });

  it("never lets an id break into a response header", async () => {
    for (const call of headerInjectionCorpus(f)) {
      const res = await callRoute(call);
      expect(res.status >= 400 && res.status < 500, `${call.name}: ${res.status}`).toBe(true);
      expect(res.headers.get("set-cookie"), call.name).toBeNull();
      expect(res.headers.get("x-injected"), call.name).toBeNull();
      expect(res.headers.get("content-disposition"), call.name).toBeNull();
    }
  });

  it("keeps markup as text and never lets chat text approve or pay", async () => {
    const ledgerBefore = await rowCounts(["bank_sim.ledger_entries"]);
    for (const text of [...MARKUP_TEXTS, ...PROMPT_INJECTIONS]) {
      const res = await callRoute({
        method: "POST",
        route: "/api/threads/:id/messages",
        params: { id: f.aliceThread },
        cookie: cookie(f.alice),
        body: JSON.stringify({ text }),
      });
      expect(res.status).toBe(200);
    }
    const thread = await (await callRoute({ method: "GET", route: "/api/threads/:id", params: { id: f.aliceThread }, cookie: cookie(f.alice) })).json();
    const stored = thread.messages.filter((m: { role: string }) => m.role === "customer").map((m: { text: string }) => m.text);
    expect(stored).toEqual(expect.arrayContaining(MARKUP_TEXTS));
    expect(await rowCounts(["bank_sim.ledger_entries"])).toEqual(ledgerBefore);
    expect(await getApprovalByCase(h.db, TENANT, f.caseId)).toMatchObject({ status: "pending", version: f.version });
  });

  it("lets the same writes through from the app's own origin, so the refusals above are the checks and not the fixtures", async () => {
    const own = { origin: "http://localhost", "sec-fetch-site": "same-origin" };
    const claim = await callRoute({
      method: "POST",
      route: "/api/approvals/:id/claim",
      params: { id: f.approvalId },
      cookie: `bank_session=${f.olga}`,
      body: "{}",
      headers: own,
    });
    expect(claim.status).toBe(200);
    const release = await callRoute({
      method: "DELETE",
      route: "/api/approvals/:id/claim",
      params: { id: f.approvalId },
      cookie: `bank_session=${f.olga}`,
      headers: own,
    });
    expect(release.status).toBe(200);
    const created = await callRoute({ method: "POST", route: "/api/threads", cookie: `bank_session=${f.bob}`, headers: own });
    expect(created.status).toBe(201);
  });
});
