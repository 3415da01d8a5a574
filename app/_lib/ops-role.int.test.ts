import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "@/app/_lib/session";
import { agentHarness } from "@/test/agent-support";
import { sessionRoutes } from "@/test/bad-input-corpus";
import { callRoute } from "@/test/routes";

const h = agentHarness();
let otto = "";
let thread = "";
let approvalId = "";

/** The only routes the ops role may call besides signing in and out and asking who it is. */
const OPS_ROUTES = ["GET /api/ops/summary", "GET /api/metrics", "GET /api/auth/me"];

beforeAll(async () => {
  await h.freshStart();
  otto = `bank_session=${(await createSession(h.db, "user-otto")).token}`;
  thread = await h.newThread();
  const held = await h.say(thread, "There's a payment at Electro Mart for 1,249.00 that I never made");
  expect(held).toMatchObject({ kind: "ok", status: "awaiting_approval" });
  const { approvals } = await import("@/db/schema");
  approvalId = (await h.db.select({ id: approvals.id }).from(approvals))[0]!.id;
});
afterAll(() => h.pool.end());

describe("the ops role", () => {
  it("reads the ops summary and the metrics", async () => {
    for (const route of ["/api/ops/summary", "/api/metrics"]) {
      expect((await callRoute({ method: "GET", route, cookie: otto })).status, route).toBe(200);
    }
  });

  it("is refused every other route: customers' conversations, the approval queue, cases, handovers, incidents, the LangGraph API", async () => {
    const allowed: string[] = [];
    const answers: string[] = [];
    let checked = 0;
    for (const call of sessionRoutes({ aliceThread: thread, approvalId, handoverId: "no-such-handover" })) {
      const name = `${call.method} ${call.route}`;
      // A path no route serves is 404 for everyone, before any session is read.
      if (OPS_ROUTES.includes(name) || call.route === "/api/no-such-route") continue;
      const res = await callRoute({ ...call, cookie: otto });
      checked++;
      if (res.status < 400) allowed.push(name);
      if (res.status !== 403) answers.push(`${name}: ${res.status}`);
      else expect((await res.json()).code, name).toBe("forbidden:role");
    }
    expect(allowed).toEqual([]);
    expect(answers).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });
});
