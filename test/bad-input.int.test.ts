import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "@/app/_lib/session";
import { getApprovalByCase } from "@/db/queries/approvals";
import { agentHarness, TENANT } from "./agent-support";
import { cookie, MARKUP_TEXTS, PROMPT_INJECTIONS, rejectedCorpus, type Fixtures } from "./bad-input-corpus";
import { callRoute } from "./routes";

const h = agentHarness();
let f: Fixtures;

const TABLES = ["users", "sessions", "threads", "messages", "cases", "approvals", "approval_questions", "ledger_entries", "audit_events", "node_events", "operator_notifications", "langgraph.checkpoints", "langgraph.checkpoint_writes"];

async function rowCounts(tables = TABLES) {
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = Number((await h.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]!.n);
  return counts;
}

beforeAll(async () => {
  await h.freshStart();
  const token = async (user: string) => (await createSession(h.db, `user-${user}`)).token;
  const aliceThread = await h.newThread("cust-alice");
  const bobThread = await h.newThread("cust-bob");
  const turn = await h.say(aliceThread, "City Parking charged me 38 euros while I was abroad");
  if (turn.kind !== "ok") throw new Error("turn failed");
  const approval = (await getApprovalByCase(h.db, TENANT, turn.caseId!))!;
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
  };
});
afterAll(() => h.pool.end());

describe("bad input", () => {
  it("gets a clear 4xx for every one of 200+ malformed or hostile requests, and changes nothing", async () => {
    const corpus = rejectedCorpus(f);
    expect(corpus.length).toBeGreaterThanOrEqual(200);
    const before = await rowCounts(TABLES.filter((t) => t !== "audit_events"));
    const wrong: string[] = [];
    const statuses: Record<number, number> = {};
    const flood: string[] = [];
    for (const call of corpus) {
      const res = await callRoute(call);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      const body = await res.json().catch(() => null);
      const clear = res.status >= 400 && res.status < 500 && typeof body?.code === "string" && /^[a-z_]+:[a-z_]+$/.test(body.code) && typeof body?.message === "string";
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
    expect((await getApprovalByCase(h.db, TENANT, f.caseId))).toMatchObject({ status: "pending", version: f.version, claimedBy: null });
  });

  it("keeps markup as text and never lets chat text approve or pay", async () => {
    const ledgerBefore = await rowCounts(["ledger_entries"]);
    for (const text of [...MARKUP_TEXTS, ...PROMPT_INJECTIONS]) {
      const res = await callRoute({ method: "POST", route: "/api/threads/:id/messages", params: { id: f.aliceThread }, cookie: cookie(f.alice), body: JSON.stringify({ text }) });
      expect(res.status).toBe(200);
    }
    const thread = await (await callRoute({ method: "GET", route: "/api/threads/:id", params: { id: f.aliceThread }, cookie: cookie(f.alice) })).json();
    const stored = thread.messages.filter((m: { role: string }) => m.role === "customer").map((m: { text: string }) => m.text);
    expect(stored).toEqual(expect.arrayContaining(MARKUP_TEXTS));
    expect(await rowCounts(["ledger_entries"])).toEqual(ledgerBefore);
    expect(await getApprovalByCase(h.db, TENANT, f.caseId)).toMatchObject({ status: "pending", version: f.version });
  });
});
