import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getApprovalByCase } from "../../db/queries/approvals";
import { LosesLimits } from "../../test/candidate-models";
import { agentHarness, FAST_SETTINGS, TENANT } from "../../test/agent-support";
import { isPhrasing } from "../../test/llm-fakes/script";
import { startLlmFake } from "../../test/llm-fakes/server";
import { createChatModel } from "../clients/model";
import { createAgent } from "../index";
import { revisionOf } from "../runtime/revision";
import { listShadowReports } from "../../db/queries/shadow-reports";
import { runScript } from "../../test/run-script";
import { callRoute } from "../../test/routes";
import { cookie } from "../../test/bad-input-corpus";
import { createSession } from "@/app/_lib/session";
import { shadowReportList, shadowReportView } from "@/app/api/releases/shadow/schema";

const h = agentHarness();

/** Every row production holds about conversations, money and cards, and what the bank systems were asked. */
async function production() {
  const one = async (q: ReturnType<typeof sql>) => (await h.db.execute<{ v: string }>(q)).rows[0]!.v;
  return {
    checkpoints: await one(sql`select md5(string_agg(thread_id || checkpoint_id, ',' order by thread_id, checkpoint_id)) as v from langgraph.checkpoints`),
    writes: await one(sql`select count(*)::text as v from langgraph.checkpoint_writes`),
    messages: await one(sql`select md5(string_agg(id::text || text, ',' order by id)) as v from messages`),
    cases: await one(sql`select md5(string_agg(id || status, ',' order by id)) as v from cases`),
    approvals: await one(sql`select md5(string_agg(id || status || version, ',' order by id)) as v from approvals`),
    handovers: await one(sql`select count(*)::text as v from handovers`),
    nodeEvents: await one(sql`select count(*)::text as v from node_events`),
    audit: await one(sql`select count(*)::text as v from audit_events`),
    ledger: await one(sql`select count(*)::text as v from bank_sim.ledger_entries`),
    systems: JSON.stringify(await h.calls()),
  };
}

const WORDED = "Hello and welcome! I can help you with card payments you want refunded, your card limits, or where a refund stands. What can I do for you?";

const window = () => ({ since: new Date(Date.now() - 60 * 60 * 1000), until: new Date(Date.now() + 1000), limit: 1000 });

beforeAll(async () => {
  await h.freshStart();
  const refund = await h.newThread();
  expect(await h.say(refund, "I was charged twice at Coffee Corner")).toMatchObject({ kind: "ok" });
  const limits = await h.newThread();
  expect(await h.say(limits, "what are my card limits")).toMatchObject({ kind: "ok" });
  const reviewed = await h.newThread();
  await h.say(reviewed, "hello");
  const turn = await h.say(reviewed, "I don't recognise the Electro Mart payment of 1,249.00");
  if (turn.kind !== "ok") throw new Error(`the Electro Mart turn ended ${turn.kind}`);
  const approval = (await getApprovalByCase(h.db, TENANT, turn.caseId!))!;
  await h.decide(approval, "olga");
  await h.decide({ id: approval.id, version: approval.version + 1 }, "sam");
});
afterAll(() => h.pool.end());

