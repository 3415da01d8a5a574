import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { getApprovalByCase } from "../../db/queries/approvals";
import { listMessagesByThread } from "../../db/queries/threads";
import { agentHarness, decideAndCarryOut, FAST_SETTINGS, setFault, TENANT, until } from "../../test/agent-support";
import type { AgentSettings } from "../graph/deps";
import { createAgent } from "../index";

// Each test's instances carry out their own decisions: the harness takes no share of the job queue.
const h = agentHarness({}, { worker: false });

beforeEach(() => h.freshStart());
afterAll(() => h.pool.end());

const instance = (doubleTexting: AgentSettings["doubleTexting"]) =>
  createAgent({ db: h.db, pool: h.pool, deps: { settings: { ...FAST_SETTINGS, doubleTexting } } });
const say = (agent: ReturnType<typeof instance>, threadId: string, text: string) =>
  agent.sendMessage({ tenantId: TENANT, threadId, customerId: "cust-alice", text, actor: "alice" });

describe("double-texting", () => {
  it("enqueue: a second message on another instance waits its turn and is answered, none lost", async () => {
    await setFault({ system: "limits", latencyMs: 400 });
    const [a, b] = [instance("enqueue"), instance("enqueue")];
    const thread = await h.newThread();
    const first = say(a, thread, "I don't recognise the Electro Mart payment");
    await until("the limits check to start", async () => (await h.calls()).limits === 1);
    const second = await say(b, thread, "what are my card limits");
    const third = await say(b, thread, "what's the status of my refund");
    expect(second).toEqual({ kind: "queued" });
    expect(third).toEqual({ kind: "queued" });
    expect(await first).toMatchObject({ kind: "ok", status: "awaiting_approval" });
    const transcript = await listMessagesByThread(h.db, TENANT, thread);
    expect(transcript.filter((m) => m.role === "customer")).toHaveLength(3);
    const answers = transcript.filter((m) => m.role === "agent").map((m) => m.text);
    expect(answers).toHaveLength(3);
    expect(answers[1]).toMatch(/daily limit/);
    expect(answers[2]).toMatch(/with one of our operators/);
    await Promise.all([a.close(), b.close()]);
  });

  it("reject: a second message while a run is busy is refused and not recorded", async () => {
    await setFault({ system: "limits", latencyMs: 400 });
    const a = instance("reject");
    const thread = await h.newThread();
    const first = say(a, thread, "what are my card limits");
    await until("the limits check to start", async () => (await h.calls()).limits === 1);
    expect(await say(a, thread, "hello?")).toEqual({ kind: "busy" });
    await first;
    expect((await listMessagesByThread(h.db, TENANT, thread)).map((m) => m.text)).toEqual(["what are my card limits", expect.stringMatching(/daily limit/)]);
    await a.close();
  });

  it.each(["enqueue", "interrupt", "rollback"] as const)(
    "%s: a message queued while an operator's decision is being carried out is answered after it, and the refund pays once",
    async (policy) => {
      const [a, b] = [instance(policy), instance(policy)];
      const thread = await h.newThread();
      const turn = await say(a, thread, "City Parking charged me 38 euros while I was abroad");
      if (turn.kind !== "ok") throw new Error("turn failed");
      const approval = (await getApprovalByCase(h.db, TENANT, turn.caseId!))!;
      await setFault({ system: "ledger", latencyMs: 500 });
      await a.work();
      const decision = await decideAndCarryOut(a, approval, {
        async meanwhile() {
          await until("the ledger call", async () => (await h.calls()).ledger === 1);
          expect(await say(b, thread, "what are my card limits")).toEqual({ kind: "queued" });
        },
      });
      expect(decision).toMatchObject({ kind: "ok", status: "approved" });
      expect((await getApprovalByCase(h.db, TENANT, turn.caseId!))?.status).toBe("executed");
      expect(await h.ledgerRows()).toHaveLength(1);
      const transcript = await listMessagesByThread(h.db, TENANT, thread);
      expect(transcript.filter((m) => m.queued)).toEqual([]);
      expect(transcript.at(-2)).toMatchObject({ role: "agent", text: expect.stringMatching(/refunded/) });
      expect(transcript.at(-1)).toMatchObject({ role: "agent", text: expect.stringMatching(/daily limit/) });
      await Promise.all([a.close(), b.close()]);
    },
  );

  it("a queued 'cancel my request' cancels the pending approval safely, and nothing is paid", async () => {
    await setFault({ system: "antifraud", latencyMs: 400 });
    const [a, b] = [instance("enqueue"), instance("enqueue")];
    const thread = await h.newThread();
    const first = say(a, thread, "I don't recognise the Electro Mart payment");
    await until("the antifraud check to start", async () => (await h.calls()).antifraud === 1);
    expect(await say(b, thread, "never mind, cancel my request")).toEqual({ kind: "queued" });
    await first;
    const turn = await first;
    if (turn.kind !== "ok") throw new Error("turn failed");
    await until("the approval to be cancelled", async () => (await getApprovalByCase(h.db, TENANT, turn.caseId!))?.status === "cancelled");
    expect(await h.ledgerRows()).toHaveLength(0);
    const transcript = await listMessagesByThread(h.db, TENANT, thread);
    expect(transcript.at(-1)).toMatchObject({ role: "agent", text: expect.stringMatching(/cancelled/) });
    await Promise.all([a.close(), b.close()]);
  });
});
