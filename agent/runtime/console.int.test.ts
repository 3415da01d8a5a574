import { eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createAgent } from "../index";
import { createAgentStore } from "./store";
import { createInstance } from "./instance";
import { getApprovalByCase, type ApprovalRow } from "../../db/queries/approvals";
import { listApprovalQueue } from "../../db/queries/approval-queue";
import { listAuditEventsBySubject } from "../../db/queries/audit";
import { claimThread, listMessagesByThread } from "../../db/queries/threads";
import { operatorNotifications } from "../../db/schema";
import { getTenant, setTenantPolicy } from "../../db/queries/tenants";
import { agentHarness, FAST_SETTINGS, TENANT } from "../../test/agent-support";

const h = agentHarness();

beforeEach(() => h.freshStart());
afterAll(() => h.pool.end());

async function pending(text: string, customer = "cust-alice"): Promise<ApprovalRow & { thread: string }> {
  const thread = await h.newThread(customer);
  const turn = await h.say(thread, text, customer);
  if (turn.kind !== "ok" || turn.status !== "awaiting_approval") throw new Error(`expected review, got ${JSON.stringify(turn)}`);
  return { ...(await getApprovalByCase(h.db, TENANT, turn.caseId!))!, thread };
}

const parking = "City Parking charged me 38 euros while I was abroad";

describe("approval authority on the server", () => {
  it("refuses an operator above their bank's limit and lets a supervisor decide", async () => {
    const bank = (await getTenant(h.db, TENANT))!;
    const policy = { autoApproveMaxMinor: 3_000, operatorLimitMinor: 3_000, fourEyesMinor: 100_000, approvalWindowMs: bank.approvalWindowMs };
    await setTenantPolicy(h.db, { tenantId: TENANT, version: bank.version, policy, actor: "test", now: new Date(), defaults: bank });
    const strict = createAgent({ db: h.db, pool: h.pool, deps: { settings: FAST_SETTINGS } });
    const approval = await pending(parking);
    const ask = (actor: string, role: "operator" | "supervisor") =>
      strict.decide({ tenantId: TENANT, approvalId: approval.id, version: approval.version, decision: "approved", reason: "ok", actor, role });
    expect(await ask("olga", "operator")).toMatchObject({ kind: "forbidden", code: "forbidden:amount_limit" });
    expect(await h.ledgerRows()).toHaveLength(0);
    const carried = await h.agent.carriedOut(TENANT, approval.id, 60_000);
    expect(await ask("sam", "supervisor")).toMatchObject({ kind: "ok", status: "approved" });
    await carried.done;
    expect(await h.ledgerRows()).toHaveLength(1);
  });

  it("needs two different people for 1,000.00 or more, one of them a supervisor", async () => {
    const approval = await pending("I don't recognise the Electro Mart payment");
    expect(approval.requiredApprovals).toBe(2);
    expect(await h.decide(approval, "olga")).toMatchObject({ kind: "ok", status: "pending", approvalsNeeded: 1 });
    const next = { id: approval.id, version: approval.version + 1 };
    expect(await h.decide(next, "olga")).toMatchObject({ kind: "forbidden", code: "forbidden:four_eyes" });
    expect(await h.decide(next, "oscar")).toMatchObject({ kind: "forbidden", code: "forbidden:four_eyes" });
    expect(await h.ledgerRows()).toHaveLength(0);
    expect(await h.decide(next, "sam")).toMatchObject({ kind: "ok", status: "executed" });
    expect(await h.ledgerRows()).toHaveLength(1);
  });

  it("refunds the lower amount an operator approved", async () => {
    const approval = await pending(parking);
    const carried = await h.agent.carriedOut(TENANT, approval.id, 60_000);
    const result = await h.agent.decide({
      tenantId: TENANT,
      approvalId: approval.id,
      version: approval.version,
      decision: "approved",
      reason: "Half",
      actor: "olga",
      role: "operator",
      amountMinor: 1_900,
    });
    expect(result).toMatchObject({ kind: "ok", status: "approved" });
    await carried.done;
    const [entry] = await h.ledgerRows(approval.caseId);
    expect(entry).toMatchObject({ amountMinor: 1_900 });
    const tooMuch = await pending("I never made the Gadget Hub payment", "cust-bob");
    const refused = await h.agent.decide({
      tenantId: TENANT,
      approvalId: tooMuch.id,
      version: tooMuch.version,
      decision: "approved",
      reason: "",
      actor: "olga",
      role: "operator",
      amountMinor: 9_000,
    });
    expect(refused).toMatchObject({ kind: "invalid" });
  });
});

