import { request as httpRequest } from "node:http";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { apiContext, expectError, SESSION_COOKIE, signIn } from "./api-client";

test.describe("HTTP API: bad input gets a clear 4xx and changes nothing", () => {
  let alice: APIRequestContext;
  let bob: APIRequestContext;
  let olga: APIRequestContext;
  let ivan: APIRequestContext;
  let anonymous: APIRequestContext;

  test.beforeAll(async ({ baseURL }) => {
    [alice, bob, olga, ivan] = await Promise.all(["alice", "bob", "olga", "ivan"].map((u) => signIn(baseURL!, u)));
    anonymous = await apiContext({ baseURL });
  });

  test("a wrong password is refused with 401", async () => {
    await expectError(await anonymous.post("/api/auth/login", { data: { username: "alice", password: "nope" } }), 401, "unauthorized:login");
  });

  test("calls without a session, or with a forged one, are refused with 401", async ({ baseURL }) => {
    await expectError(await anonymous.post("/api/threads", { data: {} }), 401, "unauthorized:session");
    const forged = await apiContext({ baseURL, extraHTTPHeaders: { cookie: `${SESSION_COOKIE}=forged-token-value` } });
    await expectError(await forged.get("/api/approvals"), 401, "unauthorized:session_invalid");
  });

  test("customers cannot reach staff routes; staff cannot chat as a customer", async () => {
    await expectError(await alice.get("/api/approvals"), 403, "forbidden:role");
    await expectError(await alice.get("/api/cases/any-case"), 403, "forbidden:role");
    await expectError(await olga.post("/api/threads", { data: {} }), 403, "forbidden:role");
  });

  test("a customer sees only their own threads", async () => {
    const { threadId } = await (await alice.post("/api/threads", { data: {} })).json();
    await expectError(await bob.get(`/api/threads/${threadId}`), 404, "not_found:thread");
    await expectError(await bob.post(`/api/threads/${threadId}/messages`, { data: { text: "hello" } }), 404, "not_found:thread");
    const bobsThreads = await (await bob.get("/api/threads")).json();
    expect(bobsThreads.threads.map((t: { threadId: string }) => t.threadId)).not.toContain(threadId);
  });

  test("malformed, empty, oversized and mistyped messages are refused and not recorded", async () => {
    const { threadId } = await (await alice.post("/api/threads", { data: {} })).json();
    const post = (body: string, type = "application/json") =>
      alice.post(`/api/threads/${threadId}/messages`, { headers: { "content-type": type }, data: Buffer.from(body) });
    await expectError(await post("{not json"), 400, "bad_request:json");
    await expectError(await post(JSON.stringify({ text: "" })), 400, "bad_request:body");
    await expectError(await post(JSON.stringify({ text: 42 })), 400, "bad_request:body");
    await expectError(await post(JSON.stringify({ text: "x".repeat(2001) })), 400, "bad_request:body");
    await expectError(await post(JSON.stringify({ text: "y".repeat(20_000) })), 413, "payload_too_large:body");
    await expectError(await post("text=hello", "application/x-www-form-urlencoded"), 415, "unsupported_media_type:body");
    const thread = await (await alice.get(`/api/threads/${threadId}`)).json();
    expect(thread.messages).toHaveLength(0);
  });

  test("markup in chat text is kept as text", async () => {
    const { threadId } = await (await alice.post("/api/threads", { data: {} })).json();
    const text = "<script>alert(1)</script> what are my card limits?";
    const res = await alice.post(`/api/threads/${threadId}/messages`, { data: { text } });
    expect(res.status()).toBe(200);
    const thread = await (await alice.get(`/api/threads/${threadId}`)).json();
    expect(thread.messages[0]).toMatchObject({ role: "customer", text });
  });

  test("decisions: unknown ids 404, auditors 403, stale versions 409, bad bodies 400", async () => {
    await expectError(
      await olga.post("/api/approvals/no-such-approval/decision", { data: { decision: "approve", reason: "", version: 1 } }),
      404,
      "not_found:approval",
    );
    await expectError(await olga.post("/api/approvals/bad%20id!/decision", { data: { decision: "approve", version: 1 } }), 400, "bad_request:approval_id");

    const { threadId } = await (await bob.post("/api/threads", { data: {} })).json();
    const turn = await (await bob.post(`/api/threads/${threadId}/messages`, { data: { text: "I never bought anything at Gadget Hub, 89.00" } })).json();
    expect(turn.status).toBe("awaiting_approval");
    const queue = await (await olga.get("/api/approvals?status=pending")).json();
    const approval = queue.approvals.find((a: { caseId: string }) => a.caseId === turn.caseId);
    expect(approval).toMatchObject({ status: "pending", version: expect.any(Number) });

    const decide = (ctx: APIRequestContext, data: unknown) => ctx.post(`/api/approvals/${approval.approvalId}/decision`, { data });
    await expectError(await decide(ivan, { decision: "approve", version: approval.version }), 403, "forbidden:role");
    await expectError(await decide(bob, { decision: "approve", version: approval.version }), 403, "forbidden:role");
    await expectError(await decide(olga, { decision: "reject", reason: "", version: approval.version }), 400, "bad_request:body");
    await expectError(await decide(olga, { decision: "maybe", version: approval.version }), 400, "bad_request:body");
    await expectError(await decide(olga, { decision: "approve", version: approval.version + 5 }), 409, "conflict:approval");

    const stillPending = await (await olga.get("/api/approvals?status=pending")).json();
    expect(stillPending.approvals.find((a: { approvalId: string }) => a.approvalId === approval.approvalId)).toMatchObject({
      status: "pending",
      version: approval.version,
    });

    const reject = await decide(olga, { decision: "reject", reason: "Merchant confirmed the order", version: approval.version });
    expect(reject.status()).toBe(200);
    await expectError(await decide(olga, { decision: "approve", version: approval.version }), 409, "conflict:approval");
    const kase = await (await olga.get(`/api/cases/${turn.caseId}`)).json();
    expect(kase.ledgerEntries).toHaveLength(0);
    expect(kase.case.status).toBe("rejected");
  });

  test("a chunked body with no content-length is refused 413 once it passes the limit, before the client has finished sending it", async ({ baseURL }) => {
    const { threadId } = await (await alice.post("/api/threads", { data: {} })).json();
    const cookie = (await alice.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const total = 64 * 1024 * 1024;
    let sent = 0;
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        new URL(`/api/threads/${threadId}/messages`, baseURL),
        { method: "POST", headers: { cookie, "content-type": "application/json", "transfer-encoding": "chunked" } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
          req.destroy();
        },
      );
      req.on("error", (error) => (sent > 0 ? undefined : reject(error)));
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      const pump = () => {
        while (sent < total && !req.destroyed) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        if (!req.destroyed) req.end();
      };
      pump();
    });
    expect(status).toBe(413);
    expect(sent, "bytes the client sent before the answer").toBeLessThan(total);
    expect((await (await alice.get(`/api/threads/${threadId}`)).json()).messages).toHaveLength(0);
  });

  test("an unknown approvals filter or checkpoint is a 4xx", async () => {
    await expectError(await olga.get("/api/approvals?status=whatever"), 400, "bad_request:query");
    const { threads } = await (await ivan.get("/api/threads")).json();
    await expectError(await ivan.get(`/api/threads/${threads[0].threadId}/checkpoints/no-such-checkpoint`), 404, "not_found:checkpoint");
  });
});