describe("shadow replay of a bank's real turns", () => {
  it("through the revision that answered them: every turn comes out as it did, and production is only read", async () => {
    const before = await production();
    const report = await h.agent.releases.shadow(TENANT, window());

    expect(report.failed).toEqual([]);
    expect(report.overall.turns).toBe(4);
    expect(report.turnsInWindow).toBe(4);
    expect(report.understanding).toEqual({ recorded: 0, candidate: 4 });
    expect(report.production).toEqual({ [h.agent.revision.id]: 4 });
    expect(report.changes).toEqual([]);
    expect(report.overall.outcomesChanged).toBe(0);
    expect(Object.keys(report.byIntent).sort()).toEqual(["greeting", "limits", "refund"]);
    expect(report.byIntent.refund).toMatchObject({ turns: 2, outcomesChanged: 0 });
    expect(report.overall.production).toEqual(report.overall.candidate);
    expect(await production()).toEqual(before);
  });

  it("through a candidate that loses a kind of question: that turn is named as changed, its intent's fallback rate rises, the rest stay", async () => {
    const candidate = createAgent({
      db: h.app.db,
      pool: h.app.pool,
      revision: revisionOf({ ...h.agent.revision.components, code: `${h.agent.revision.components.code}+loses-limits` }),
      deps: { settings: FAST_SETTINGS, model: new LosesLimits() },
    });
    try {
      const before = await production();
      const report = await candidate.releases.shadow(TENANT, window());

      expect(report.candidate.id).toBe(candidate.revision.id);
      expect(report.overall).toMatchObject({ turns: 4, outcomesChanged: 1 });
      expect(report.byIntent.limits).toMatchObject({
        turns: 1,
        outcomesChanged: 1,
        production: { fallback: 0 },
        candidate: { fallback: 1 },
        changed: expect.objectContaining({ understood: 1, outcome: 1, reply: 1, case: 0, refund: 0 }),
      });
      expect(report.byIntent.refund).toMatchObject({ turns: 2, outcomesChanged: 0 });
      expect(report.changes).toEqual([
        expect.objectContaining({
          changes: expect.arrayContaining(["understood", "outcome", "reply"]),
          production: expect.objectContaining({ intent: "limits", outcome: "limits_answered" }),
          candidate: expect.objectContaining({ intent: "unclear", fallback: true }),
        }),
      ]);
      expect(await production()).toEqual(before);
    } finally {
      await candidate.close();
    }
  });

  it("of turns a language model read: the same model with the same prompts is not asked again, another model is", async () => {
    const fake = await startLlmFake((request) =>
      isPhrasing(request) ? { kind: "text", text: WORDED } : { kind: "text", text: '{"intent":"greeting","confidence":0.95}' },
    );
    const withModel = (name: string) =>
      createAgent({
        db: h.app.db,
        pool: h.app.pool,
        revision: revisionOf({ ...h.agent.revision.components, model: `openai:${name}` }),
        deps: { settings: FAST_SETTINGS, model: createChatModel({ LLM_PROVIDER: "openai", LLM_BASE_URL: fake.openaiUrl, LLM_MODEL: name }) },
      });
    const live = withModel("fake-model");
    const other = withModel("fake-model-next");
    try {
      await live.revisionRegistered();
      const threadId = await h.newThread();
      expect(await live.sendMessage({ tenantId: TENANT, threadId, customerId: "cust-alice", text: "good morning to you", actor: "cust-alice" })).toMatchObject({
        kind: "ok",
        reply: WORDED,
      });
      const asked = fake.requests.length;
      const before = await production();
      /** The model's requests since the turn that carry its words. */
      const askedAgain = () => fake.requests.slice(asked).filter((r) => JSON.stringify(r).includes("good morning to you")).length;

      const same = await live.releases.shadow(TENANT, window());
      expect(same.understanding).toEqual({ recorded: 1, candidate: 4 });
      expect(same.replies).toEqual({ compared: 4, notCompared: 1 });
      expect(askedAgain()).toBe(0);
      expect(same.byIntent.greeting).toMatchObject({ turns: 2, outcomesChanged: 0 });

      const next = await other.releases.shadow(TENANT, window());
      expect(next.understanding).toEqual({ recorded: 0, candidate: 5 });
      expect(askedAgain()).toBeGreaterThan(0);
      expect(await production()).toEqual(before);
    } finally {
      await Promise.all([live.close(), other.close()]);
      await fake.close();
    }
  });

  it("as `npm run release:shadow`: refuses a candidate this checkout is not, writes the report as JSON and keeps it for the bank, and changes nothing else", async () => {
    const shadow = (args: string[]) => runScript("scripts/release-shadow.ts", args, { env: { DATABASE_URL: process.env.DATABASE_OWNER_URL } });
    const out = path.join(mkdtempSync(path.join(tmpdir(), "shadow-")), "report.json");
    const before = await production();

    const refused = await shadow(["--candidate", "rev-000000000000", "--since", "1h", "--bank", TENANT]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`this checkout runs as ${h.agent.revision.id}, not rev-000000000000`);
    expect(await shadow(["--since", "yesterday-ish"])).toMatchObject({ code: 2, stderr: expect.stringContaining("--since needs a span back from now") });

    const run = await shadow(["--candidate", h.agent.revision.id, "--since", "1h", "--bank", TENANT, "--out", out]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`${TENANT}: 5 turn(s) from`);
    const report = JSON.parse(readFileSync(out, "utf8")) as { candidate: { id: string }; overall: { turns: number } };
    expect(report).toMatchObject({ candidate: { id: h.agent.revision.id }, overall: { turns: 5 } });
    const kept = await listShadowReports(h.db, TENANT);
    expect(kept).toEqual([expect.objectContaining({ candidateRevisionId: h.agent.revision.id, turns: 5 })]);
    expect(await listShadowReports(h.db, "other-bank")).toEqual([]);
    expect(await production()).toEqual(before);
  });

  it("is read over the API by the bank's supervisors and auditors: the list, a report that fits its schema, 403 for an operator, 404 and 400 for an id that is not one", async () => {
    const as = async (user: string) => cookie((await createSession(h.db, `user-${user}`)).token);
    const [sam, ivan, olga] = [await as("sam"), await as("ivan"), await as("olga")];
    const list = await callRoute({ method: "GET", route: "/api/releases/shadow", cookie: sam });
    expect(list.status).toBe(200);
    const { reports } = shadowReportList.parse(await list.json());
    expect(reports).toHaveLength(1);
    const one = await callRoute({ method: "GET", route: "/api/releases/shadow/:id", params: { id: reports[0]!.id }, cookie: ivan });
    expect(one.status).toBe(200);
    const view = shadowReportView.parse(await one.json());
    expect(view.report.overall.turns).toBe(5);
    expect(JSON.stringify(view)).not.toContain("Electro Mart");

    expect((await callRoute({ method: "GET", route: "/api/releases/shadow", cookie: olga })).status).toBe(403);
    expect((await callRoute({ method: "GET", route: "/api/releases/shadow/:id", params: { id: "no-such-report" }, cookie: sam })).status).toBe(404);
    expect((await callRoute({ method: "GET", route: "/api/releases/shadow/:id", params: { id: "../../etc" }, cookie: sam })).status).toBe(400);
  });
});
