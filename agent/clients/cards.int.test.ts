import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { bankSystemsEnv } from "@/simulator/server";
import { simulatorUrl, TENANT, testDatabase } from "@/simulator/test-support";
import { createBankClients } from "./bank";
import { createCardsClient } from "./cards";
import { BankSystemError } from "./http";

const database = testDatabase();

beforeEach(() => database.freshStart());
afterAll(() => database.pool.end());

function bank() {
  const urls = bankSystemsEnv(simulatorUrl());
  return createBankClients({
    limits: urls.LIMITS_URL,
    history: urls.HISTORY_URL,
    antifraud: urls.ANTIFRAUD_URL,
    ledger: urls.LEDGER_URL,
    cards: urls.CARDS_URL,
  });
}

const alice = { tenantId: TENANT, customerId: "cust-alice" };

describe("the cards client", () => {
  it("lists the customer's cards as the cards system reports them", async () => {
    expect(await bank().cards.list(alice)).toEqual([
      { cardId: "card-alice", last4: "4242", status: "active", frozenAt: null, frozenReason: null, replacement: null },
    ]);
  });

  it("freezes, says whether it changed anything, and reports a replay as one", async () => {
    const cards = bank().cards;
    const first = await cards.freeze({ ...alice, cardId: "card-alice", reason: "lost", idempotencyKey: "k-client" });
    expect(first).toMatchObject({ changed: true, replayed: false, card: { status: "frozen", frozenReason: "lost" } });
    expect(await cards.freeze({ ...alice, cardId: "card-alice", reason: "lost", idempotencyKey: "k-client" })).toEqual({ ...first, replayed: true });
    const again = await cards.freeze({ ...alice, cardId: "card-alice", reason: "lost", idempotencyKey: "k-client-2" });
    expect(again).toMatchObject({ changed: false, replayed: false });
    const { rows } = await database.pool.query("select actor from bank_sim.card_actions order by id");
    expect(rows.map((r) => r.actor)).toEqual(["agent", "agent"]);
  });

  it("unfreezes and requests a replacement", async () => {
    const cards = bank().cards;
    await cards.freeze({ ...alice, cardId: "card-alice", reason: "customer_request", idempotencyKey: "k-1" });
    expect((await cards.unfreeze({ ...alice, cardId: "card-alice", idempotencyKey: "k-2" })).card.status).toBe("active");
    const replaced = await cards.requestReplacement({ ...alice, cardId: "card-alice", reason: "damaged", idempotencyKey: "k-3" });
    expect(replaced.card.replacement).toEqual({ requestedAt: expect.any(String), reason: "damaged" });
  });

  it("throws a BankSystemError for an error answer and for a body that is not the cards system's", async () => {
    const cards = bank().cards;
    const missing = await cards.freeze({ ...alice, cardId: "card-bob", reason: "lost", idempotencyKey: "k-404" }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(BankSystemError);
    expect(missing).toMatchObject({ system: "cards", status: 404 });
    const wrong = createCardsClient(`${simulatorUrl()}/limits`);
    const parsed = await wrong.list(alice).catch((e: unknown) => e);
    expect(parsed).toBeInstanceOf(BankSystemError);
    expect((parsed as Error).message).toMatch(/^cards answered an unexpected body/);
  });
});

describe("the history client", () => {
  it("reads the pending items beside the counts", async () => {
    const facts = await bank().history(alice);
    expect(facts).toMatchObject({ refundsLast30Days: 0, openCases: 0, casesTotal: 0 });
    expect(facts.pending.map((p) => [p.kind, p.counterparty, p.amountMinor])).toEqual([
      ["transfer", "Maria Novak", 25_000],
      ["card_payment", "Hotel Adler", 18_000],
    ]);
    expect(facts.pending[0]!.expectedBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
