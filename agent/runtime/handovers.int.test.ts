import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { subscribeHandoverEvents, type HandoverEvent } from "@/app/_lib/live-events";
import { listAuditEventsBySubject } from "@/db/queries/audit";
import { getHandoverById, listHandovers } from "@/db/queries/handovers";
import { listMessagesByThread } from "@/db/queries/threads";
import { agentHarness, FAST_SETTINGS, TENANT } from "@/test/agent-support";
import { createAgent } from "../index";
import { createAgentStore } from "./store";
import { answerHandover, closeHandover } from "./handovers";
import { sandboxStore } from "../incidents/sandbox-deps";

const h = agentHarness();
const store = createAgentStore(h.db);

beforeEach(() => h.freshStart());
afterAll(() => h.pool.end());

const request = (threadId: string, summary = "Alice wants to know why her card was declined at the airport.") =>
  store.requestHandover({ tenantId: TENANT, threadId, customerId: "cust-alice", summary, reason: "needs_person", category: "declined_card_payment" });

describe("requestHandover", () => {
  it("opens one handover per thread: asking again returns the open one, audited once", async () => {
    const thread = await h.newThread();
    const first = await request(thread);
    expect(first).toEqual({ handoverId: expect.any(String), created: true });
    expect(await request(thread, "a second summary")).toEqual({ handoverId: first.handoverId, created: false });
    const rows = await listHandovers(h.db, TENANT, "all");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: first.handoverId,
      threadId: thread,
      customerId: "cust-alice",
      customerName: "Alice Novak",
      summary: "Alice wants to know why her card was declined at the airport.",
      reason: "needs_person",
      category: "declined_card_payment",
      status: "open",
      version: 1,
      answeredBy: null,
    });
    const audit = await listAuditEventsBySubject(h.db, TENANT, "handover", first.handoverId);
    expect(audit.map((a) => [a.actor, a.action, a.data])).toEqual([
      ["agent", "handover.requested", { threadId: thread, reason: "needs_person", category: "declined_card_payment" }],
    ]);
  });

  it("opens exactly one when ten requests for one thread arrive at once", async () => {
    const thread = await h.newThread();
    const results = await Promise.all(Array.from({ length: 10 }, () => request(thread)));
    expect(new Set(results.map((r) => r.handoverId)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await listHandovers(h.db, TENANT, "all")).toHaveLength(1);
  });

  it("opens a new handover once the last one was answered, and keeps other threads apart", async () => {
    const thread = await h.newThread();
    const other = await h.newThread();
    const first = await request(thread);
    const answered = await answerHandover(h.db, {
      tenantId: TENANT,
      handoverId: first.handoverId,
      version: 1,
      actor: "olga",
      displayName: "Olga Petrova",
      text: "Your card works again.",
    });
    expect(answered).toMatchObject({ kind: "ok", handover: { status: "answered", version: 2 } });
    const second = await request(thread);
    expect(second.created).toBe(true);
    expect(second.handoverId).not.toBe(first.handoverId);
    expect((await request(other)).created).toBe(true);
    expect((await listHandovers(h.db, TENANT, "open")).map((r) => r.threadId).sort()).toEqual([thread, other].sort());
  });

  it("tells every console when a handover opens and when it is answered, through Postgres", async () => {
    const received: HandoverEvent[] = [];
    const unsubscribe = await subscribeHandoverEvents(TENANT, (e) => received.push(e));
    const ignored: HandoverEvent[] = [];
    const unsubscribeOther = await subscribeHandoverEvents("other-bank", (e) => ignored.push(e));
    try {
      const thread = await h.newThread();
      const { handoverId } = await request(thread);
      await expect.poll(() => received.length, { timeout: 2000 }).toBe(1);
      await closeHandover(h.db, { tenantId: TENANT, handoverId, version: 1, actor: "sam" });
      await expect.poll(() => received.length, { timeout: 2000 }).toBe(2);
      expect(received).toEqual([
        { handoverId, tenantId: TENANT, status: "open", version: 1 },
        { handoverId, tenantId: TENANT, status: "closed", version: 2 },
      ]);
      expect(ignored).toEqual([]);
    } finally {
      unsubscribe();
      unsubscribeOther();
    }
  });
});

