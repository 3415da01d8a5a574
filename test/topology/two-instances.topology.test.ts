/**
 * Two app instances behind a round-robin proxy on one Postgres, as docker-compose.yml deploys
 * them: conversations, decisions and live console updates cross instances, and an instance
 * SIGKILLed while it pays a refund leaves the survivor to finish the conversation, paying once.
 * Needs the production build (`tsx scripts/build.ts`; built here when stale).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiSession, type ApiTarget } from "../../scripts/chaos/api";
import { createCustomers, CUSTOMER_PASSWORD, type Plan } from "../../scripts/chaos/customers";
import { fetchWithin } from "../../scripts/chaos/deadline";
import { FaultInjector } from "../../scripts/chaos/faults";
import { Journal } from "../../scripts/chaos/journal";
import { sleep } from "../../scripts/chaos/rng";
import { openEventStream, startTopology, type EventStream, type ServerEvent, type Topology } from "./topology";

let topology: Topology;
let customers: { duplicate: Plan[]; review: Plan[]; parallel: Plan[] };
const journal = new Journal();

beforeAll(async () => {
  topology = await startTopology();
  const plans = await createCustomers(topology.pool, 5, 16);
  customers = {
    duplicate: plans.filter((p) => p.scenario === "duplicate"),
    review: plans.filter((p) => p.scenario === "review"),
    parallel: plans.filter((p) => p.scenario === "parallel"),
  };
  expect(customers.duplicate.length, "synthetic customers with a duplicate charge").toBeGreaterThanOrEqual(2);
  expect(customers.review.length, "synthetic customers with a payment for review").toBeGreaterThanOrEqual(1);
  expect(customers.parallel.length, "synthetic customers with three duplicate charges").toBeGreaterThanOrEqual(1);
});

afterAll(async () => {
  await topology?.stop();
});

async function signIn(target: ApiTarget, username: string, password: string): Promise<ApiSession> {
  const session = new ApiSession(target, journal, username);
  expect(await session.login(password), `${username} signs in at ${target.url}`).toBe(true);
  return session;
}

async function newThread(customer: ApiSession): Promise<string> {
  const created = await customer.call("POST", "/api/threads");
  expect(created.status).toBe(201);
  return created.body.threadId as string;
}

const say = (customer: ApiSession, threadId: string, text: string, opts: { retry?: boolean } = {}) =>
  customer.call("POST", `/api/threads/${threadId}/messages`, { text, clientMessageId: randomUUID() }, { ...opts, timeoutMs: 90_000 });

/**
 * The thread's status once it is no longer busy (nor, with `decided`, still waiting for the
 * job queue to resume it after a decision), or the status it had after `timeoutMs`.
 */
async function settled(customer: ApiSession, threadId: string, timeoutMs: number, { decided = false } = {}): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await customer.call("GET", `/api/threads/${threadId}`, undefined, { deadlineMs: timeoutMs });
    expect(res.status).toBe(200);
    const waiting = res.body.status === "busy" || (decided && res.body.status === "awaiting_approval");
    if (!waiting || Date.now() > deadline) return String(res.body.status);
    await sleep(200);
  }
}

/** Ledger entries (refunds) the bank's ledger holds for the customer: each is one payment. */
async function refundsOf(customerId: string): Promise<{ status: string; amount_minor: number }[]> {
  const { rows } = await topology.pool.query(`select status, amount_minor from bank_sim.ledger_entries where customer_id = $1`, [customerId]);
  return rows;
}

/** Customer messages of the thread that no answer marks as answered. */
async function unansweredMessages(threadId: string): Promise<number> {
  const { rows } = await topology.pool.query<{ n: number }>(
    `select count(*)::int as n from messages where thread_id = $1 and role = 'customer' and answered_at is null`,
    [threadId],
  );
  return rows[0]!.n;
}

/** How long one of the test's own page, script and admin requests may take. */
const REQUEST_MS = 30_000;

async function ledgerCalls(): Promise<number> {
  const res = await fetchWithin(`${topology.stack.simulator.url}/_admin/calls`, REQUEST_MS);
  return (JSON.parse(res.text) as { ledger: number }).ledger;
}

