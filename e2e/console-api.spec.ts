import { expect, test, type APIRequestContext } from "@playwright/test";
import { expectError, signIn } from "./api-client";

test.describe("approval console API: roles and conflicts, enforced on the server", () => {
  let bob: APIRequestContext;
  let olga: APIRequestContext;
  let oscar: APIRequestContext;
  let sam: APIRequestContext;
  let ivan: APIRequestContext;
  let approval: { approvalId: string; version: number; caseId: string };

  test.beforeAll(async ({ baseURL }) => {
    [bob, olga, oscar, sam, ivan] = await Promise.all(["bob", "olga", "oscar", "sam", "ivan"].map((u) => signIn(baseURL!, u)));
    const { threadId } = await (await bob.post("/api/threads", { data: {} })).json();
    const turn = await (
      await bob.post(`/api/threads/${threadId}/messages`, {
        data: { text: "I want my money back for the Orlen Fuel payment of 210.00, I never bought that fuel" },
      })
    ).json();
    expect(turn.status).toBe("awaiting_approval");
    const queue = await (await olga.get("/api/approvals?status=pending&pageSize=100")).json();
    approval = queue.approvals.find((a: { caseId: string }) => a.caseId === turn.caseId);
    expect(approval).toMatchObject({ status: "pending", version: expect.any(Number) });
  });

  test("customers and auditors cannot act; customers cannot read the queue", async () => {
    const path = `/api/approvals/${approval.approvalId}`;
    await expectError(await bob.get(path), 403, "forbidden:role");
    await expectError(await bob.get("/api/approvals/events"), 403, "forbidden:role");
    for (const ctx of [bob, ivan]) {
      await expectError(await ctx.post(`${path}/decision`, { data: { decision: "approve", version: approval.version } }), 403, "forbidden:role");
      await expectError(await ctx.post(`${path}/claim`, { data: {} }), 403, "forbidden:role");
      await expectError(await ctx.delete(`${path}/claim`, { data: {} }), 403, "forbidden:role");
      await expectError(await ctx.post(`${path}/questions`, { data: { question: "Why?", version: approval.version } }), 403, "forbidden:role");
    }
    expect((await ivan.get(path)).status()).toBe(200);
  });

  test("claims: a second operator gets 409 and cannot decide; only a supervisor may take over", async () => {
    const path = `/api/approvals/${approval.approvalId}`;
    expect((await olga.post(`${path}/claim`, { data: {} })).status()).toBe(200);
    await expectError(await oscar.post(`${path}/claim`, { data: {} }), 409, "conflict:claim");
    await expectError(await oscar.post(`${path}/claim`, { data: { takeover: true } }), 403, "forbidden:role");
    await expectError(await oscar.post(`${path}/decision`, { data: { decision: "approve", version: approval.version } }), 403, "forbidden:claimed");
    await expectError(await oscar.delete(`${path}/claim`, { data: {} }), 403, "forbidden:claimed");
    const takeover = await sam.post(`${path}/claim`, { data: { takeover: true } });
    expect(await takeover.json()).toMatchObject({ claimedBy: "sam" });
    expect((await sam.delete(`${path}/claim`, { data: {} })).status()).toBe(200);
  });

  test("questions: a second one, or a decision, while one is open gets 409", async () => {
    const path = `/api/approvals/${approval.approvalId}`;
    await expectError(await olga.post(`${path}/questions`, { data: { question: "", version: approval.version } }), 400, "bad_request:body");
    expect((await olga.post(`${path}/questions`, { data: { question: "Did anyone else use your card?", version: approval.version } })).status()).toBe(201);
    await expectError(await olga.post(`${path}/questions`, { data: { question: "And?", version: approval.version } }), 409, "conflict:approval");
    await expectError(await olga.post(`${path}/decision`, { data: { decision: "approve", version: approval.version } }), 409, "conflict:approval");
    const detail = await (await olga.get(path)).json();
    expect(detail.questions).toHaveLength(1);
    expect(detail.approval.openQuestion).toMatchObject({ question: "Did anyone else use your card?" });
  });

  test("decisions: stale versions and decided approvals get 409 and change nothing", async () => {
    const path = `/api/approvals/${approval.approvalId}`;
    const { threadId } = (await (await olga.get(path)).json()).approval;
    await bob.post(`/api/threads/${threadId}/messages`, { data: { text: "No, nobody else has my card" } });
    await expectError(await olga.post(`${path}/decision`, { data: { decision: "approve", version: approval.version + 1 } }), 409, "conflict:approval");
    await expectError(
      await olga.post(`${path}/decision`, { data: { decision: "approve", version: approval.version, amountMinor: 999_999 } }),
      400,
      "bad_request:approval",
    );
    const ok = await olga.post(`${path}/decision`, { data: { decision: "approve", reason: "Looks right", version: approval.version } });
    // The decision answers at once; the job queue then resumes the conversation and pays.
    expect(await ok.json()).toMatchObject({ status: "approved", approvalsNeeded: 0 });
    await expectError(
      await sam.post(`${path}/decision`, { data: { decision: "reject", reason: "late", version: approval.version } }),
      409,
      "conflict:approval",
    );
    await expectError(await sam.post(`${path}/claim`, { data: {} }), 409, "conflict:claim");
    await expect.poll(async () => (await (await olga.get(`/api/cases/${approval.caseId}`)).json()).ledgerEntries?.length, { timeout: 30_000 }).toBe(1);
  });
});
