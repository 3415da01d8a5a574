import { sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createSession } from "@/app/_lib/session";
import { listAuditEventsBySubject } from "@/db/queries/audit";
import { getHandoverById } from "@/db/queries/handovers";
import { appendMessage, createThread, listMessagesByThread } from "@/db/queries/threads";
import { agentHarness, TENANT } from "@/test/agent-support";
import { callRoute } from "@/test/routes";
import { personalIn } from "@/test/personal-data";

const h = agentHarness();
const store = h.agent.deps.store;
const cookies: Record<string, string> = {};
/** What a browser on the app's own pages sends with a write. */
const OWN = { origin: "http://localhost", "sec-fetch-site": "same-origin" };

beforeEach(async () => {
  await h.freshStart();
  for (const user of ["alice", "bob", "olga", "sam", "ivan"]) cookies[user] = `bank_session=${(await createSession(h.db, `user-${user}`)).token}`;
});
afterAll(() => h.pool.end());

/** Alice's conversation, in which she names herself and her card, handed to a person. */
async function handedOver() {
  const thread = await h.newThread("cust-alice");
  await appendMessage(h.db, {
    tenantId: TENANT,
    threadId: thread,
    role: "customer",
    text: "This is Alice Novak, my card ending 4242 was declined at the airport. I want a person.",
  });
  await appendMessage(h.db, { tenantId: TENANT, threadId: thread, role: "agent", text: "I have passed our conversation to a colleague." });
  const { handoverId } = await store.requestHandover({
    tenantId: TENANT,
    threadId: thread,
    customerId: "cust-alice",
    summary: "Alice Novak asks why her card was declined at the airport.",
    reason: "customer_asked",
    category: "declined_card_payment",
  });
  return { thread, handoverId };
}

async function answer(handoverId: string, user: string, body: unknown, headers: Record<string, string> = OWN) {
  const res = await callRoute({
    method: "POST",
    route: "/api/handovers/:id/answer",
    params: { id: handoverId },
    cookie: cookies[user],
    body: JSON.stringify(body),
    headers,
  });
  return { status: res.status, body: await res.json() };
}

async function close(handoverId: string, user: string, version: number) {
  const res = await callRoute({
    method: "POST",
    route: "/api/handovers/:id/close",
    params: { id: handoverId },
    cookie: cookies[user],
    body: JSON.stringify({ version }),
    headers: OWN,
  });
  return { status: res.status, body: await res.json() };
}

async function get(route: string, user: string, params?: Record<string, string>, query?: string) {
  const res = await callRoute({ method: "GET", route, params, query, cookie: cookies[user] });
  return { status: res.status, body: await res.json() };
}

/** What a refused write must leave as it was. */
async function snapshot(thread: string, handoverId: string) {
  return {
    handover: await getHandoverById(h.db, TENANT, handoverId),
    messages: await listMessagesByThread(h.db, TENANT, thread),
    audit: await listAuditEventsBySubject(h.db, TENANT, "handover", handoverId),
  };
}

