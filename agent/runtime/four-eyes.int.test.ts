import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createSession } from "@/app/_lib/session";
import { getApprovalByCase, type ApprovalRow } from "@/db/queries/approvals";
import { listAuditEventsBySubject } from "@/db/queries/audit";
import { listMessagesByThread } from "@/db/queries/threads";
import { agentHarness, TENANT } from "@/test/agent-support";
import { callRoute } from "@/test/routes";

const h = agentHarness();
const cookies: Record<string, string> = {};

beforeEach(async () => {
  await h.freshStart();
  for (const user of ["alice", "olga", "oscar", "sam"]) cookies[user] = `bank_session=${(await createSession(h.db, `user-${user}`)).token}`;
});
afterAll(() => h.pool.end());

/** Alice's 1,249.00 Electro Mart payment, waiting for two approvals. */
async function electroMart(): Promise<ApprovalRow & { thread: string }> {
  const thread = await h.newThread("cust-alice");
  const turn = await h.say(thread, "I don't recognise the Electro Mart payment of 1,249.00");
  if (turn.kind !== "ok" || turn.status !== "awaiting_approval") throw new Error(`expected review, got ${JSON.stringify(turn)}`);
  const approval = (await getApprovalByCase(h.db, TENANT, turn.caseId!))!;
  expect(approval).toMatchObject({ amountMinor: 124_900, requiredApprovals: 2 });
  return { ...approval, thread };
}

/**
 * POST /api/approvals/{id}/decision as `user`, at the approval's current version; a final
 * approval answers at once, and this waits until the job queue has carried it out.
 */
async function approve(approvalId: string, user: string, amountMinor?: number) {
  const row = await h.db.query.approvals.findFirst({ where: (a, { eq }) => eq(a.id, approvalId) });
  const body = { decision: "approve", reason: `by ${user}`, version: row!.version, ...(amountMinor === undefined ? {} : { amountMinor }) };
  const carried = await h.agent.carriedOut(TENANT, approvalId, 60_000);
  const res = await callRoute({
    method: "POST",
    route: "/api/approvals/:id/decision",
    params: { id: approvalId },
    cookie: cookies[user],
    body: JSON.stringify(body),
  });
  const answer = await res.json();
  if (res.status === 200 && answer.approvalsNeeded === 0) await carried.done;
  else carried.stop();
  return { status: res.status, body: answer };
}

