import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { call, setFault, TENANT, testDatabase } from "./test-support";

const database = testDatabase();

beforeEach(() => database.freshStart());
afterAll(() => database.pool.end());

type Action = "freeze" | "unfreeze" | "replacement";

function post(action: Action, key: string | undefined, body: Record<string, unknown>, cardId = "card-alice") {
  return call(`/cards/${cardId}/${action}`, { body: { tenantId: TENANT, customerId: "cust-alice", ...body }, headers: key ? { "idempotency-key": key } : {} });
}

const freeze = (key: string | undefined, reason = "lost", cardId?: string) => post("freeze", key, { reason }, cardId);
const unfreeze = (key: string | undefined, cardId?: string) => post("unfreeze", key, {}, cardId);
const replace = (key: string | undefined, reason = "damaged", cardId?: string) => post("replacement", key, { reason }, cardId);
const cards = (customerId = "cust-alice", tenantId = TENANT) => call(`/cards/customers/${customerId}?tenantId=${tenantId}`);

async function actionLog() {
  const { rows } = await database.pool.query(
    "select card_id, customer_id, action, reason, actor, idempotency_key, changed, at from bank_sim.card_actions order by id",
  );
  return rows;
}

async function aliceCard() {
  const res = await cards();
  expect(res.status).toBe(200);
  return res.body.cards[0];
}

describe("cards: listing", () => {
  it("lists the customer's cards, active and with no replacement until something happens", async () => {
    expect(await cards()).toMatchObject({
      status: 200,
      body: {
        customerId: "cust-alice",
        cards: [{ cardId: "card-alice", last4: "4242", status: "active", frozenAt: null, frozenReason: null, replacement: null }],
      },
    });
    expect((await cards("cust-bob")).body.cards.map((c: { cardId: string }) => c.cardId)).toEqual(["card-bob"]);
  });

  it("answers 404 for an unknown customer or one of another tenant, and 400 without a tenant", async () => {
    expect((await cards("cust-nobody")).body.code).toBe("not_found:customer");
    expect((await cards("cust-alice", "other-bank")).status).toBe(404);
    const noTenant = await call("/cards/customers/cust-alice");
    expect(noTenant.status).toBe(400);
    expect(noTenant.body.code).toBe("bad_request:cards");
  });
});

describe("cards: freezing and unfreezing", () => {
  it("freezes a card, logs who asked with the key and reason, and the listing shows it", async () => {
    const res = await post("freeze", "k-freeze", { reason: "stolen", actor: "agent" });
    expect(res.status).toBe(200);
    expect(res.headers.get("idempotent-replayed")).toBeNull();
    expect(res.body).toMatchObject({
      action: "freeze",
      changed: true,
      card: { cardId: "card-alice", last4: "4242", status: "frozen", frozenReason: "stolen", replacement: null },
    });
    expect(Number.isNaN(Date.parse(res.body.card.frozenAt))).toBe(false);
    expect(await aliceCard()).toEqual(res.body.card);
    const log = await actionLog();
    expect(log).toEqual([
      expect.objectContaining({
        card_id: "card-alice",
        customer_id: "cust-alice",
        action: "freeze",
        reason: "stolen",
        actor: "agent",
        idempotency_key: "k-freeze",
        changed: true,
      }),
    ]);
    expect(log[0].at).toBeInstanceOf(Date);
  });

  it("takes the customer as the actor when the body names none", async () => {
    await freeze("k-own");
    expect((await actionLog())[0].actor).toBe("cust-alice");
  });

  it("replays the first answer for the same key and changes nothing, even after the card changed", async () => {
    const first = await freeze("k-replay");
    expect((await unfreeze("k-unfreeze")).body.card.status).toBe("active");
    const again = await freeze("k-replay");
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect((await aliceCard()).status).toBe("active");
    expect((await actionLog()).map((r) => r.idempotency_key)).toEqual(["k-replay", "k-unfreeze"]);
  });

  it("refuses the same key with another request and leaves the card as it was", async () => {
    await freeze("k-mismatch", "lost");
    const before = await aliceCard();
    const other = await freeze("k-mismatch", "stolen");
    expect(other.status).toBe(422);
    expect(other.body.code).toBe("unprocessable:idempotency");
    const otherAction = await unfreeze("k-mismatch");
    expect(otherAction.status).toBe(422);
    expect(await aliceCard()).toEqual(before);
    expect(await actionLog()).toHaveLength(1);
  });

  it("treats freezing a frozen card as a success that changes nothing", async () => {
    const first = await freeze("k-1", "lost");
    const second = await freeze("k-2", "stolen");
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ changed: false, card: { status: "frozen", frozenReason: "lost", frozenAt: first.body.card.frozenAt } });
    expect((await actionLog()).map((r) => r.changed)).toEqual([true, false]);
  });

  it("unfreezes back to active, and unfreezing an active card changes nothing", async () => {
    await freeze("k-freeze", "customer_request");
    const res = await unfreeze("k-unfreeze");
    expect(res.body).toMatchObject({ action: "unfreeze", changed: true, card: { status: "active", frozenAt: null, frozenReason: null } });
    expect((await unfreeze("k-unfreeze-again")).body.changed).toBe(false);
    expect((await aliceCard()).status).toBe("active");
    expect((await actionLog()).map((r) => [r.action, r.changed])).toEqual([
      ["freeze", true],
      ["unfreeze", true],
      ["unfreeze", false],
    ]);
  });

  it("changes the card once when the same request arrives ten times at once", async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => freeze("k-race")));
    for (const a of answers) expect(a.status).toBe(200);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(answers.filter((a) => a.headers.get("idempotent-replayed") === null)).toHaveLength(1);
    expect(await actionLog()).toHaveLength(1);
  });

  it("commits but loses the answer under afterCommit error, and the retry replays it", async () => {
    await setFault({ system: "cards", afterCommit: "error", times: 1 });
    const lost = await freeze("k-lost");
    expect(lost.status).toBe(500);
    expect(lost.body.code).toBe("internal:cards");
    expect((await aliceCard()).status).toBe("frozen");
    const retry = await freeze("k-lost");
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await actionLog()).toHaveLength(1);
  });
});