describe("the handover queue", () => {
  it("lists open handovers for operators, supervisors and auditors, masked, and refuses customers", async () => {
    const { thread, handoverId } = await handedOver();
    for (const user of ["olga", "sam", "ivan"]) {
      const list = await get("/api/handovers", user, undefined, "status=open");
      expect(list.status).toBe(200);
      expect(list.body.handovers).toEqual([
        expect.objectContaining({
          handoverId,
          threadId: thread,
          customerName: "A**** N****",
          summary: "A**** N**** asks why her card was declined at the airport.",
          reason: "customer_asked",
          category: "declined_card_payment",
          status: "open",
          version: 1,
        }),
      ]);
    }
    expect((await get("/api/handovers", "olga", undefined, "status=answered")).body.handovers).toEqual([]);
    expect(await get("/api/handovers", "alice")).toMatchObject({ status: 403, body: { code: "forbidden:role" } });
  });

  it("opens one with its transcript and audit trail, names and card digits masked", async () => {
    const { handoverId } = await handedOver();
    const detail = await get("/api/handovers/:id", "olga", { id: handoverId });
    expect(detail.status).toBe(200);
    expect(detail.body.handover).toMatchObject({ handoverId, status: "open" });
    expect(detail.body.messages.map((m: { role: string; text: string }) => [m.role, m.text])).toEqual([
      ["customer", "This is A**** N****, my card ending •••• was declined at the airport. I want a person."],
      ["agent", "I have passed our conversation to a colleague."],
    ]);
    expect(personalIn(JSON.stringify(detail.body), ["Alice", "Novak", "4242"])).toEqual([]);
    expect(detail.body.audit.map((a: { action: string }) => a.action)).toEqual(["handover.requested"]);
    expect(await get("/api/handovers/:id", "ivan", { id: handoverId })).toMatchObject({ status: 200 });
    expect(await get("/api/handovers/:id", "alice", { id: handoverId })).toMatchObject({ status: 403, body: { code: "forbidden:role" } });
  });

  it("answers 404 for an unknown id and for another bank's handover", async () => {
    expect(await get("/api/handovers/:id", "olga", { id: "no-such-handover" })).toMatchObject({ status: 404, body: { code: "not_found:handover" } });
    const foreign = await createThread(h.db, "other-bank", "cust-alice");
    const { handoverId } = await store.requestHandover({
      tenantId: "other-bank",
      threadId: foreign.id,
      customerId: "cust-alice",
      summary: "elsewhere",
      reason: "needs_person",
    });
    expect(await get("/api/handovers/:id", "olga", { id: handoverId })).toMatchObject({ status: 404, body: { code: "not_found:handover" } });
    expect(await answer(handoverId, "olga", { text: "Hello", version: 1 })).toMatchObject({ status: 404, body: { code: "not_found:handover" } });
    expect(await close(handoverId, "sam", 1)).toMatchObject({ status: 404, body: { code: "not_found:handover" } });
    expect((await get("/api/handovers", "olga")).body.handovers).toEqual([]);
    expect(await getHandoverById(h.db, "other-bank", handoverId)).toMatchObject({ status: "open", version: 1 });
  });
});

