import { describe, expect, it } from "vitest";
import type { CardStatus } from "../../clients/cards";
import { cardActionOf, cardRequestOf, cardRequestsOf } from "../cards";
import { cardIdempotencyKey, pickCards } from "./card-action";

const card = (cardId: string, last4: string, status: "active" | "frozen" = "active"): CardStatus => ({
  cardId,
  last4,
  status,
  frozenAt: status === "frozen" ? "2026-03-01T10:00:00.000Z" : null,
  frozenReason: status === "frozen" ? "lost" : null,
  replacement: null,
});

const ids = (picked: { cards: CardStatus[] }) => picked.cards.map((c) => c.cardId);

describe("which cards an action is for", () => {
  const debit = card("c-debit", "4242");
  const credit = card("c-credit", "1881");
  const frozen = card("c-old", "5555", "frozen");

  it("takes the cards ending in the digits the customer gave, or none", () => {
    expect(pickCards([debit, credit], "unfreeze", "1881")).toEqual({ outcome: "pick", cards: [credit] });
    expect(pickCards([debit, credit], "freeze", "9999")).toEqual({ outcome: "no_card", cards: [debit, credit] });
    expect(pickCards([], "freeze")).toEqual({ outcome: "no_card", cards: [] });
  });

  it("freezes every active card when none is named, and all of them when every one is frozen already", () => {
    expect(ids(pickCards([debit, credit, frozen], "freeze"))).toEqual(["c-debit", "c-credit"]);
    expect(pickCards([frozen], "freeze")).toEqual({ outcome: "pick", cards: [frozen] });
  });

  it("unfreezes the one frozen card, and asks which when several are frozen", () => {
    expect(pickCards([debit, frozen], "unfreeze")).toEqual({ outcome: "pick", cards: [frozen] });
    const twoFrozen = [frozen, card("c-2", "7777", "frozen")];
    expect(pickCards([debit, ...twoFrozen], "unfreeze")).toEqual({ outcome: "ambiguous", cards: twoFrozen });
  });

  it("sends an action that would change no card to every card again, which changes nothing", () => {
    expect(pickCards([debit], "unfreeze")).toEqual({ outcome: "pick", cards: [debit] });
    expect(pickCards([debit, credit], "unfreeze")).toEqual({ outcome: "pick", cards: [debit, credit] });
  });

  it("replaces the only card, and asks which of several", () => {
    expect(pickCards([debit], "replacement")).toEqual({ outcome: "pick", cards: [debit] });
    expect(pickCards([debit, frozen], "replacement").outcome).toBe("ambiguous");
  });
});

describe("card actions", () => {
  it("come from the three card intents only", () => {
    const with_ = (intent: string) => ({ tenantId: "t", customerId: "c", understanding: { intent } });
    expect(cardActionOf(with_("freeze_card"))).toBe("freeze");
    expect(cardActionOf(with_("unfreeze_card"))).toBe("unfreeze");
    expect(cardActionOf(with_("replace_card"))).toBe("replacement");
    expect(cardActionOf(with_("refund"))).toBeNull();
    expect(cardActionOf(with_("toString"))).toBeNull();
    expect(cardActionOf({ tenantId: "t", customerId: "c", understanding: null })).toBeNull();
  });

  it("are both carried out when the message asks two, once each, in its order", () => {
    const lostAndNew = { tenantId: "t", customerId: "c", understanding: { intent: "freeze_card", cardReason: "lost", also: { intent: "replace_card" } } };
    expect(cardRequestsOf(lostAndNew)).toEqual([
      { action: "freeze", cardReason: "lost" },
      { action: "replacement", cardReason: "lost" },
    ]);
    const twice = { tenantId: "t", customerId: "c", understanding: { intent: "freeze_card", also: { intent: "freeze_card" } } };
    expect(cardRequestsOf(twice).map((r) => r.action)).toEqual(["freeze"]);
  });

  it("come from the message's second request too", () => {
    const state = {
      tenantId: "t",
      customerId: "c",
      understanding: { intent: "limits", also: { intent: "freeze_card", cardReason: "stolen", cardLast4: "4242" } },
    };
    expect(cardRequestOf(state)).toEqual({ action: "freeze", cardReason: "stolen", cardLast4: "4242" });
  });

  it("are keyed by thread, action, card and message", () => {
    expect(cardIdempotencyKey("thread-1", "freeze", "card-alice", "msg-7")).toBe("card:thread-1:freeze:card-alice:msg-7");
  });
});
