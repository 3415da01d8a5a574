import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createSession } from "@/app/_lib/session";
import { listMessagesByThread } from "@/db/queries/threads";
import { agentHarness, FAST_SETTINGS, setFault, TENANT, until } from "@/test/agent-support";
import { createAgent } from "../index";
import { callRoute } from "@/test/routes";

const h = agentHarness();
beforeEach(() => h.freshStart());
afterAll(() => h.pool.end());

const send = (threadId: string, text: string, clientMessageId?: string) =>
  h.agent.sendMessage({ tenantId: TENANT, threadId, customerId: "cust-alice", text, actor: "cust-alice", clientMessageId });

async function transcript(threadId: string) {
  const rows = await listMessagesByThread(h.db, TENANT, threadId);
  return { customer: rows.filter((m) => m.role === "customer").map((m) => m.text), agent: rows.filter((m) => m.role === "agent").length };
}

describe("a customer message with a client id", () => {
  it("is stored and answered once when the client sends it again (a dropped connection, a reload, a double click)", async () => {
    const thread = await h.newThread();
    expect(await send(thread, "I was charged twice at Coffee Corner", "msg-0001-coffee")).toMatchObject({ kind: "ok" });
    const ledgerCalls = (await h.calls()).ledger;
    expect(await send(thread, "I was charged twice at Coffee Corner", "msg-0001-coffee")).toEqual({ kind: "duplicate" });
    expect(await transcript(thread)).toEqual({ customer: ["I was charged twice at Coffee Corner"], agent: 1 });
    expect((await h.calls()).ledger).toBe(ledgerCalls);
  });

  it("is a new message under a new id, even with the same words", async () => {
    const thread = await h.newThread();
    await send(thread, "what are my card limits", "msg-0002-limits");
    await send(thread, "what are my card limits", "msg-0003-limits");
    expect(await transcript(thread)).toEqual({ customer: ["what are my card limits", "what are my card limits"], agent: 2 });
  });

  it("belongs to its thread: the same id in another conversation is another message", async () => {
    const [first, second] = [await h.newThread(), await h.newThread()];
    await send(first, "what are my card limits", "msg-0004-shared");
    expect(await send(second, "what are my card limits", "msg-0004-shared")).toMatchObject({ kind: "ok" });
    expect((await transcript(second)).customer).toHaveLength(1);
  });

  it("is answered over HTTP with 202 and duplicate: true the second time, and nothing is stored", async () => {
    const thread = await h.newThread();
    const cookie = `bank_session=${(await createSession(h.db, "user-alice")).token}`;
    const post = () =>
      callRoute({
        method: "POST",
        route: "/api/threads/:id/messages",
        params: { id: thread },
        cookie,
        body: JSON.stringify({ text: "what are my card limits", clientMessageId: "msg-0005-http" }),
      });
    expect((await post()).status).toBe(200);
    const again = await post();
    expect(again.status).toBe(202);
    expect(await again.json()).toMatchObject({ duplicate: true, queued: true, reply: null });
    expect((await transcript(thread)).customer).toHaveLength(1);
  });
});

describe("a resend that arrives while its first try is still being answered", () => {
  const policies = ["enqueue", "reject", "interrupt", "rollback"] as const;
  const instance = (doubleTexting: (typeof policies)[number]) =>
    createAgent({ db: h.db, pool: h.pool, deps: { settings: { ...FAST_SETTINGS, doubleTexting } } });

  for (const policy of policies) {
    it(`${policy}: is the same message, stored and answered once, and never stops the run answering it`, async () => {
      await setFault({ system: "limits", latencyMs: 300 });
      const [a, b] = [instance(policy), instance(policy)];
      try {
        const thread = await h.newThread();
        const message = {
          tenantId: TENANT,
          threadId: thread,
          customerId: "cust-alice",
          text: "I was charged twice at Coffee Corner",
          actor: "cust-alice",
          clientMessageId: `resend-${policy}`,
        };
        const first = a.sendMessage(message);
        const racing = b.sendMessage(message);
        await until("the first try's checks to start", async () => (await h.calls()).limits >= 1);
        const later = await b.sendMessage(message);
        const results = [await first, await racing, later].map((r) => r.kind);
        // One try stores the message: answered at once, or queued when the other try held the
        // thread a moment before storing it (that try then finds it stored and answers the queue).
        const stored = results.filter((kind) => kind === "ok" || kind === "queued");
        expect(stored).toHaveLength(1);
        // Under reject, a resend that finds the thread held before its first try was stored is refused as busy.
        const others = policy === "reject" ? ["duplicate", "busy"] : ["duplicate"];
        expect(results.filter((kind) => kind !== stored[0]).every((kind) => others.includes(kind))).toBe(true);
        expect(later.kind).toBe("duplicate");
        expect(await transcript(thread)).toEqual({ customer: ["I was charged twice at Coffee Corner"], agent: 1 });
        expect(await h.ledgerRows()).toHaveLength(1);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });
  }
});
