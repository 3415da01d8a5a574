/**
 * What a customer may ask of a card, and what the card action did: the words the state, the
 * replies and the card action node share.
 */

/** What the customer asked to do to a card. */
export type CardActionKind = "freeze" | "unfreeze" | "replacement";

/** The intents that lead to the cardAction node, and the action each asks for. */
export const CARD_INTENTS = { freeze_card: "freeze", unfreeze_card: "unfreeze", replace_card: "replacement" } as const satisfies Record<string, CardActionKind>;

/** One card the action was about, as it stands afterwards. */
export type CardActionCard = {
  cardId: string;
  last4: string;
  status: "active" | "frozen";
  /** False when the card already was as asked (frozen before this freeze), or nothing was done to it. */
  changed: boolean;
  /** A replacement card has been requested and not yet delivered. */
  replacementRequested: boolean;
};

/**
 * What the cardAction node did, for the reply. `done`: every card in `cards` is as asked;
 * those with `changed: false` already were (a freeze of a frozen card). `no_card`: the
 * customer has no card, or none ending in the digits given (`cards` lists their cards).
 * `ambiguous`: several cards could be meant and the customer did not say which to unfreeze or
 * replace (`cards` lists the candidates; nothing was done). `unavailable`: the cards system
 * did not answer after every retry (`cards` is empty).
 */
export type CardActionOutcome = {
  action: CardActionKind;
  outcome: "done" | "unavailable" | "no_card" | "ambiguous";
  cards: CardActionCard[];
};

/** A request as the understanding step reads it: the message's first, or the second (`also`). */
type CardAsk = { intent: string; cardLast4?: string; cardReason?: string };

/** What the node reads; the graph's state has these fields. */
export type CardActionState = {
  tenantId: string;
  customerId: string;
  understanding: (CardAsk & { also?: CardAsk }) | null;
  /** The key of the customer message this turn answers; the thread id when empty. */
  turnKey?: string;
};

/** The first card request's result, and the second's when the message asked two ("freeze it and send a new one"). */
export type CardActionUpdate = { cardAction?: CardActionOutcome; alsoCardAction?: CardActionOutcome };

const isCardIntent = (intent: string | undefined): intent is keyof typeof CARD_INTENTS => intent !== undefined && Object.hasOwn(CARD_INTENTS, intent);

export type CardRequest = { action: CardActionKind; cardLast4?: string; cardReason?: string };

/** The message's card requests in its order, its first and its second, none when neither is about a card. */
export function cardRequestsOf(state: CardActionState): CardRequest[] {
  const first = state.understanding;
  const asks = [first, first?.also].filter((a): a is CardAsk => isCardIntent(a?.intent));
  const requests = asks.map((ask) => ({
    action: CARD_INTENTS[ask.intent as keyof typeof CARD_INTENTS],
    cardLast4: ask.cardLast4 ?? first?.cardLast4,
    cardReason: ask.cardReason ?? first?.cardReason,
  }));
  return requests.filter((r, i) => requests.findIndex((o) => o.action === r.action) === i);
}

/** The card request of the message, its first or its second, or null when neither is about a card. */
export function cardRequestOf(state: CardActionState): CardRequest | null {
  return cardRequestsOf(state)[0] ?? null;
}

/** The action a state asks for, or null when its message is not about a card. */
export function cardActionOf(state: CardActionState): CardActionKind | null {
  return cardRequestOf(state)?.action ?? null;
}
