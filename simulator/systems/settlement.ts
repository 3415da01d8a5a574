import type { TransactionKind } from "../../db/schema/banking";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A card payment's authorisation lapses if the merchant has not captured it within this many days. */
export const CARD_SETTLEMENT_DAYS = 7;

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** The first Monday-to-Friday day (UTC) after `from`. */
function nextBusinessDay(from: Date): Date {
  let day = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()) + DAY_MS);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day = new Date(day.getTime() + DAY_MS);
  return day;
}

/**
 * The day (UTC, YYYY-MM-DD) by which a pending item is expected to be booked. Card payments
 * settle when the merchant captures the authorisation, at the latest after
 * CARD_SETTLEMENT_DAYS, when an uncaptured authorisation lapses and the hold is released.
 * Transfers, cash withdrawals and top-ups clear in the next business day's settlement run
 * (Monday to Friday; public holidays are not modelled).
 */
export function expectedBy(kind: TransactionKind, createdAt: Date): string {
  if (kind === "card_payment") return isoDate(new Date(createdAt.getTime() + CARD_SETTLEMENT_DAYS * DAY_MS));
  return isoDate(nextBusinessDay(createdAt));
}
