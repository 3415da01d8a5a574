import { expect, test, type APIRequestContext } from "@playwright/test";
import { expectError, signIn } from "./api-client";
import { say, startThread } from "./seed";
import { personalIn } from "../test/personal-data";

const LEGACY = "legacy-thread-state-v0";

test.describe("incident API: investigators only, masked until revealed, reading changes nothing", () => {
  let ivan: APIRequestContext;
  let sam: APIRequestContext;
  let olga: APIRequestContext;
  let alice: APIRequestContext;

  test.beforeAll(async ({ baseURL }) => {
    [ivan, sam, olga, alice] = await Promise.all(["ivan", "sam", "olga", "alice"].map((u) => signIn(baseURL!, u)));
  });

  test("operators and customers are refused", async () => {
    for (const ctx of [olga, alice]) {
      await expectError(await ctx.get("/api/incidents/threads"), 403, "forbidden:role");
      await expectError(await ctx.get(`/api/incidents/threads/${LEGACY}/timeline`), 403, "forbidden:role");
      await expectError(await ctx.post(`/api/incidents/threads/${LEGACY}/replay`, { data: { checkpointId: "x" } }), 403, "forbidden:role");
      await expectError(await ctx.get(`/api/threads/${LEGACY}/history`), 403, "forbidden:role");
      await expectError(await ctx.post(`/api/incidents/threads/${LEGACY}/timeline`, { data: { reveal: true } }), 403, "forbidden:role");
      await expectError(await ctx.post(`/api/incidents/threads/${LEGACY}/report`, { data: { reveal: true } }), 403, "forbidden:role");
    }
    expect((await sam.get("/api/incidents/threads")).status()).toBe(200);
  });

  test("search masks names; a reveal shows them and is audited in the report", async () => {
    const found = await (await ivan.get("/api/incidents/threads?customer=Alice&pageSize=100")).json();
    expect(found.threads.length).toBeGreaterThan(0);
    expect(found.threads.map((t: { customerName: string }) => t.customerName)).toEqual(found.threads.map(() => "A**** N****"));
    expect(found.threads.map((t: { threadId: string }) => t.threadId)).toContain(LEGACY);

    const masked = await (await ivan.get(`/api/incidents/threads/${LEGACY}/timeline`)).json();
    expect(masked.customer.name).toBe("A**** N****");
    expect(JSON.stringify(masked)).not.toContain("Alice Novak");
    expect(JSON.stringify(masked)).not.toContain('"4242"');
    await expectError(await ivan.get(`/api/incidents/threads/${LEGACY}/timeline?reveal=1`), 400, "bad_request:reveal");
    const revealed = await (await ivan.post(`/api/incidents/threads/${LEGACY}/timeline`, { data: { reveal: true } })).json();
    expect(revealed.customer.name).toBe("Alice Novak");

    const report = await ivan.post(`/api/incidents/threads/${LEGACY}/report`, { data: { reveal: false } });
    expect(report.headers()["content-disposition"]).toContain(`incident-${LEGACY}.json`);
    const body = await report.json();
    expect(body.views).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ actor: "ivan", action: "incident.revealed" }),
        expect.objectContaining({ actor: "ivan", action: "incident.viewed" }),
      ]),
    );
    expect(body.customer.name).toBe("A**** N****");
    expect(JSON.stringify(body)).not.toContain("Alice Novak");
  });

  test("a customer sees her card's last digits in her own chat; staff see them only after an audited reveal", async () => {
    const threadId = await startThread(alice);
    expect((await say(alice, threadId, "what are my card limits")).reply).toContain("Card ending 4242");
    expect(JSON.stringify(await (await alice.get(`/api/threads/${threadId}`)).json())).toContain("Card ending 4242");

    await expectError(await olga.get(`/api/threads/${threadId}`), 403, "forbidden:role");
    const masked = JSON.stringify(await (await ivan.get(`/api/incidents/threads/${threadId}/timeline`)).json());
    expect(masked).toContain("Card ending ••••");
    expect(personalIn(masked, ["4242", "Alice", "Novak"])).toEqual([]);
    const history = JSON.stringify(await (await sam.get(`/api/threads/${threadId}/history`)).json());
    expect(personalIn(history, ["4242", "Alice", "Novak"])).toEqual([]);
    const revealed = JSON.stringify(await (await ivan.post(`/api/incidents/threads/${threadId}/timeline`, { data: { reveal: true } })).json());
    expect(revealed).toContain("Card ending 4242");
  });

  test("an old thread's state renders with its unknown fields raw", async () => {
    const timeline = await (await ivan.get(`/api/incidents/threads/${LEGACY}/timeline`)).json();
    const checkpoints = timeline.entries.filter((e: { kind: string }) => e.kind === "checkpoint");
    const last = checkpoints.at(-1);
    const view = await (await ivan.get(`/api/incidents/threads/${LEGACY}/checkpoints/${last.checkpointId}`)).json();
    expect(view.unknownFields.sort()).toEqual(["messages", "refund", "reply", "triage"]);
    expect(view.values.reply).toContain("A**** N****");
  });

  test("bad replays are 4xx and a replay adds no checkpoint", async () => {
    const before = await (await ivan.get(`/api/threads/${LEGACY}/history`)).json();
    await expectError(await ivan.post(`/api/incidents/threads/${LEGACY}/replay`, { data: { checkpointId: "nope" } }), 404, "not_found:checkpoint");
    await expectError(
      await ivan.post(`/api/incidents/threads/${LEGACY}/replay`, {
        data: { checkpointId: before.checkpoints[0].checkpointId, policy: { autoApproveMaxMinor: -1 } },
      }),
      400,
      "bad_request:body",
    );
    await expectError(
      await ivan.post(`/api/incidents/threads/${LEGACY}/replay`, { data: { checkpointId: before.checkpoints[0].checkpointId, systems: "production" } }),
      400,
      "bad_request:body",
    );
    await expectError(await ivan.get("/api/incidents/threads?from=yesterday"), 400, "bad_request:query");
    await expectError(await ivan.get("/api/incidents/threads/no-such-thread/timeline"), 404, "not_found:thread");
    const after = await (await ivan.get(`/api/threads/${LEGACY}/history`)).json();
    expect(after.checkpoints).toHaveLength(before.checkpoints.length);
  });
});
