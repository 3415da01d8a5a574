/** A card transaction as the understanding step sees it. */
export type Txn = {
  id: string;
  merchant: string;
  amountMinor: number;
  currency: string;
  /** ISO timestamp. */
  postedAt: string;
  country: string;
  /** The merchant category code (ISO 18245), when the card network gave one: "the pharmacy one". */
  mcc?: string;
};

/** An item not booked yet (a card payment, a transfer, a cash withdrawal, a top-up): never refundable until it is. */
export type PendingTxn = {
  id: string;
  kind: "card_payment" | "transfer" | "cash_withdrawal" | "top_up";
  /** The shop, the transfer's recipient, the ATM, or the top-up's source. */
  merchant: string;
  amountMinor: number;
  currency: string;
  /** ISO timestamp. */
  postedAt: string;
};

export type ChatTurn = { role: "customer" | "agent"; text: string };

/**
 * What the customer's message asks the agent to do. Most Banking77 categories are
 * `knowledge` (answered from the bank's knowledge base); the rest name an action.
 */
export type Intent =
  | "refund"
  | "limits"
  | "cancel"
  | "status"
  | "greeting"
  | "freeze_card"
  | "unfreeze_card"
  | "replace_card"
  | "pending"
  | "knowledge"
  | "handover"
  | "unclear"
  | "other";

export type RefundReason = "duplicate" | "unrecognised" | "abroad" | "other";

/** Why a card is to be frozen or replaced. */
export type CardReason = "lost" | "stolen" | "compromised" | "customer_request";

/** What the customer's last message asks for; never a decision. */
export type Understanding = {
  intent: Intent;
  /** The Banking77 category the message belongs to, when one was recognised: the knowledge-base entry it cites. */
  category?: string;
  /** For `unclear`: the categories the message could mean, most likely first. */
  candidates?: string[];
  /** "the second one": a 1-based position in the options the agent last listed. */
  ordinal?: number;
  /** Last four digits of the card the customer names. */
  cardLast4?: string;
  /** For card intents: why. */
  cardReason?: CardReason;
  /** Only for `refund`. */
  reason?: RefundReason;
  /** As the customer named it, normalised to a merchant of the list when one matches. */
  merchant?: string;
  /** Integer minor units. */
  amountMinor?: number;
  /** YYYY-MM-DD, resolved against `today`. */
  date?: string;
  /** 0..1 */
  confidence: number;
  /** A second request in the same message ("my card was stolen and what are my limits?"). */
  also?: Omit<Understanding, "also">;
};

export type Resolution = { kind: "match"; transaction: Txn; reason: RefundReason } | { kind: "ambiguous"; candidates: Txn[] } | { kind: "none" };

export type UnderstandingInput = {
  messages: ChatTurn[];
  transactions: Txn[];
  /** The customer's items not booked yet: named in a message, they are what it is about ("when does my top-up arrive"). */
  pending?: PendingTxn[];
  /** YYYY-MM-DD */
  today: string;
};

export const INTENTS = [
  "refund",
  "limits",
  "cancel",
  "status",
  "greeting",
  "freeze_card",
  "unfreeze_card",
  "replace_card",
  "pending",
  "knowledge",
  "handover",
  "unclear",
  "other",
] as const satisfies readonly Intent[];
export const CARD_REASONS = ["lost", "stolen", "compromised", "customer_request"] as const satisfies readonly CardReason[];
export const REFUND_REASONS = ["duplicate", "unrecognised", "abroad", "other"] as const satisfies readonly RefundReason[];
