import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { fingerprintOf } from "./systems/ledger";
import { call, setFault, TENANT, testDatabase } from "./test-support";

const database = testDatabase();

const refund = {
  tenantId: TENANT,
  caseId: "case-coffee",
  customerId: "cust-alice",
  transactionId: "tx-alice-coffee-2",
  amountMinor: 490,
  currency: "EUR",
};

function postRefund(key: string | undefined, body: unknown = refund, signal?: AbortSignal) {
  return call("/ledger/refunds", { body, headers: key ? { "idempotency-key": key } : {}, signal });
}

async function ledgerRows() {
  const { rows } = await database.pool.query(
    "select idempotency_key, status, amount_minor, response_status, response_body from bank_sim.ledger_entries order by id",
  );
  return rows;
}

beforeEach(() => database.freshStart());
afterAll(() => database.pool.end());

describe("ledger refunds", () => {
  it("commits a first refund once and answers 201 with the entry", async () => {
    const first = await postRefund("refund:demo-bank:case-coffee");
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(first.body).toMatchObject({ caseId: "case-coffee", amountMinor: 490, currency: "EUR", status: "committed" });
    expect(typeof first.body.entryId).toBe("string");
    expect(Number.isNaN(Date.parse(first.body.committedAt))).toBe(false);
    const rows = await ledgerRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "committed", amount_minor: 490, response_status: 201 });
    expect(rows[0].response_body).toEqual(first.body);
  });

  it("replays the stored answer for the same key and body without a second row", async () => {
    const first = await postRefund("k-replay");
    const again = await postRefund("k-replay");
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await ledgerRows()).toHaveLength(1);
  });

  it("refuses the same key with a different amount and leaves the row as it was", async () => {
    await postRefund("k-mismatch");
    const before = await ledgerRows();
    const other = await postRefund("k-mismatch", { ...refund, amountMinor: 980 });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe("unprocessable:idempotency");
    expect(await ledgerRows()).toEqual(before);
  });

  it("answers 409 while a request with the same key is in flight", async () => {
    await database.pool.query(
      `insert into bank_sim.ledger_entries (tenant_id, idempotency_key, request_fingerprint, status, case_id, customer_id, amount_minor, currency)
       values ($1, 'k-inflight', $2, 'in_flight', $3, $4, $5, $6)`,
      [TENANT, fingerprintOf(refund as Parameters<typeof fingerprintOf>[0]), refund.caseId, refund.customerId, 490, "EUR"],
    );
    const res = await postRefund("k-inflight");
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("conflict:idempotency");
    const rows = await ledgerRows();
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe("in_flight");
  });

  it("moves money once when the same refund arrives ten times at once", async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => postRefund("k-race")));
    const fresh = answers.filter((a) => a.status === 201 && a.headers.get("idempotent-replayed") === null);
    expect(fresh).toHaveLength(1);
    for (const a of answers) expect([201, 409]).toContain(a.status);
    const rows = await ledgerRows();
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe("committed");
  });

  it("rejects a refund without an Idempotency-Key and writes nothing", async () => {
    const res = await postRefund(undefined);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("bad_request:idempotency_key");
    expect(await ledgerRows()).toHaveLength(0);
  });

  it("rejects malformed JSON and an invalid body with 400", async () => {
    const malformed = await call("/ledger/refunds", { rawBody: "{not json", headers: { "idempotency-key": "k-bad" } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe("bad_request:ledger");
    const negative = await postRefund("k-bad", { ...refund, amountMinor: -5 });
    expect(negative.status).toBe(400);
    expect(negative.body.code).toBe("bad_request:ledger");
    const fractional = await postRefund("k-bad", { ...refund, amountMinor: 4.9 });
    expect(fractional.status).toBe(400);
    const dollars = await postRefund("k-bad", { ...refund, currency: "USD" });
    expect(dollars.status).toBe(400);
    expect(await ledgerRows()).toHaveLength(0);
  });

  it("commits but loses the answer under afterCommit error, and the retry replays 201", async () => {
    await setFault({ system: "ledger", afterCommit: "error", times: 1 });
    const lost = await postRefund("k-lost");
    expect(lost.status).toBe(500);
    expect(lost.body.code).toBe("internal:ledger");
    const rows = await ledgerRows();
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe("committed");
    const retry = await postRefund("k-lost");
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body).toEqual(rows[0].response_body);
    expect(await ledgerRows()).toHaveLength(1);
  });

  it("commits but never answers under afterCommit hang", async () => {
    await setFault({ system: "ledger", afterCommit: "hang" });
    await expect(postRefund("k-hang", refund, AbortSignal.timeout(300))).rejects.toThrow(/abort|timeout/i);
    const rows = await ledgerRows();
    expect(rows.map((r) => r.status)).toEqual(["committed"]);
  });

  it("lists entries by tenant, case and customer", async () => {
    await postRefund("k-list-1");
    await postRefund("k-list-2", { ...refund, caseId: "case-books", customerId: "cust-bob", amountMinor: 1250 });
    const all = await call(`/ledger/entries?tenantId=${TENANT}`);
    expect(all.status).toBe(200);
    expect(all.body.entries.map((e: { idempotencyKey: string }) => e.idempotencyKey)).toEqual(["k-list-1", "k-list-2"]);
    expect(all.body.entries[0]).toMatchObject({
      caseId: "case-coffee",
      customerId: "cust-alice",
      amountMinor: 490,
      currency: "EUR",
      status: "committed",
    });
    const byCase = await call(`/ledger/entries?tenantId=${TENANT}&caseId=case-books`);
    expect(byCase.body.entries).toHaveLength(1);
    const byCustomer = await call(`/ledger/entries?tenantId=${TENANT}&customerId=cust-alice`);
    expect(byCustomer.body.entries.map((e: { caseId: string }) => e.caseId)).toEqual(["case-coffee"]);
    const otherTenant = await call("/ledger/entries?tenantId=other-bank");
    expect(otherTenant.body.entries).toEqual([]);
    const calls = await call("/_admin/calls");
    expect(calls.body.ledger).toBe(2);
  });

  it("refuses a listing while the ledger is down, as it refuses refunds, without counting it or using up the fault", async () => {
    await postRefund("k-down");
    await setFault({ system: "ledger", errorRate: 1, times: 1 });
    const down = await call(`/ledger/entries?tenantId=${TENANT}&caseId=case-coffee`);
    expect(down.status).toBe(503);
    expect(down.body.code).toBe("unavailable:ledger");
    expect((await call("/_admin/calls")).body.ledger).toBe(1);
    expect((await postRefund("k-down-2", { ...refund, caseId: "case-other" })).status).toBe(503);
    expect((await call(`/ledger/entries?tenantId=${TENANT}&caseId=case-coffee`)).status).toBe(200);
  });
});

