import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createAgent } from "../index";
import { createAgentStore } from "./store";
import { cancelApproval, getApprovalByCase, recordDecision } from "../../db/queries/approvals";
import { agentHarness, decideAndCarryOut, FAST_SETTINGS, TENANT } from "../../test/agent-support";

// The racing agent below carries out its own decision: the harness takes no share of the job queue.
const h = agentHarness({}, { worker: false });

beforeEach(() => h.freshStart());
afterAll(() => h.pool.end());

describe("the refund node's admission check", () => {
  it("pays nothing when the customer's cancel lands between the decision and the refund", async () => {
    const store = createAgentStore(h.db);
    const racing = createAgent({
      db: h.db,
      pool: h.pool,
      deps: {
        settings: FAST_SETTINGS,
        store: {
          ...store,
          async admitRefund(input) {
            await cancelApproval(h.db, { tenantId: input.tenantId, approvalId: input.approvalId, actor: "alice", reason: "found the receipt" });
            return store.admitRefund(input);
          },
        },
      },
    });
    const thread = await h.newThread();
    const turn = await racing.sendMessage({
      tenantId: TENANT,
      threadId: thread,
      customerId: "cust-alice",
      text: "City Parking charged me while I was abroad",
      actor: "alice",
    });
    if (turn.kind !== "ok") throw new Error("turn failed");
    const approval = (await getApprovalByCase(h.db, TENANT, turn.caseId!))!;
    await racing.work();
    const decision = await decideAndCarryOut(racing, approval);
    expect(decision).toMatchObject({ kind: "ok", status: "approved" });
    expect((await getApprovalByCase(h.db, TENANT, turn.caseId!))?.status).toBe("cancelled");
    expect(await h.ledgerRows()).toHaveLength(0);
    expect((await h.calls()).ledger).toBe(0);
    await racing.close();
  });

  it("admits only the decision's own version: a stale one is refused", async () => {
    const thread = await h.newThread();
    const turn = await h.say(thread, "I don't recognise Electro Mart");
    if (turn.kind !== "ok") throw new Error("turn failed");
    const pending = (await getApprovalByCase(h.db, TENANT, turn.caseId!))!;
    const approved = await recordDecision(h.db, {
      tenantId: TENANT,
      approvalId: pending.id,
      version: pending.version,
      decision: "approved",
      amountMinor: pending.amountMinor,
      actor: "olga",
      reason: "ok",
      now: new Date(),
    });
    const store = createAgentStore(h.db);
    expect(await store.admitRefund({ tenantId: TENANT, approvalId: pending.id, version: pending.version })).toMatchObject({
      admitted: false,
      status: "approved",
    });
    expect(await store.admitRefund({ tenantId: TENANT, approvalId: pending.id, version: approved!.version })).toMatchObject({
      admitted: true,
      status: "executing",
    });
  });
});