describe("two app instances behind a round-robin proxy", () => {
  it("run the container image's standalone server: pages with their scripts, the embed script and health", async () => {
    for (const instance of [topology.a, topology.b]) {
      expect((await fetchWithin(`${instance.url}/api/health`, REQUEST_MS)).status).toBe(200);
      const login = await fetchWithin(`${instance.url}/login`, REQUEST_MS);
      expect(login.status).toBe(200);
      const assets = [...login.text.matchAll(/src="(\/_next\/static\/[^"]+\.js)"/g)].map((m) => m[1]!);
      expect(assets.length, "scripts the sign-in page loads").toBeGreaterThan(0);
      for (const asset of assets) expect((await fetchWithin(`${instance.url}${asset}`, REQUEST_MS)).status, asset).toBe(200);
      const embed = await fetchWithin(`${instance.url}/embed.js`, REQUEST_MS);
      expect(embed.status).toBe(200);
      expect(embed.headers.get("content-type")).toContain("text/javascript");
      expect(embed.text).toContain("postMessage");
    }
  });

  it("serve one customer's conversation through the proxy, streamed turns included, and pay its refund once", async () => {
    const { proxy, viaProxy, a, b } = topology;
    const plan = customers.duplicate[0]!;
    const servedBefore = [proxy.served.get(a.url)!, proxy.served.get(b.url)!];
    const customer = await signIn(viaProxy, plan.username, CUSTOMER_PASSWORD);
    const threadId = await newThread(customer);

    const turn = await say(customer, threadId, plan.claim);
    expect(turn.status).toBe(200);
    expect(turn.body.caseId).toEqual(expect.stringMatching(/^[A-Za-z0-9_-]+$/));

    const streamed = await openEventStream(`${proxy.url}/api/threads/${threadId}/messages`, customer.cookieHeader, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "What is the status of my refund?", clientMessageId: randomUUID() }),
    });
    const done = await streamed.waitFor((e) => e.event === "done", 60_000);
    expect(streamed.events.filter((e) => e.event === "token").length).toBeGreaterThan(0);
    expect(done?.data.reply).toEqual(expect.any(String));

    expect(await settled(customer, threadId, 20_000)).toBe("idle");
    expect(await refundsOf(plan.customerId)).toEqual([{ status: "committed", amount_minor: expect.any(Number) }]);
    expect(await unansweredMessages(threadId)).toBe(0);
    expect(proxy.served.get(a.url)! - servedBefore[0]!, "requests instance A answered").toBeGreaterThan(0);
    expect(proxy.served.get(b.url)! - servedBefore[1]!, "requests instance B answered").toBeGreaterThan(0);
  });

  it("decide one customer's three claims, sent at once to both instances, one at a time: one automatic refund, two for an operator", async () => {
    const { a, b } = topology;
    const plan = customers.parallel[0]!;
    const claims = [plan.claim, ...plan.parallelClaims];
    expect(claims).toHaveLength(3);
    const sessions = [await signIn(a, plan.username, CUSTOMER_PASSWORD), await signIn(b, plan.username, CUSTOMER_PASSWORD)];
    const threads = await Promise.all(claims.map((_, i) => newThread(sessions[i % 2]!)));
    const turns = await Promise.all(claims.map((text, i) => say(sessions[i % 2]!, threads[i]!, text)));
    expect(turns.map((t) => t.status)).toEqual([200, 200, 200]);
    expect(turns.map((t) => t.body.status).sort()).toEqual(["awaiting_approval", "awaiting_approval", "idle"]);
    const { rows } = await topology.pool.query<{ mode: string; status: string }>(
      `select a.mode, a.status from approvals a join cases c on c.id = a.case_id where c.customer_id = $1 order by a.mode`,
      [plan.customerId],
    );
    expect(rows).toEqual([
      { mode: "operator", status: "pending" },
      { mode: "operator", status: "pending" },
      { mode: "policy", status: "executed" },
    ]);
    expect(await refundsOf(plan.customerId)).toHaveLength(1);
  });

  it("resume a turn instance A paused for an operator when the decision lands on instance B, pay once, and show the decision live on A's console", async () => {
    const { a, b, proxy, viaProxy } = topology;
    const plan = customers.review[0]!;
    const customer = await signIn(a, plan.username, CUSTOMER_PASSWORD);
    const threadId = await newThread(customer);
    const turn = await say(customer, threadId, plan.claim);
    expect(turn.status).toBe(200);
    expect(turn.body.status).toBe("awaiting_approval");

    const consoleOnA = await openEventStream(`${a.url}/api/approvals/events`, (await signIn(a, "oscar", "oscar-pass")).cookieHeader, {}, 15_000);
    let consoleViaProxy: EventStream | undefined;
    try {
      consoleViaProxy = await openEventStream(`${proxy.url}/api/approvals/events`, (await signIn(viaProxy, "sam", "sam-pass")).cookieHeader, {}, 15_000);
      const olgaOnB = await signIn(b, "olga", "olga-pass");
      const queue = await olgaOnB.call("GET", "/api/approvals?status=pending&pageSize=100");
      expect(queue.status).toBe(200);
      const approval = (queue.body.approvals as { approvalId: string; threadId: string; version: number }[]).find((q) => q.threadId === threadId);
      expect(approval, "the approval waits in the queue on instance B").toBeDefined();

      const callsBefore = await ledgerCalls();
      const decided = await olgaOnB.call(
        "POST",
        `/api/approvals/${approval!.approvalId}/decision`,
        { decision: "approve", reason: "Topology test: the payment is not the customer's.", version: approval!.version },
        { retry: false, timeoutMs: 90_000 },
      );
      expect(decided.status).toBe(200);

      const isDecision = (e: ServerEvent) => e.event === "approval" && e.data.approvalId === approval!.approvalId && e.data.version > approval!.version;
      expect(await consoleOnA.waitFor(isDecision, 15_000), "instance A's console stream shows B's decision").toBeDefined();
      expect(await consoleViaProxy.waitFor(isDecision, 15_000), "the console stream through the proxy shows it").toBeDefined();

      expect(await settled(customer, threadId, 30_000, { decided: true }), "the decided turn finished").toBe("idle");
      expect(await refundsOf(plan.customerId)).toHaveLength(1);
      expect(await ledgerCalls()).toBe(callsBefore + 1);
      expect(await unansweredMessages(threadId)).toBe(0);
    } finally {
      consoleOnA.close();
      consoleViaProxy?.close();
    }
  });

  it("finish a conversation through the survivor when the instance paying its refund is SIGKILLed, and the ledger pays once", async () => {
    const { a, b, proxy, viaProxy, pool, stack } = topology;
    const plan = customers.duplicate[1]!;
    const customer = await signIn(a, plan.username, CUSTOMER_PASSWORD);
    const threadId = await newThread(customer);

    // The ledger commits the refund, then never answers: the turn on A is mid-refund.
    const faults = new FaultInjector(stack.simulator.url, journal, 1);
    await faults.set({ system: "ledger", afterCommit: "hang", times: 1 });
    const callsBefore = await ledgerCalls();
    const cutOff = say(customer, threadId, plan.claim, { retry: false });
    const deadline = Date.now() + 30_000;
    while ((await refundsOf(plan.customerId)).length === 0 && Date.now() < deadline) await sleep(20);
    expect(await refundsOf(plan.customerId), "the ledger committed the refund while the turn ran on A").toHaveLength(1);
    const { rows } = await pool.query<{ status: string }>(`select status from threads where id = $1`, [threadId]);
    expect(rows[0]!.status).toBe("busy");

    const killedAt = Date.now();
    await a.kill();
    const answer = await cutOff;
    expect(answer.status, "the customer's request to A was cut off").toBe(0);

    const survivor = await signIn(viaProxy, plan.username, CUSTOMER_PASSWORD);
    const refusedBefore = proxy.refused.get(a.url)!;
    expect(await settled(survivor, threadId, 60_000), "instance B took over the turn A was running").toBe("idle");
    const recoveryMs = Date.now() - killedAt;
    console.log(`[topology] instance A SIGKILLed mid-refund; B finished the turn ${recoveryMs} ms later`);

    const followUp = await say(survivor, threadId, "What is the status of my refund?");
    expect(followUp.status).toBe(200);
    expect(proxy.refused.get(a.url)! - refusedBefore, "the proxy sent requests meant for A to B").toBeGreaterThan(0);
    expect(await refundsOf(plan.customerId)).toEqual([{ status: "committed", amount_minor: expect.any(Number) }]);
    expect(await ledgerCalls(), "A's refund call was the only one: B read the case's entry instead of calling again").toBe(callsBefore + 1);
    const reads = await pool.query(
      `select 1 from node_events where thread_id = $1 and node = 'refund' and system = 'ledger' and idempotency_key is null and outcome = 'ok'`,
      [threadId],
    );
    expect(reads.rowCount, "B read the ledger by case before paying").toBeGreaterThanOrEqual(1);
    expect(await unansweredMessages(threadId)).toBe(0);
    expect(b.up).toBe(true);
  });

  it("show the ops page every instance's checkpoint writes and the survivor's takeover, whichever instance answers", async () => {
    const { viaProxy, pool } = topology;
    const sam = await signIn(viaProxy, "sam", "sam-pass");
    const { rows } = await pool.query<{ instance_id: string }>(
      `select distinct instance_id from ops_samples where exists (select 1 from jsonb_array_elements(checkpoint_write_buckets) as n where n::int > 0)`,
    );
    expect(rows.length, "both instances wrote checkpoints and sampled them").toBe(2);
    const deadline = Date.now() + 15_000;
    let live: { takeovers: number; checkpoints: { writes: number; writeP95Ms: number | null } } | undefined;
    let liveFrom = "";
    for (;;) {
      const res = await sam.call("GET", "/api/ops/summary");
      expect(res.status).toBe(200);
      live = res.body.live;
      liveFrom = res.body.minutes[55].at;
      if (live!.takeovers >= 1 || Date.now() > deadline) break;
      await sleep(250);
    }
    expect(live!.takeovers, "instance B's takeover of A's thread, from B's sample").toBeGreaterThanOrEqual(1);
    const { rows: sampled } = await pool.query<{ writes: number }>(
      `select coalesce(sum(n::int), 0)::int as writes from ops_samples, jsonb_array_elements(checkpoint_write_buckets) as n where at >= $1`,
      [liveFrom],
    );
    expect(live!.checkpoints.writes).toBe(sampled[0]!.writes);
    expect(live!.checkpoints.writeP95Ms).toBeGreaterThan(0);
  });
});