describe("a handover the agent opens", () => {
  it("is dated by the agent's clock, as its approvals are, so the queue ages both alike", async () => {
    const asked = new Date("2026-03-02T09:30:00.000Z");
    const agent = createAgent({ db: h.db, pool: h.pool, deps: { settings: FAST_SETTINGS, clock: () => asked } });
    const thread = await h.newThread();
    const turn = await agent.sendMessage({
      tenantId: TENANT,
      threadId: thread,
      customerId: "cust-alice",
      text: "let me speak to a human please",
      actor: "alice",
    });
    expect(turn.kind).toBe("ok");
    const [row] = await listHandovers(h.db, TENANT, "all");
    expect(row?.createdAt.toISOString()).toBe(asked.toISOString());
    await agent.close();
  });
});

describe("a replay in the incident sandbox", () => {
  it("hands over inside the sandbox only: no row, no audit event", async () => {
    const thread = await h.newThread();
    const sandbox = sandboxStore(store, { caseIdFor: () => undefined, decisionFor: () => null });
    const first = await sandbox.requestHandover({ tenantId: TENANT, threadId: thread, customerId: "cust-alice", summary: "replayed", reason: "stagnation" });
    expect(first.created).toBe(true);
    expect(await sandbox.requestHandover({ tenantId: TENANT, threadId: thread, customerId: "cust-alice", summary: "replayed", reason: "stagnation" })).toEqual({
      ...first,
      created: false,
    });
    expect(await listHandovers(h.db, TENANT, "all")).toEqual([]);
    const audit = await h.db.query.auditEvents.findMany();
    expect(audit.filter((a) => a.action.startsWith("handover."))).toEqual([]);
  });
});

describe("answering and closing", () => {
  it("puts the answer in the customer's chat under the staff member's first name, in one step with the status and the audit", async () => {
    const thread = await h.newThread();
    const { handoverId } = await request(thread);
    const result = await answerHandover(h.db, {
      tenantId: TENANT,
      handoverId,
      version: 1,
      actor: "olga",
      displayName: "Olga Petrova",
      text: "The airport terminal was offline; please try again.",
    });
    if (result.kind !== "ok") throw new Error(JSON.stringify(result));
    const messages = await listMessagesByThread(h.db, TENANT, thread);
    expect(messages.map((m) => [m.role, m.text])).toEqual([["agent", "Olga from our support team: The airport terminal was offline; please try again."]]);
    expect(result.messageId).toBe(messages[0]!.id);
    expect(await getHandoverById(h.db, TENANT, handoverId)).toMatchObject({
      status: "answered",
      version: 2,
      answeredBy: "olga",
      answer: "The airport terminal was offline; please try again.",
      answeredAt: expect.any(Date),
    });
    const audit = await listAuditEventsBySubject(h.db, TENANT, "handover", handoverId);
    expect(audit.map((a) => [a.actor, a.action])).toEqual([
      ["agent", "handover.requested"],
      ["olga", "handover.answered"],
    ]);
  });

  it("refuses a stale version, a second answer and an unknown id, and changes nothing", async () => {
    const thread = await h.newThread();
    const { handoverId } = await request(thread);
    const answer = (version: number, id = handoverId) =>
      answerHandover(h.db, { tenantId: TENANT, handoverId: id, version, actor: "oscar", displayName: "Oscar Lind", text: "Hello" });
    expect(await answer(2)).toMatchObject({ kind: "conflict", status: "open", version: 1 });
    expect(await answer(1, "no-such-handover")).toEqual({ kind: "not_found" });
    expect(await answerHandover(h.db, { tenantId: "other-bank", handoverId, version: 1, actor: "oscar", displayName: "Oscar Lind", text: "Hello" })).toEqual({
      kind: "not_found",
    });
    expect(await listMessagesByThread(h.db, TENANT, thread)).toEqual([]);
    expect(await answer(1)).toMatchObject({ kind: "ok" });
    expect(await answer(2)).toMatchObject({ kind: "conflict", status: "answered", version: 2, message: expect.stringContaining("already answered by oscar") });
    expect(await closeHandover(h.db, { tenantId: TENANT, handoverId, version: 2, actor: "sam" })).toMatchObject({ kind: "conflict", status: "answered" });
    expect(await listMessagesByThread(h.db, TENANT, thread)).toHaveLength(1);
  });

  it("lets exactly one of two staff members who answer at once through", async () => {
    const thread = await h.newThread();
    const { handoverId } = await request(thread);
    const results = await Promise.all(
      ["olga", "oscar"].map((actor) => answerHandover(h.db, { tenantId: TENANT, handoverId, version: 1, actor, displayName: actor, text: `from ${actor}` })),
    );
    expect(results.map((r) => r.kind).sort()).toEqual(["conflict", "ok"]);
    expect(await listMessagesByThread(h.db, TENANT, thread)).toHaveLength(1);
  });
});
