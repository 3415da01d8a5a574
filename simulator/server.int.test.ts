import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { startSimulator } from "./server";
import { until } from "../test/wait-for";
import { call, setFault, TENANT, testDatabase } from "./test-support";

const database = testDatabase();

beforeEach(() => database.freshStart());
afterAll(() => database.pool.end());

const limits = (customerId: string, tenantId = TENANT) => call(`/limits/customers/${customerId}?tenantId=${tenantId}`);
const history = (customerId: string, tenantId = TENANT) => call(`/history/customers/${customerId}?tenantId=${tenantId}`);
const assess = (customerId: string, transactionId: string, tenantId = TENANT) => call("/antifraud/assess", { body: { tenantId, customerId, transactionId } });

describe("antifraud", () => {
  it.each([
    ["cust-alice", "tx-alice-coffee-2", "low", 0, ["possible_duplicate"]],
    ["cust-alice", "tx-alice-electro", "high", 80, ["large_amount", "new_merchant", "night_time"]],
    ["cust-alice", "tx-alice-parking", "medium", 40, ["location_mismatch"]],
    ["cust-bob", "tx-bob-gadget", "medium", 30, ["new_merchant", "night_time"]],
    ["cust-bob", "tx-bob-books-1", "low", 0, ["possible_duplicate"]],
  ])("rates %s's %s as %s", async (customerId, transactionId, risk, score, signals) => {
    const res = await assess(customerId, transactionId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ transactionId, risk, score, signals });
  });

  it("answers 404 for a transaction of another customer or tenant", async () => {
    expect((await assess("cust-bob", "tx-alice-electro")).body.code).toBe("not_found:transaction");
    const otherTenant = await assess("cust-alice", "tx-alice-electro", "other-bank");
    expect(otherTenant.status).toBe(404);
  });

  it("rejects a body without a tenant", async () => {
    const res = await call("/antifraud/assess", { body: { customerId: "cust-alice", transactionId: "tx-alice-electro" } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("bad_request:antifraud");
  });
});

describe("limits and history", () => {
  it("lists a customer's cards with limits and what was spent today and this month", async () => {
    await database.pool.query(
      `insert into transactions (id, tenant_id, customer_id, card_id, merchant, amount_minor, currency, country, posted_at)
       values ('tx-alice-today', $1, 'cust-alice', 'card-alice', 'Kiosk', 777, 'EUR', 'DE', now())`,
      [TENANT],
    );
    const { rows } = await database.pool.query<{ amount_minor: number; posted_at: Date }>(
      "select amount_minor, posted_at from transactions where card_id = 'card-alice'",
    );
    const now = new Date();
    const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    const month = rows.filter((r) => r.posted_at.getTime() >= monthStart).reduce((sum, r) => sum + r.amount_minor, 0);

    const res = await limits("cust-alice");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      customerId: "cust-alice",
      cards: [
        {
          cardId: "card-alice",
          last4: "4242",
          currency: "EUR",
          dailyLimitMinor: 150_000,
          monthlyLimitMinor: 500_000,
          onlineLimitMinor: 100_000,
          atmLimitMinor: 50_000,
          spentTodayMinor: 777,
          spentThisMonthMinor: month,
        },
      ],
    });
  });

  it("shows cases and committed refunds in the customer's history", async () => {
    await database.pool.query("insert into threads (id, tenant_id, customer_id) values ('thread-1', $1, 'cust-alice')", [TENANT]);
    await database.pool.query(
      `insert into cases (id, tenant_id, thread_id, customer_id, transaction_id, reason, amount_minor, status)
       values ('case-coffee', $1, 'thread-1', 'cust-alice', 'tx-alice-coffee-2', 'duplicate', 490, 'refunded')`,
      [TENANT],
    );
    const refund = await call("/ledger/refunds", {
      headers: { "idempotency-key": "refund:demo-bank:case-coffee" },
      body: { tenantId: TENANT, caseId: "case-coffee", customerId: "cust-alice", transactionId: "tx-alice-coffee-2", amountMinor: 490, currency: "EUR" },
    });
    expect(refund.status).toBe(201);

    const res = await history("cust-alice");
    expect(res.status).toBe(200);
    expect(res.body.customerId).toBe("cust-alice");
    expect(res.body.cases).toEqual([
      expect.objectContaining({ caseId: "case-coffee", transactionId: "tx-alice-coffee-2", reason: "duplicate", status: "refunded", amountMinor: 490 }),
    ]);
    expect(res.body.refunds).toEqual([{ caseId: "case-coffee", amountMinor: 490, currency: "EUR", at: refund.body.committedAt }]);
    expect(res.body.refundsLast30Days).toBe(1);
    const bob = await history("cust-bob");
    expect(bob.body).toEqual({ customerId: "cust-bob", cases: [], refunds: [], refundsLast30Days: 0, pending: expect.any(Array) });
  });

  it("lists the items not booked yet, newest first, with the day each is expected to be booked", async () => {
    const alice = await history("cust-alice");
    expect(alice.body.pending).toEqual([
      expect.objectContaining({ id: "tx-alice-transfer-pending", kind: "transfer", counterparty: "Maria Novak", amountMinor: 25_000, currency: "EUR" }),
      expect.objectContaining({ id: "tx-alice-hotel-pending", kind: "card_payment", counterparty: "Hotel Adler", amountMinor: 18_000, currency: "EUR" }),
    ]);
    const hotel = alice.body.pending[1];
    const week = new Date(Date.parse(hotel.createdAt) + 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    expect(hotel.expectedBy).toBe(week);
    const transfer = alice.body.pending[0];
    const nextDay = new Date(Date.parse(transfer.createdAt) + 24 * 60 * 60 * 1000);
    expect(transfer.expectedBy >= nextDay.toISOString().slice(0, 10)).toBe(true);
    expect([1, 2, 3, 4, 5]).toContain(new Date(`${transfer.expectedBy}T00:00:00Z`).getUTCDay());
    const bob = await history("cust-bob");
    expect(bob.body.pending.map((p: { kind: string; counterparty: string; amountMinor: number }) => [p.kind, p.counterparty, p.amountMinor]).sort()).toEqual([
      ["cash_withdrawal", "ATM Centrum", 10_000],
      ["top_up", "Top-up by bank transfer", 5_000],
    ]);
    await database.pool.query("update transactions set status = 'booked' where id = 'tx-alice-hotel-pending'");
    expect((await history("cust-alice")).body.pending.map((p: { id: string }) => p.id)).toEqual(["tx-alice-transfer-pending"]);
  });

  it("answers 404 for an unknown customer and for a customer of another tenant", async () => {
    for (const res of [await limits("cust-nobody"), await history("cust-nobody")]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("not_found:customer");
    }
    expect((await limits("cust-alice", "other-bank")).status).toBe(404);
    expect((await history("cust-alice", "other-bank")).status).toBe(404);
  });

  it("requires the tenant in the query", async () => {
    const res = await call("/limits/customers/cust-alice");
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("bad_request:limits");
  });
});