describe("answering a handover", () => {
  it("puts the operator's answer in the customer's chat, marks it answered and audits it; the widget's view shows both", async () => {
    const { thread, handoverId } = await handedOver();
    const before = await get("/api/threads/:id", "alice", { id: thread });
    expect(before.body.handover).toEqual({ status: "open", createdAt: expect.any(String) });

    const res = await answer(handoverId, "olga", { text: "  Your card was blocked by the airport's terminal, not by us. It works again.  ", version: 1 });
    expect(res).toEqual({ status: 200, body: { handoverId, status: "answered", version: 2, messageId: expect.any(Number) } });

    const chat = await get("/api/threads/:id", "alice", { id: thread });
    expect(chat.body.messages.at(-1)).toMatchObject({
      id: res.body.messageId,
      role: "agent",
      text: "Olga from our support team: Your card was blocked by the airport's terminal, not by us. It works again.",
    });
    expect(chat.body.handover).toMatchObject({ status: "answered" });
    expect(await getHandoverById(h.db, TENANT, handoverId)).toMatchObject({
      status: "answered",
      answeredBy: "olga",
      answer: "Your card was blocked by the airport's terminal, not by us. It works again.",
    });
    const audit = await listAuditEventsBySubject(h.db, TENANT, "handover", handoverId);
    expect(audit.map((a) => [a.actor, a.action, (a.data as { messageId?: number }).messageId])).toEqual([
      ["agent", "handover.requested", undefined],
      ["olga", "handover.answered", res.body.messageId],
    ]);
    expect((await get("/api/handovers", "olga")).body.handovers).toEqual([]);
    expect((await get("/api/handovers", "olga", undefined, "status=answered")).body.handovers).toEqual([
      expect.objectContaining({ handoverId, answeredBy: "olga" }),
    ]);
  });

  it("refuses a stale version (409) and a second answer (409), with the current status and version, changing nothing", async () => {
    const { thread, handoverId } = await handedOver();
    const untouched = await snapshot(thread, handoverId);
    expect(await answer(handoverId, "olga", { text: "Hello", version: 2 })).toMatchObject({
      status: 409,
      body: { code: "conflict:handover", currentStatus: "open", currentVersion: 1 },
    });
    expect(await snapshot(thread, handoverId)).toEqual(untouched);

    expect((await answer(handoverId, "sam", { text: "First answer", version: 1 })).status).toBe(200);
    const answered = await snapshot(thread, handoverId);
    expect(await answer(handoverId, "olga", { text: "Second answer", version: 1 })).toMatchObject({
      status: 409,
      body: { code: "conflict:handover", currentStatus: "answered", currentVersion: 2 },
    });
    expect(await answer(handoverId, "olga", { text: "Second answer", version: 2 })).toMatchObject({
      status: 409,
      body: { code: "conflict:handover", currentStatus: "answered" },
    });
    expect(await close(handoverId, "olga", 2)).toMatchObject({ status: 409, body: { code: "conflict:handover", currentStatus: "answered" } });
    expect(await snapshot(thread, handoverId)).toEqual(answered);
    expect(answered.messages.at(-1)?.text).toBe("Sam from our support team: First answer");
  });

  it("is only for operators and supervisors: customers and auditors get 403 and nothing changes", async () => {
    const { thread, handoverId } = await handedOver();
    const untouched = await snapshot(thread, handoverId);
    for (const user of ["alice", "bob", "ivan"]) {
      expect(await answer(handoverId, user, { text: "Hello", version: 1 })).toMatchObject({ status: 403, body: { code: "forbidden:role" } });
      expect(await close(handoverId, user, 1)).toMatchObject({ status: 403, body: { code: "forbidden:role" } });
    }
    expect(await snapshot(thread, handoverId)).toEqual(untouched);
  });

  it("refuses an answer a browser sends for another website (403 forbidden:origin), and takes the app's own", async () => {
    const { thread, handoverId } = await handedOver();
    const untouched = await snapshot(thread, handoverId);
    const foreign: Record<string, string>[] = [{ origin: "http://localhost.evil.example" }, { origin: "null" }, { "sec-fetch-site": "cross-site" }];
    for (const headers of foreign) {
      expect(await answer(handoverId, "olga", { text: "Forged", version: 1 }, headers)).toMatchObject({ status: 403, body: { code: "forbidden:origin" } });
    }
    expect(await snapshot(thread, handoverId)).toEqual(untouched);
    expect((await answer(handoverId, "olga", { text: "Genuine", version: 1 })).status).toBe(200);
  });

  it("refuses empty, blank and over-long answers (400) and changes nothing", async () => {
    const { thread, handoverId } = await handedOver();
    const untouched = await snapshot(thread, handoverId);
    for (const body of [
      { text: "", version: 1 },
      { text: " \n\t ", version: 1 },
      { text: "x".repeat(2001), version: 1 },
      { version: 1 },
      { text: "Hello" },
      { text: "Hello", version: 0 },
    ]) {
      expect(await answer(handoverId, "olga", body)).toMatchObject({ status: 400, body: { code: "bad_request:body" } });
    }
    expect(await snapshot(thread, handoverId)).toEqual(untouched);
    expect((await answer(handoverId, "olga", { text: "y".repeat(2000), version: 1 })).status).toBe(200);
  });
});

describe("closing a handover", () => {
  it("closes it without a word to the customer, audited; asking again opens a new one", async () => {
    const { thread, handoverId } = await handedOver();
    expect(await close(handoverId, "olga", 2)).toMatchObject({ status: 409, body: { code: "conflict:handover", currentVersion: 1 } });
    expect(await close(handoverId, "sam", 1)).toEqual({ status: 200, body: { handoverId, status: "closed", version: 2 } });
    expect(await listMessagesByThread(h.db, TENANT, thread)).toHaveLength(2);
    expect(await getHandoverById(h.db, TENANT, handoverId)).toMatchObject({ status: "closed", closedBy: "sam", answer: null });
    expect((await listAuditEventsBySubject(h.db, TENANT, "handover", handoverId)).map((a) => [a.actor, a.action])).toEqual([
      ["agent", "handover.requested"],
      ["sam", "handover.closed"],
    ]);
    const again = await store.requestHandover({ tenantId: TENANT, threadId: thread, customerId: "cust-alice", summary: "again", reason: "needs_person" });
    expect(again).toEqual({ handoverId: expect.any(String), created: true });
    const counts = await h.db.execute<{ status: string; n: number }>(sql`select status, count(*)::int as n from handovers group by status order by status`);
    expect(counts.rows).toEqual([
      { status: "closed", n: 1 },
      { status: "open", n: 1 },
    ]);
  });
});