async function reject(approvalId: string, user: string, reason: string) {
  const row = await h.db.query.approvals.findFirst({ where: (a, { eq }) => eq(a.id, approvalId) });
  const body = { decision: "reject", reason, version: row!.version };
  const res = await callRoute({
    method: "POST",
    route: "/api/approvals/:id/decision",
    params: { id: approvalId },
    cookie: cookies[user],
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** The approval row and its audit trail: what a refused decision must leave exactly as it was. */
async function snapshot(approval: { id: string; caseId: string }) {
  return {
    row: await getApprovalByCase(h.db, TENANT, approval.caseId),
    audit: await listAuditEventsBySubject(h.db, TENANT, "approval", approval.id),
    ledger: await h.ledgerRows(approval.caseId),
  };
}

/** The paid amount as each party sees it: ledger row, audit, the customer's reply and case bar, and the console's case page. */
async function paidAmounts(approval: { id: string; caseId: string; thread: string }) {
  const ledger = await h.ledgerRows(approval.caseId);
  const audit = await listAuditEventsBySubject(h.db, TENANT, "approval", approval.id);
  const approved = audit.filter((e) => e.action === "approval.approved");
  const messages = await listMessagesByThread(h.db, TENANT, approval.thread);
  const page = await (await callRoute({ method: "GET", route: "/api/approvals/:id", params: { id: approval.id }, cookie: cookies.sam })).json();
  const chat = await (await callRoute({ method: "GET", route: "/api/threads/:id", params: { id: approval.thread }, cookie: cookies.alice })).json();
  return {
    ledgerRows: ledger.length,
    ledger: ledger.map((e) => e.amountMinor),
    audit: approved.map((e) => (e.data as { amountMinor?: number }).amountMinor),
    reply: messages.filter((m) => m.role === "agent").at(-1)?.text,
    caseBar: chat.case.approvedAmountMinor,
    casePage: {
      status: page.approval.status,
      approvedAmountMinor: page.approval.approvedAmountMinor,
      refunds: page.refunds.map((r: { amountMinor: number }) => r.amountMinor),
    },
  };
}

describe("four-eyes on one amount", () => {
  it("pays the amount both approved when an operator approves a lower amount and the supervisor approves without naming one", async () => {
    const approval = await electroMart();
    expect(await approve(approval.id, "olga", 124_000)).toMatchObject({ status: 200, body: { status: "pending", approvalsNeeded: 1 } });
    const pending = await (await callRoute({ method: "GET", route: "/api/approvals/:id", params: { id: approval.id }, cookie: cookies.sam })).json();
    expect(pending.approval).toMatchObject({ status: "pending", firstApprovedBy: "olga", firstApprovedAmountMinor: 124_000, approvedAmountMinor: null });

    expect(await approve(approval.id, "sam")).toMatchObject({ status: 200, body: { status: "approved", approvalsNeeded: 0 } });
    const audit = await listAuditEventsBySubject(h.db, TENANT, "approval", approval.id);
    expect(audit.map((e) => [e.actor, e.action, (e.data as { amountMinor?: number }).amountMinor])).toEqual([
      ["olga", "approval.first_approved", 124_000],
      ["sam", "approval.approved", 124_000],
    ]);
    expect(await paidAmounts(approval)).toEqual({
      ledgerRows: 1,
      ledger: [124_000],
      audit: [124_000],
      reply: expect.stringContaining("refunded 1,240.00 EUR of the Electro Mart payment of 1,249.00 EUR"),
      caseBar: 124_000,
      casePage: { status: "executed", approvedAmountMinor: 124_000, refunds: [124_000] },
    });
    expect((await h.calls()).ledger).toBe(1);
    const status = await h.say(approval.thread, "what's the status of my refund");
    expect(status).toMatchObject({ kind: "ok", reply: "1,240.00 EUR of the Electro Mart payment of 1,249.00 EUR has been paid back to your card." });
    const again = await h.say(approval.thread, "I don't recognise the Electro Mart payment of 1,249.00");
    expect(again).toMatchObject({ kind: "ok", reply: expect.stringContaining("1,240.00 EUR of the Electro Mart payment of 1,249.00 EUR has been paid back") });
  });

  it("pays once when the supervisor approves first and the operator approves the same amount, named", async () => {
    const approval = await electroMart();
    expect(await approve(approval.id, "sam", 100_000)).toMatchObject({ status: 200, body: { status: "pending", approvalsNeeded: 1 } });
    expect(await approve(approval.id, "olga", 100_000)).toMatchObject({ status: 200, body: { status: "approved" } });
    expect(await paidAmounts(approval)).toEqual({
      ledgerRows: 1,
      ledger: [100_000],
      audit: [100_000],
      reply: expect.stringContaining("refunded 1,000.00 EUR of the Electro Mart payment"),
      caseBar: 100_000,
      casePage: { status: "executed", approvedAmountMinor: 100_000, refunds: [100_000] },
    });
    const row = await getApprovalByCase(h.db, TENANT, approval.caseId);
    expect(row).toMatchObject({ firstApprovedBy: "sam", firstApprovedAmountMinor: 100_000, decidedBy: "olga", approvedAmountMinor: 100_000 });
    expect((await h.calls()).ledger).toBe(1);
  });

  it("records the full amount as approved when the second approver approves the full amount after the first did", async () => {
    const approval = await electroMart();
    await approve(approval.id, "olga");
    expect(await approve(approval.id, "sam", 124_900)).toMatchObject({ status: 200, body: { status: "approved" } });
    expect(await paidAmounts(approval)).toMatchObject({
      ledger: [124_900],
      audit: [124_900],
      caseBar: 124_900,
      casePage: { approvedAmountMinor: 124_900, refunds: [124_900] },
    });
    expect((await paidAmounts(approval)).reply).toMatch(/refunded the Electro Mart payment of 1,249.00 EUR after review/);
  });

  it("refuses a second approval for a higher amount than the first with 409 conflict:amount, and changes nothing", async () => {
    const approval = await electroMart();
    await approve(approval.id, "sam", 100_000);
    const before = await snapshot(approval);
    const refused = await approve(approval.id, "olga", 124_000);
    expect(refused).toEqual({
      status: 409,
      body: {
        code: "conflict:amount",
        message: "sam approved 1,000.00 EUR; approve that amount, or reject.",
        currentStatus: "pending",
        currentVersion: before.row!.version,
      },
    });
    expect(await snapshot(approval)).toEqual(before);
    expect(before.row).toMatchObject({ status: "pending", firstApprovedAmountMinor: 100_000, approvedAmountMinor: null });
    expect((await h.calls()).ledger).toBe(0);

    expect(await approve(approval.id, "olga")).toMatchObject({ status: 200, body: { status: "approved" } });
    expect(await paidAmounts(approval)).toMatchObject({ ledger: [100_000], audit: [100_000], caseBar: 100_000, casePage: { approvedAmountMinor: 100_000 } });
  });

  it("refuses a second approval for a lower amount than the first, even one below four-eyes, and changes nothing; a rejection still closes it", async () => {
    const approval = await electroMart();
    await approve(approval.id, "olga");
    const before = await snapshot(approval);
    for (const amountMinor of [120_000, 40_000]) {
      const refused = await approve(approval.id, "sam", amountMinor);
      expect(refused).toMatchObject({ status: 409, body: { code: "conflict:amount", message: "olga approved 1,249.00 EUR; approve that amount, or reject." } });
    }
    expect(await snapshot(approval)).toEqual(before);

    expect(await reject(approval.id, "sam", "Receipt shows the customer paid in the shop.")).toMatchObject({ status: 200, body: { status: "rejected" } });
    expect(await getApprovalByCase(h.db, TENANT, approval.caseId)).toMatchObject({ status: "rejected", approvedAmountMinor: null });
    expect(await h.ledgerRows()).toHaveLength(0);
    expect((await h.calls()).ledger).toBe(0);
  });

  it("refuses a second approver who may not give it with forbidden:four_eyes, whatever amount they send", async () => {
    const approval = await electroMart();
    await approve(approval.id, "olga", 124_000);
    const before = await snapshot(approval);
    expect(await approve(approval.id, "oscar", 110_000)).toMatchObject({ status: 403, body: { code: "forbidden:four_eyes" } });
    expect(await approve(approval.id, "olga", 110_000)).toMatchObject({ status: 403, body: { code: "forbidden:four_eyes" } });
    expect(await snapshot(approval)).toEqual(before);
  });

  it("settles a four-eyes case with one approval below 1,000.00, within the approver's own authority", async () => {
    const approval = await electroMart();
    expect(await approve(approval.id, "olga", 60_000)).toMatchObject({ status: 403, body: { code: "forbidden:amount_limit" } });
    expect(await approve(approval.id, "sam", 99_999)).toMatchObject({ status: 200, body: { status: "approved", approvalsNeeded: 0 } });
    expect(await paidAmounts(approval)).toEqual({
      ledgerRows: 1,
      ledger: [99_999],
      audit: [99_999],
      reply: expect.stringContaining("refunded 999.99 EUR of the Electro Mart payment"),
      caseBar: 99_999,
      casePage: { status: "executed", approvedAmountMinor: 99_999, refunds: [99_999] },
    });
  });
});
