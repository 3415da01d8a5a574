import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { getApprovalByCase } from "../../db/queries/approvals";
import { getCaseById } from "../../db/queries/cases";
import { listNodeEventsByThread } from "../../db/queries/node-events";
import { listMessagesByThread } from "../../db/queries/threads";
import { agentHarness, call, FAST_SETTINGS, setFault, TENANT } from "../../test/agent-support";

/** Long enough that no retry falls due while a test runs, unless it moves the agent's clock past it. */
const RETRY_MS = 60_000;
const h = agentHarness({ refundRetryMs: RETRY_MS });

beforeEach(() => h.freshStart());
afterAll(() => h.pool.end());

describe("when a bank system fails every attempt", () => {
  it("answers a limits question with the limits system down instead of ending the turn silently", async () => {
    await setFault({ system: "limits", errorRate: 1 });
    const thread = await h.newThread();
    expect(await h.say(thread, "what are my card limits")).toMatchObject({
      kind: "ok",
      status: "idle",
      reply: expect.stringMatching(/couldn't reach the card-limits system/),
    });
    const transcript = await listMessagesByThread(h.db, TENANT, thread);
    expect(transcript.map((m) => m.role)).toEqual(["customer", "agent"]);
    expect(transcript[0]!.answeredAt).not.toBeNull();
  });

  it("the ledger commits every refund but loses every answer: the next attempt reads the case's entry, and the customer hears it was paid", async () => {
    await setFault({ system: "ledger", afterCommit: "error" });
    const thread = await h.newThread();
    const turn = await h.say(thread, "I was charged twice at Coffee Corner");
    expect(turn).toMatchObject({ kind: "ok", status: "idle", reply: expect.stringMatching(/refunded the Coffee Corner payment/) });
    if (turn.kind !== "ok") return;
    expect(await h.ledgerRows()).toHaveLength(1);
    expect((await getApprovalByCase(h.db, TENANT, turn.caseId!))?.status).toBe("executed");
    // One refund sent (the read by case that found it is not a ledger call): no second call with the key.
    expect((await h.calls()).ledger).toBe(1);
    expect((await h.agent.recoverStuckRuns()).refunds).toEqual([]);
  });

  it.each([["refuses the refund", { errorRate: 1 }, 0]] as const)(
    "the ledger %s: the customer is told, and the recovery job pays once when it is back",
    async (_what, fault, committed) => {
      await setFault({ system: "ledger", ...fault });
      const thread = await h.newThread();
      const turn = await h.say(thread, "I was charged twice at Coffee Corner");
      expect(turn).toMatchObject({ kind: "ok", status: "idle", reply: expect.stringMatching(/did not confirm it yet/) });
      if (turn.kind !== "ok") return;
      const approval = (await getApprovalByCase(h.db, TENANT, turn.caseId!))!;
      expect(approval.status).toBe("executing");
      expect(await h.ledgerRows()).toHaveLength(committed);

      await call("/_admin/faults", { method: "DELETE" });
      h.clock.advance(RETRY_MS + 1_000);
      expect((await h.agent.recoverStuckRuns()).refunds).toEqual([approval.id]);
      expect((await h.agent.recoverStuckRuns()).refunds).toEqual([]);
      expect(await h.ledgerRows()).toHaveLength(1);
      expect((await getApprovalByCase(h.db, TENANT, turn.caseId!))?.status).toBe("executed");
      expect((await getCaseById(h.db, TENANT, turn.caseId!))?.status).toBe("refunded");
      const transcript = await listMessagesByThread(h.db, TENANT, thread);
      expect(transcript.at(-1)).toMatchObject({ role: "agent", text: expect.stringMatching(/refunded the Coffee Corner payment/) });
    },
  );

  it("retries no sooner than the retry interval, and sends no refund while the ledger still refuses", async () => {
    await setFault({ system: "ledger", errorRate: 1 });
    const thread = await h.newThread();
    const turn = await h.say(thread, "I was charged twice at Coffee Corner");
    if (turn.kind !== "ok") throw new Error("turn failed");
    // Attempts of the refund node: each a refund call or, on a re-run, a read of the ledger by case.
    const attempts = async () => (await listNodeEventsByThread(h.db, TENANT, thread)).filter((e) => e.node === "refund" && e.system === "ledger").length;
    expect((await h.agent.recoverStuckRuns()).refunds).toEqual([]);
    const before = { calls: (await h.calls()).ledger, attempts: await attempts() };
    expect(before).toEqual({ calls: 1, attempts: FAST_SETTINGS.ledgerMaxAttempts });
    h.clock.advance(RETRY_MS - 5_000);
    expect((await h.agent.recoverStuckRuns()).refunds).toEqual([]);
    expect(await attempts()).toBe(before.attempts);
    h.clock.advance(6_000);
    expect((await h.agent.recoverStuckRuns()).refunds).toEqual([]);
    expect(await attempts()).toBe(before.attempts + FAST_SETTINGS.ledgerMaxAttempts);
    expect((await h.agent.recoverStuckRuns()).refunds).toEqual([]);
    expect(await attempts()).toBe(before.attempts + FAST_SETTINGS.ledgerMaxAttempts);
    // Every retry read first and was refused: no refund went out after the first.
    expect((await h.calls()).ledger).toBe(1);
    expect((await getApprovalByCase(h.db, TENANT, turn.caseId!))?.status).toBe("executing");
    expect((await listMessagesByThread(h.db, TENANT, thread)).map((m) => m.role)).toEqual(["customer", "agent"]);
  });
});
