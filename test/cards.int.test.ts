import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { cardAction, CARD_ACTION_NODE } from "@/agent/graph/nodes/card-action";
import { timelineEntry } from "@/agent/incidents/timeline";
import { createSession } from "@/app/_lib/session";
import { getApprovalByCase } from "@/db/queries/approvals";
import { listCasesByCustomer } from "@/db/queries/cases";
import { agentHarness, call, setFault, TENANT } from "./agent-support";
import { callRoute } from "./routes";
import { personalIn } from "./personal-data";

const h = agentHarness();

beforeEach(() => h.freshStart());
afterAll(() => h.pool.end());

async function electroMartApproval() {
  const turn = await h.say(await h.newThread(), "I don't recognise the Electro Mart payment of 1,249.00");
  if (turn.kind !== "ok") throw new Error("turn failed");
  return (await getApprovalByCase(h.db, TENANT, turn.caseId!))!;
}

async function caseViewAsOlga(approvalId: string) {
  const token = (await createSession(h.db, "user-olga")).token;
  const res = await callRoute({ method: "GET", route: "/api/approvals/:id", params: { id: approvalId }, cookie: `bank_session=${token}` });
  expect(res.status).toBe(200);
  return { text: await res.clone().text(), body: await res.json() };
}

describe("card status in the operator's case view", () => {
  it("shows each of the customer's cards from the cards system, frozen since when and why, digits masked", async () => {
    const approval = await electroMartApproval();
    const frozen = await call("/cards/card-alice/freeze", {
      body: { tenantId: TENANT, customerId: "cust-alice", reason: "stolen" },
      headers: { "idempotency-key": "k-case-view" },
    });
    expect(frozen.status).toBe(200);
    const { body, text } = await caseViewAsOlga(approval.id);
    expect(body.cards).toEqual({
      status: "ok",
      cards: [{ cardId: "card-alice", last4: "••••", status: "frozen", frozenAt: frozen.body.card.frozenAt, frozenReason: "stolen", replacement: null }],
    });
    expect(personalIn(text, ["4242", "Novak"])).toEqual([]);
  });

  it("says the card status is unavailable when the cards system does not answer, and the case still opens", async () => {
    const approval = await electroMartApproval();
    await setFault({ system: "cards", errorRate: 1 });
    const { body } = await caseViewAsOlga(approval.id);
    expect(body.cards).toEqual({ status: "unavailable", reason: "The cards system is not answering." });
    expect(body.approval.approvalId).toBe(approval.id);
  });
});

describe("pending items", () => {
  it("reach the history check's facts, masked for staff, and are explained, never opened, when a refund is asked for", async () => {
    const approval = await electroMartApproval();
    const { body } = await caseViewAsOlga(approval.id);
    expect(body.approval.checks.history.facts.pending.map((p: { counterparty: string }) => p.counterparty)).toEqual(["Maria N****", "Hotel Adler"]);
    const turn = await h.say(await h.newThread(), "I want a refund for the Hotel Adler payment of 180.00");
    expect(turn).toMatchObject({ kind: "ok" });
    if (turn.kind !== "ok") return;
    expect(turn.caseId).toBeUndefined();
    expect(turn.reply).toMatch(/^The card payment to Hotel Adler of 180\.00 EUR from .* isn't booked yet/);
    const cases = await listCasesByCustomer(h.db, TENANT, "cust-alice");
    expect(cases.map((c) => c.case.transactionId)).toEqual(["tx-alice-electro"]);
  });
});

describe("card calls on the incident timeline", () => {
  it("shows each cards-system call with its operation, key, request and answer, and the agent's audit entry", async () => {
    const thread = "t-timeline";
    const state = { tenantId: TENANT, customerId: "cust-alice", understanding: { intent: "freeze_card", cardReason: "lost" }, turnKey: "m1" };
    const done = await cardAction(h.agent.deps)(state, { configurable: { thread_id: thread }, metadata: { langgraph_step: 3 } });
    expect(done.cardAction?.outcome).toBe("done");
    const timeline = await h.agent.incidents.timeline(TENANT, thread);
    for (const entry of timeline) timelineEntry.parse(entry);
    const calls = timeline.filter((e) => e.kind === "node_event");
    expect(calls).toEqual([
      expect.objectContaining({
        node: CARD_ACTION_NODE,
        system: "cards",
        outcome: "ok",
        attempt: 1,
        idempotencyKey: null,
        request: { operation: "list", customerId: "cust-alice" },
      }),
      expect.objectContaining({
        node: CARD_ACTION_NODE,
        system: "cards",
        outcome: "ok",
        attempt: 1,
        idempotencyKey: `card:${thread}:freeze:card-alice:m1`,
        request: expect.objectContaining({ operation: "freeze", cardId: "card-alice" }),
        response: expect.objectContaining({ changed: true, card: expect.objectContaining({ status: "frozen" }) }),
      }),
    ]);
    expect(timeline.filter((e) => e.kind === "operator_action")).toEqual([expect.objectContaining({ actor: "agent", action: "card.frozen" })]);
  });
});