const HOUR_MS = 3_600_000;

async function keyWindow(windowMs: number | null) {
  const res = await call("/_admin/ledger/key-window", { body: { windowMs } });
  expect(res.status).toBe(200);
}

async function advanceClock(advanceMs: number) {
  const res = await call("/_admin/clock", { body: { advanceMs } });
  expect(res.status).toBe(200);
}

describe("the ledger's idempotency key window", () => {
  it("replays a key inside the window and books the same request anew once the window has passed", async () => {
    await keyWindow(24 * HOUR_MS);
    const first = await postRefund("refund:demo-bank:case-coffee");
    await advanceClock(23 * HOUR_MS);
    const inside = await postRefund("refund:demo-bank:case-coffee");
    expect(inside.headers.get("idempotent-replayed")).toBe("true");
    expect(inside.body).toEqual(first.body);
    expect(await ledgerRows()).toHaveLength(1);

    await advanceClock(2 * HOUR_MS);
    const after = await postRefund("refund:demo-bank:case-coffee");
    expect(after.status).toBe(201);
    expect(after.headers.get("idempotent-replayed")).toBeNull();
    expect(after.body.entryId).not.toBe(first.body.entryId);
    const rows = await ledgerRows();
    expect(rows.map((r) => r.status)).toEqual(["committed", "committed"]);
    expect(rows[0].idempotency_key).toMatch(/^refund:demo-bank:case-coffee \(forgotten, entry \d+\)$/);
    // The forgotten key's entry is still the case's: a read by case id sees both.
    const byCase = await call(`/ledger/entries?tenantId=${TENANT}&caseId=case-coffee`);
    expect(byCase.body.entries.map((e: { entryId: string }) => e.entryId)).toEqual([first.body.entryId, after.body.entryId]);
  });

  it("keeps every key without a window, however far the clock moves", async () => {
    await postRefund("k-forever");
    await advanceClock(365 * 24 * HOUR_MS);
    const later = await postRefund("k-forever");
    expect(later.headers.get("idempotent-replayed")).toBe("true");
    expect(await ledgerRows()).toHaveLength(1);
  });

  it("starts each test from the window and clock the simulator was started with", async () => {
    await keyWindow(1_000);
    await advanceClock(HOUR_MS);
    await call("/_admin/reset", { method: "POST" });
    const controls = await call("/_admin/controls");
    expect(controls.body.ledgerKeyWindowMs).toBeNull();
    expect(Math.abs(Date.parse(controls.body.now) - Date.now())).toBeLessThan(60_000);
  });

  it("refuses a malformed window or clock move with 400", async () => {
    for (const [path, body] of [
      ["/_admin/ledger/key-window", { windowMs: -1 }],
      ["/_admin/ledger/key-window", { windowMs: "1h" }],
      ["/_admin/clock", { advanceMs: -5 }],
      ["/_admin/clock", { advanceMs: 1, extra: true }],
    ] as const) {
      const res = await call(path, { body });
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.code).toBe("bad_request:admin");
    }
  });
});
