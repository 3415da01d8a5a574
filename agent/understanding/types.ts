/** A card transaction as the understanding step sees it. */
export type Txn = {
  id: string;
  merchant: string;
  amountMinor: number;
  currency: string;
  /** ISO timestamp. */
  postedAt: string;
  country: string;
};

export type ChatTurn = { role: "customer" | "agent"; text: string };

export type Intent = "refund" | "limits" | "cancel" | "status" | "greeting" | "other";

export type RefundReason = "duplicate" | "unrecognised" | "abroad" | "other";

/** What the customer's last message asks for; never a decision. */
export type Understanding = {
  intent: Intent;
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
};

export type Resolution =
  | { kind: "match"; transaction: Txn; reason: RefundReason }
  | { kind: "ambiguous"; candidates: Txn[] }
  | { kind: "none" };

export type UnderstandingInput = {
  messages: ChatTurn[];
  transactions: Txn[];
  /** YYYY-MM-DD */
  today: string;
};

export const INTENTS = ["refund", "limits", "cancel", "status", "greeting", "other"] as const satisfies readonly Intent[];
export const REFUND_REASONS = ["duplicate", "unrecognised", "abroad", "other"] as const satisfies readonly RefundReason[];
