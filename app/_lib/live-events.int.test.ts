import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { openApproval } from "../../db/queries/approvals";
import { createThread } from "../../db/queries/threads";
import { upsertCase } from "../../db/queries/cases";
import { openDatabase } from "../../db/client";
import { withTenant } from "../../db/tenant-context";
import { resetDatabase, seedDemoData } from "../../db/seed";
import { subscribeApprovalEvents, type ApprovalEvent } from "./live-events";

const otherInstance = openDatabase(process.env.DATABASE_URL!, 2);
const owner = openDatabase(process.env.DATABASE_OWNER_URL ?? process.env.DATABASE_URL!, 2);

beforeEach(async () => {
  await resetDatabase(owner.db);
  await seedDemoData(owner.db);
});
afterAll(() => Promise.all([otherInstance.pool.end(), owner.pool.end()]));

describe("live approval events", () => {
  it("reach this process when another instance opens an approval, through Postgres LISTEN/NOTIFY", async () => {
    const received: ApprovalEvent[] = [];
    const unsubscribe = await subscribeApprovalEvents("demo-bank", (e) => received.push(e));
    const ignored: ApprovalEvent[] = [];
    const unsubscribeOther = await subscribeApprovalEvents("other-bank", (e) => ignored.push(e));
    // The other instance opens the approval as the app does: as the application role, acting for its bank.
    const row = await withTenant("demo-bank", async () => {
      const thread = await createThread(otherInstance.db, "demo-bank", "cust-alice");
      const kase = await upsertCase(otherInstance.db, {
        tenantId: "demo-bank",
        threadId: thread.id,
        customerId: "cust-alice",
        transactionId: "tx-alice-parking",
        reason: "abroad",
        amountMinor: 3_800,
        currency: "EUR",
      });
      const row = await openApproval(otherInstance.db, {
        tenantId: "demo-bank",
        caseId: kase!.id,
        threadId: thread.id,
        amountMinor: 3_800,
        currency: "EUR",
        policyReason: "test",
        checks: {},
        risk: "medium",
        expiresAt: new Date(Date.now() + 60_000),
        requiredApprovals: 1,
        createdAt: new Date(),
      });
      return row;
    });
    await expect.poll(() => received.length, { timeout: 2000 }).toBe(1);
    expect(received[0]).toMatchObject({ approvalId: row.id, status: "pending", version: 1 });
    expect(ignored).toHaveLength(0);
    unsubscribe();
    unsubscribeOther();
  });
});