describe("claims", () => {
  it("keeps others from deciding a claimed case until a supervisor takes it over, and audits each change", async () => {
    const approval = await pending(parking);
    const claim = (actor: string, role: string, takeover = false) => h.agent.claim({ tenantId: TENANT, approvalId: approval.id, actor, role, takeover });
    expect(await claim("olga", "operator")).toMatchObject({ kind: "ok", claimedBy: "olga" });
    expect(await claim("oscar", "operator")).toMatchObject({ kind: "conflict" });
    expect(await h.decide(approval, "oscar")).toMatchObject({ kind: "forbidden", code: "forbidden:claimed" });
    expect(await claim("oscar", "operator", true)).toMatchObject({ kind: "forbidden", code: "forbidden:role" });
    expect(await claim("sam", "supervisor", true)).toMatchObject({ kind: "ok", claimedBy: "sam" });
    expect(await h.decide(approval, "olga")).toMatchObject({ kind: "forbidden", code: "forbidden:claimed" });
    expect(await h.decide(approval, "sam")).toMatchObject({ kind: "ok", status: "executed" });
    const actions = (await listAuditEventsBySubject(h.db, TENANT, "approval", approval.id)).map((e) => `${e.actor}:${e.action}`);
    expect(actions).toEqual(["olga:claim.taken", "sam:claim.taken_over", "sam:approval.approved"]);
  });
});

describe("asking the customer", () => {
  it("holds the decision until the customer answers in the chat, then decides", async () => {
    const approval = await pending(parking);
    const asked = await h.agent.askCustomer({
      tenantId: TENANT,
      approvalId: approval.id,
      actor: "olga",
      role: "operator",
      version: approval.version,
      question: "Were you in Spain on that day?",
    });
    expect(asked).toMatchObject({ kind: "ok" });
    expect(await h.decide(approval, "olga")).toMatchObject({ kind: "conflict", message: expect.stringMatching(/not answered/) });
    const messages = await listMessagesByThread(h.db, TENANT, approval.thread);
    expect(messages.at(-1)).toMatchObject({ role: "agent", text: expect.stringContaining("Were you in Spain") });
    const answer = await h.say(approval.thread, "Yes, I was in Barcelona the whole week");
    expect(answer).toMatchObject({ kind: "ok", status: "awaiting_approval", reply: expect.stringMatching(/passed your answer/) });
    expect(await h.decide(approval, "olga")).toMatchObject({ kind: "ok", status: "executed" });
    expect(await h.ledgerRows()).toHaveLength(1);
  });
});

describe("a customer with two conversations waiting", () => {
  it("cancels the request of the conversation the message was written in", async () => {
    const parkingCase = await pending(parking);
    const electro = await pending("I don't recognise the Electro Mart payment");
    const cancel = await h.say(parkingCase.thread, "never mind, cancel my request");
    expect(cancel).toMatchObject({ kind: "ok", status: "idle" });
    expect((await getApprovalByCase(h.db, TENANT, parkingCase.caseId))?.status).toBe("cancelled");
    expect((await getApprovalByCase(h.db, TENANT, electro.caseId))?.status).toBe("pending");
  });
});

