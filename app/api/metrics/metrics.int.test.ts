import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "@/app/_lib/session";
import { agentHarness, TENANT } from "@/test/agent-support";
import { SECOND_TENANT } from "@/db/seed";
import { callRoute } from "@/test/routes";

const TOKEN = "metrics-token-for-the-tests";
process.env.METRICS_TOKEN = TOKEN;

const h = agentHarness();
const cookies: Record<string, string> = {};

beforeAll(async () => {
  await h.freshStart();
  for (const user of ["alice", "olga", "sam", "ivan", "otto", "zofia"]) cookies[user] = `bank_session=${(await createSession(h.db, `user-${user}`)).token}`;
});
afterAll(() => h.pool.end());

const scrape = (options: { cookie?: string; headers?: Record<string, string> } = {}) => callRoute({ method: "GET", route: "/api/metrics", ...options });

/** The value of one series in the text exposition (`name{labels} value`); undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("GET /api/metrics", () => {
  it("after a refund turn and a held one, shows the turn, nodes, checkpoints, bank calls, refunds and pending approvals", async () => {
    const refunded = await h.say(await h.newThread(), "I was charged twice at Coffee Corner");
    expect(refunded).toMatchObject({ kind: "ok", status: "idle" });
    const held = await h.say(await h.newThread(), "There's a payment at Electro Mart for 1,249.00 that I never made");
    expect(held).toMatchObject({ kind: "ok", status: "awaiting_approval" });

    const res = await scrape({ headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();

    expect(sample(text, 'bank_refunds_total{outcome="executed"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'bank_approval_decisions_total{decision="auto_approved"}')).toBe(1);
    expect(sample(text, 'bank_agent_turn_duration_seconds_count{intent="refund"}')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'bank_agent_turn_duration_seconds_sum{intent="refund"}')).toBeGreaterThan(0);
    for (const node of ["intake", "checkSystem", "triage", "refund", "reply"]) {
      expect(sample(text, `bank_agent_node_duration_seconds_count{node="${node}",outcome="ok"}`), node).toBeGreaterThanOrEqual(1);
    }
    expect(sample(text, 'bank_agent_node_duration_seconds_count{node="approvalGate",outcome="interrupted"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'bank_checkpoint_write_duration_seconds_count{operation="put"}')).toBeGreaterThanOrEqual(5);
    expect(sample(text, 'bank_checkpoint_write_duration_seconds_count{operation="put_writes"}')).toBeGreaterThanOrEqual(5);
    const checkpoints = sample(text, "bank_checkpoint_size_bytes_count")!;
    expect(checkpoints).toBeGreaterThanOrEqual(5);
    expect(sample(text, "bank_checkpoint_size_bytes_sum")! / checkpoints).toBeGreaterThan(500);
    expect(sample(text, 'bank_checkpoint_size_bytes_bucket{le="1048576"}')).toBe(checkpoints);
    expect(sample(text, "bank_checkpoints_over_1mb_total")).toBe(0);
    expect(sample(text, 'bank_system_calls_total{system="ledger",outcome="ok"}')).toBe(1);
    expect(sample(text, 'bank_system_calls_total{system="antifraud",outcome="ok"}')).toBe(2);
    expect(sample(text, `bank_approvals_pending{tenant="${TENANT}"}`)).toBe(1);
    const age = sample(text, `bank_approvals_oldest_pending_age_seconds{tenant="${TENANT}"}`)!;
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(120);
    expect(sample(text, `bank_messages_queued{tenant="${TENANT}"}`)).toBeUndefined();
    for (const name of [
      "bank_approval_decisions_total",
      "bank_degraded_checks_total",
      "bank_recovery_takeovers_total",
      "bank_drains_total",
      "bank_login_throttles_total",
    ]) {
      expect(text, name).toContain(`# TYPE ${name} counter`);
    }
    expect(sample(text, "bank_recovery_takeovers_total")).toBe(0);
    expect(text).toContain("# TYPE process_cpu_user_seconds_total counter");
    expect(text).toContain("nodejs_heap_size_used_bytes");
    expect(text).not.toMatch(/thread_id|threadId|cust-alice/);
  });

  it("shows each bank's staff their own bank's approvals only, even when both banks scrape at once; the token sees every bank", async () => {
    const held = await h.say(
      await h.newThread("cust-kasia", SECOND_TENANT),
      "I don't recognise the Media Expert payment of 3,499.00",
      "cust-kasia",
      SECOND_TENANT,
    );
    expect(held).toMatchObject({ kind: "ok", status: "awaiting_approval" });
    const tenantsIn = (text: string) => [...new Set([...text.matchAll(/^bank_approvals_pending\{tenant="([^"]+)"\}/gm)].map((m) => m[1]))].sort();
    for (let round = 0; round < 5; round++) {
      const [sam, zofia, token] = await Promise.all([
        scrape({ cookie: cookies.sam }),
        scrape({ cookie: cookies.zofia }),
        scrape({ headers: { authorization: `Bearer ${TOKEN}` } }),
      ]);
      expect(tenantsIn(await sam.text())).toEqual([TENANT]);
      expect(tenantsIn(await zofia.text())).toEqual([SECOND_TENANT]);
      expect(tenantsIn(await token.text())).toEqual([TENANT, SECOND_TENANT].sort());
    }
  });

  it("is for the token's bearer and supervisors', auditors' and the ops role's sessions only", async () => {
    const refused = async (options: Parameters<typeof scrape>[0], status: number, code: string) => {
      const res = await scrape(options);
      expect(res.status).toBe(status);
      expect(await res.json()).toMatchObject({ code, message: expect.any(String) });
    };
    await refused({}, 401, "unauthorized:session");
    await refused({ headers: { authorization: "Bearer not-the-metrics-token" } }, 401, "unauthorized:metrics_token");
    await refused({ headers: { authorization: `Basic ${TOKEN}` } }, 401, "unauthorized:metrics_token");
    await refused({ cookie: cookies.alice }, 403, "forbidden:role");
    await refused({ cookie: cookies.olga }, 403, "forbidden:role");
    expect((await scrape({ headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    expect((await scrape({ cookie: cookies.sam })).status).toBe(200);
    expect((await scrape({ cookie: cookies.ivan })).status).toBe(200);
    expect((await scrape({ cookie: cookies.otto })).status).toBe(200);
  });
});
