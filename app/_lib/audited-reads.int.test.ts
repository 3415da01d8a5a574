import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "@/app/_lib/session";
import { agentHarness, TENANT } from "@/test/agent-support";
import { cookie } from "@/test/bad-input-corpus";
import { callRoute, ROUTES, type Call } from "@/test/routes";

/**
 * A read that records a look under the investigator's name answers only the app's own pages
 * (`Sec-Fetch-Site: same-origin`) and clients that are not browsers (no `Sec-Fetch-Site`): a
 * link, image, frame or form on another website cannot plant a look.
 */
const h = agentHarness();
const USERS = ["ivan", "sam", "olga", "alice", "otto"] as const;
let tokens: Record<(typeof USERS)[number], string>;
let thread: string;
let checkpointId: string;

/** Streams that never end on their own; they read, and write nothing. */
const STREAMS = ["/api/approvals/events"];

async function auditRows() {
  return Number((await h.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_events`)).rows[0]!.n);
}

/** Every GET that records a look, as an auditor would send it. */
function audited(): Call[] {
  const id = { id: thread };
  const at = { id: thread, checkpointId };
  return [
    { method: "GET", route: "/api/incidents/threads", query: "customer=alice" },
    { method: "GET", route: "/api/incidents/threads/:id/timeline", params: id },
    { method: "GET", route: "/api/incidents/threads/:id/checkpoints", params: id },
    { method: "GET", route: "/api/incidents/threads/:id/checkpoints/:checkpointId", params: at },
    { method: "GET", route: "/api/threads/:id/history", params: id },
    { method: "GET", route: "/api/threads/:id/checkpoints/:checkpointId", params: at },
  ];
}

const as = (user: (typeof USERS)[number], call: Call, site?: string) =>
  callRoute({ ...call, cookie: cookie(tokens[user]), headers: site === undefined ? {} : { "sec-fetch-site": site } });

beforeAll(async () => {
  await h.freshStart();
  thread = await h.newThread("cust-alice");
  expect(await h.say(thread, "what are my card limits")).toMatchObject({ kind: "ok" });
  checkpointId = (await h.agent.history(TENANT, thread)).at(-1)!.checkpointId;
  const entries = await Promise.all(USERS.map(async (u) => [u, (await createSession(h.db, `user-${u}`)).token] as const));
  tokens = Object.fromEntries(entries) as typeof tokens;
});
afterAll(() => h.pool.end());

describe("audited reads", () => {
  it("refuse a GET a browser sent for another site's or another origin's page with 403 forbidden:cross_site, and record nothing", async () => {
    const before = await auditRows();
    for (const call of audited()) {
      for (const site of ["cross-site", "same-site", "none"]) {
        const res = await as("ivan", call, site);
        expect(res.status, `${call.route} from ${site}`).toBe(403);
        expect(await res.json()).toEqual({ code: "forbidden:cross_site", message: expect.stringContaining("recorded under your name") });
      }
    }
    expect(await auditRows()).toBe(before);
  });

  it("answer the viewer's own fetches and clients that are not browsers, each recorded once", async () => {
    for (const call of audited()) {
      for (const site of ["same-origin", undefined]) {
        const before = await auditRows();
        const res = await as("ivan", call, site);
        expect(res.status, `${call.route} from ${site ?? "no browser"}`).toBe(200);
        await res.text();
        expect(await auditRows(), `${call.route} from ${site ?? "no browser"}`).toBe(before + 1);
      }
    }
  });

  it("leave the trail as it was for every GET of the app, by every role, sent for another site's page", async () => {
    const params = { id: thread, checkpointId, runId: "0f0e0d0c-0b0a-4908-8706-050403020100" };
    const gets = Object.entries(ROUTES).filter(([route, methods]) => methods.GET && !STREAMS.includes(route));
    expect(gets.length).toBeGreaterThan(20);
    const before = await auditRows();
    const refused: string[] = [];
    for (const user of USERS) {
      for (const [route] of gets) {
        const res = await as(user, { method: "GET", route, params }, "cross-site");
        const body = await res.text();
        if (body.includes('"forbidden:cross_site"')) refused.push(`${user} ${route}`);
      }
    }
    expect(await auditRows()).toBe(before);
    // The investigators' looks were refused, not merely not found.
    expect(refused.filter((r) => r.startsWith("ivan ")).sort()).toEqual(
      audited()
        .map((c) => `ivan ${c.route}`)
        .sort(),
    );
  });
});