describe("expiry", () => {
  it("expires an overdue approval exactly once with two instances, tells the customer, and never refunds", async () => {
    const approval = await pending(parking);
    const later = () => new Date(Date.now() + 49 * 60 * 60 * 1000);
    const instances = [1, 2].map(() => createAgent({ db: h.db, pool: h.pool, deps: { settings: FAST_SETTINGS, clock: later } }));
    const carried = await h.agent.carriedOut(TENANT, approval.id, 60_000);
    const counts = await Promise.all(instances.map((a) => a.expireOverdue()));
    // The expiring instance put the thread's resume on the job queue; the harness's share of it tells the customer.
    await carried.done;
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await getApprovalByCase(h.db, TENANT, approval.caseId))?.status).toBe("expired");
    const told = (await listMessagesByThread(h.db, TENANT, approval.thread)).filter((m) => /expired/.test(m.text));
    expect(told).toHaveLength(1);
    expect(await h.decide(approval, "olga")).toMatchObject({ kind: "conflict", status: "expired" });
    expect(await h.ledgerRows()).toHaveLength(0);
  });

  it("leaves approvals inside their window alone", async () => {
    await pending(parking);
    expect(await h.agent.expireOverdue()).toBe(0);
  });
});

describe("once per interrupt", () => {
  it("yields one queue entry and one notification although the gate runs again", async () => {
    const store = createAgentStore(h.db);
    let failures = 1;
    const flaky = createAgent({
      db: h.db,
      pool: h.pool,
      deps: {
        settings: FAST_SETTINGS,
        store: {
          ...store,
          async openApproval(input) {
            const row = await store.openApproval(input);
            if (failures-- > 0) throw new Error("connection reset after the write");
            return row;
          },
        },
      },
    });
    const thread = await h.newThread();
    const turn = await flaky.sendMessage({ tenantId: TENANT, threadId: thread, customerId: "cust-alice", text: parking, actor: "alice" });
    expect(turn).toMatchObject({ kind: "ok", status: "awaiting_approval" });
    // An instance dies holding the paused thread; the recovery job runs the gate again.
    const dead = createInstance(process.env.DATABASE_URL!);
    await dead.ready();
    expect(await claimThread(h.db, { tenantId: TENANT, threadId: thread, leaseMs: 1, owner: dead.id })).toBe("awaiting_approval");
    await dead.close();
    expect((await flaky.recoverStuckRuns()).threads).toEqual([thread]);
    expect((await flaky.state(TENANT, thread)).tasks.flatMap((t) => t.interrupts)).toHaveLength(1);
    const approvals = await h.db.execute(sql`select id from approvals`);
    expect(approvals.rows).toHaveLength(1);
    const notes = await h.db
      .select()
      .from(operatorNotifications)
      .where(eq(operatorNotifications.approvalId, String(approvals.rows[0]!.id)));
    expect(notes).toHaveLength(1);
  });
});

describe("the queue", () => {
  it("filters by risk, amount and claim, and pages with a total", async () => {
    const parkingApproval = await pending(parking);
    await pending("I don't recognise the Electro Mart payment");
    await pending("I never made the Gadget Hub payment", "cust-bob");
    const base = { statuses: ["pending" as const], sort: "amount_desc" as const, page: 1, pageSize: 2 };
    const page1 = await listApprovalQueue(h.db, TENANT, base, "olga", new Date());
    expect(page1.total).toBe(3);
    expect(page1.rows.map((r) => r.merchant)).toEqual(["Electro Mart", "Gadget Hub"]);
    const page2 = await listApprovalQueue(h.db, TENANT, { ...base, page: 2 }, "olga", new Date());
    expect(page2.rows.map((r) => r.merchant)).toEqual(["City Parking"]);
    const high = await listApprovalQueue(h.db, TENANT, { ...base, risk: "high" }, "olga", new Date());
    expect(high.rows.map((r) => r.merchant)).toEqual(["Electro Mart"]);
    const small = await listApprovalQueue(h.db, TENANT, { ...base, maxAmountMinor: 5_000 }, "olga", new Date());
    expect(small.rows.map((r) => r.merchant)).toEqual(["City Parking"]);
    await h.agent.claim({ tenantId: TENANT, approvalId: parkingApproval.id, actor: "olga", role: "operator", takeover: false });
    const mine = await listApprovalQueue(h.db, TENANT, { ...base, claimed: "me" }, "olga", new Date());
    expect(mine.rows.map((r) => r.merchant)).toEqual(["City Parking"]);
    const free = await listApprovalQueue(h.db, TENANT, { ...base, claimed: "none" }, "olga", new Date());
    expect(free.total).toBe(2);
  });
});