describe("cards: replacement", () => {
  it("records a replacement once per card while it is open", async () => {
    const first = await replace("k-r1", "damaged");
    expect(first.body).toMatchObject({ action: "replacement", changed: true, card: { status: "active", replacement: { reason: "damaged" } } });
    const second = await replace("k-r2", "lost");
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ changed: false, card: { status: "active", replacement: first.body.card.replacement } });
    expect(await aliceCard()).toEqual(first.body.card);
    expect((await actionLog()).map((r) => [r.action, r.reason, r.changed])).toEqual([
      ["replacement", "damaged", true],
      ["replacement", "lost", false],
    ]);
  });

  it("freezes the old card when it was lost, stolen or compromised", async () => {
    const res = await replace("k-r", "stolen");
    expect(res.body.card).toMatchObject({ status: "frozen", frozenReason: "stolen", replacement: { reason: "stolen" } });
    expect(res.body.card.frozenAt).toBe(res.body.card.replacement.requestedAt);
  });
});

describe("cards: bad requests", () => {
  it("requires an Idempotency-Key and writes nothing without one", async () => {
    for (const res of [await freeze(undefined), await unfreeze(undefined), await replace(undefined)]) {
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("bad_request:idempotency_key");
    }
    expect((await freeze("x".repeat(201))).status).toBe(400);
    expect(await actionLog()).toHaveLength(0);
  });

  it("rejects bad bodies with 400", async () => {
    const malformed = await call("/cards/card-alice/freeze", { rawBody: "{not json", headers: { "idempotency-key": "k-bad" } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe("bad_request:cards");
    for (const res of [
      await freeze("k-bad", "bored"),
      await post("freeze", "k-bad", {}),
      await replace("k-bad", "bored"),
      await call("/cards/card-alice/freeze", { body: { customerId: "cust-alice", reason: "lost" }, headers: { "idempotency-key": "k-bad" } }),
      await call("/cards/card-alice/unfreeze", { body: { tenantId: TENANT }, headers: { "idempotency-key": "k-bad" } }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("bad_request:cards");
    }
    expect(await actionLog()).toHaveLength(0);
  });

  it("answers 404 for an unknown card, another customer's card and an unknown customer", async () => {
    const unknown = await freeze("k-404", "lost", "card-nobody");
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("not_found:card");
    const bobs = await freeze("k-404", "lost", "card-bob");
    expect(bobs.body.code).toBe("not_found:card");
    const nobody = await call("/cards/card-alice/freeze", {
      body: { tenantId: TENANT, customerId: "cust-nobody", reason: "lost" },
      headers: { "idempotency-key": "k-404" },
    });
    expect(nobody.body.code).toBe("not_found:customer");
    expect((await call("/cards/card-alice/freeze", { method: "GET" })).status).toBe(404);
    expect(await actionLog()).toHaveLength(0);
    expect((await cards("cust-bob")).body.cards[0].status).toBe("active");
  });

  it("keeps tenants apart: another tenant cannot see or change the card, nor replay its keys", async () => {
    await freeze("k-shared");
    const otherTenant = await call("/cards/card-alice/freeze", {
      body: { tenantId: "other-bank", customerId: "cust-alice", reason: "lost" },
      headers: { "idempotency-key": "k-shared" },
    });
    expect(otherTenant.status).toBe(404);
    const unfreezeElsewhere = await call("/cards/card-alice/unfreeze", {
      body: { tenantId: "other-bank", customerId: "cust-alice" },
      headers: { "idempotency-key": "k-other" },
    });
    expect(unfreezeElsewhere.status).toBe(404);
    expect((await aliceCard()).status).toBe("frozen");
    expect(await actionLog()).toHaveLength(1);
  });

  it("counts calls and applies faults like the other systems", async () => {
    await cards();
    await setFault({ system: "cards", errorRate: 1, times: 1 });
    const down = await freeze("k-fault");
    expect(down.status).toBe(503);
    expect(down.body.code).toBe("unavailable:cards");
    expect(await actionLog()).toHaveLength(0);
    expect((await call("/_admin/calls")).body.cards).toBe(2);
  });
});
