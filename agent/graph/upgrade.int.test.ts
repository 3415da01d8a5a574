import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { BEFORE_REFUND_THREAD_ID, loadThreadFixture } from "../../db/legacy-thread";
import { getApprovalById } from "../../db/queries/approvals";
import { listMessagesByThread } from "../../db/queries/threads";
import { agentHarness, FAST_SETTINGS, TENANT } from "../../test/agent-support";
import { createAgent } from "../index";
import { pausedThread } from "../runtime/release-check";
import { createCheckpointer } from "../runtime/checkpointer";

const h = agentHarness();

beforeEach(async () => {
  await h.freshStart();
  await loadThreadFixture(h.db, {
    threadId: BEFORE_REFUND_THREAD_ID,
    tenantId: TENANT,
    customerId: "cust-alice",
    status: "busy",
    leaseOwner: "instance-of-release-v0",
  });
});
afterAll(() => h.pool.end());

describe("a run recorded by an earlier release (state v0)", () => {
  it("is listed by the release check as resumable, waiting in the refund node", async () => {
    expect(await pausedThread(createCheckpointer(h.pool), BEFORE_REFUND_THREAD_ID)).toMatchObject({ waitingIn: ["refund"], missing: [], schemaVersion: 0 });
  });

  it("resumes on the current graph, upgraded on read, and pays the full amount once", async () => {
    const agent = createAgent({ db: h.db, pool: h.pool, deps: { settings: FAST_SETTINGS } });
    expect((await agent.recoverStuckRuns()).threads).toEqual([BEFORE_REFUND_THREAD_ID]);
    const [entry, ...more] = await h.ledgerRows();
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({ amountMinor: 490, idempotencyKey: `refund:${TENANT}:${entry!.caseId}` });
    const approvalId = String((await h.db.query.approvals.findFirst())!.id);
    expect((await getApprovalById(h.db, TENANT, approvalId))?.status).toBe("executed");
    const transcript = await listMessagesByThread(h.db, TENANT, BEFORE_REFUND_THREAD_ID);
    expect(transcript.at(-1)).toMatchObject({ role: "agent", text: expect.stringMatching(/refunded/) });
    await agent.close();
  });
});