describe("call counting and faults", () => {
  it("counts calls per system on arrival, failures included, and not ledger reads", async () => {
    await limits("cust-alice");
    await limits("cust-nobody");
    await setFault({ system: "antifraud", errorRate: 1 });
    await assess("cust-alice", "tx-alice-electro");
    await call(`/ledger/entries?tenantId=${TENANT}`);
    expect((await call("/_admin/calls")).body).toEqual({ limits: 2, history: 0, antifraud: 1, ledger: 0, cards: 0 });
    await call("/_admin/reset", { method: "POST" });
    expect((await call("/_admin/calls")).body).toEqual({ limits: 0, history: 0, antifraud: 0, ledger: 0, cards: 0 });
  });

  it("delays answers by latencyMs", async () => {
    await setFault({ system: "limits", latencyMs: 400 });
    const res = await limits("cust-alice");
    expect(res.status).toBe(200);
    expect(res.ms).toBeGreaterThanOrEqual(390);
    expect((await history("cust-alice")).ms).toBeLessThan(390);
  });

  it("answers 503 unavailable with errorRate 1", async () => {
    await setFault({ system: "antifraud", errorRate: 1 });
    const res = await assess("cust-alice", "tx-alice-electro");
    expect(res.status).toBe(503);
    expect(res.body.code).toBe("unavailable:antifraud");
  });

  it("answers 504 after timeoutMs", async () => {
    await setFault({ system: "history", timeoutMs: 300 });
    const res = await history("cust-alice");
    expect(res.status).toBe(504);
    expect(res.body.code).toBe("timeout:history");
    expect(res.ms).toBeGreaterThanOrEqual(290);
  });

  it("hangs until the client aborts, and keeps serving others", async () => {
    await setFault({ system: "limits", hang: true });
    const started = performance.now();
    await expect(call("/limits/customers/cust-alice?tenantId=demo-bank", { signal: AbortSignal.timeout(300) })).rejects.toThrow(/timeout|abort/i);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect((await history("cust-alice")).status).toBe(200);
    expect((await call("/_admin/calls")).body.limits).toBe(1);
  });

  it("applies a fault with times to the next N calls only", async () => {
    await setFault({ system: "limits", errorRate: 1, times: 2 });
    expect((await call("/_admin/faults")).body.faults).toEqual([{ system: "limits", errorRate: 1, times: 2 }]);
    expect((await limits("cust-alice")).status).toBe(503);
    expect((await limits("cust-alice")).status).toBe(503);
    expect((await limits("cust-alice")).status).toBe(200);
    expect((await call("/_admin/faults")).body.faults).toEqual([]);
  });

  it("clears every fault on DELETE and rejects invalid faults", async () => {
    await setFault({ system: "limits", errorRate: 1 });
    await setFault({ system: "history", errorRate: 1 });
    expect((await call("/_admin/faults", { method: "DELETE" })).status).toBe(200);
    expect((await limits("cust-alice")).status).toBe(200);
    expect((await setFault({ system: "limits", errorRate: 2 })).status).toBe(400);
    expect((await setFault({ system: "limits", afterCommit: "error" })).body.code).toBe("bad_request:admin");
    expect((await setFault({ system: "mainframe" })).status).toBe(400);
  });
});

describe("server", () => {
  it("answers health and 404 for unknown routes", async () => {
    expect(await call("/health")).toMatchObject({ status: 200, body: { ok: true } });
    const unknown = await call("/nowhere");
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("not_found:route");
  });

  it("closes promptly while a request hangs", async () => {
    const own = await startSimulator({ port: 0, databaseUrl: process.env.DATABASE_URL! });
    expect(own.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await fetch(`${own.url}/_admin/faults`, { method: "POST", body: JSON.stringify({ system: "limits", hang: true }) });
    const hung = fetch(`${own.url}/limits/customers/cust-alice?tenantId=${TENANT}`);
    const outcome = hung.then(
      () => "answered",
      () => "dropped",
    );
    const arrived = async () => ((await (await fetch(`${own.url}/_admin/calls`)).json()) as { limits: number }).limits === 1;
    await until("the hanging request to reach the simulator", arrived);
    const started = performance.now();
    await own.close();
    expect(performance.now() - started).toBeLessThan(2000);
    expect(await outcome).toBe("dropped");
  });
});
