/** Which of the customer's transactions an understanding refers to. */
import { bestMerchants } from "./merchants";
import type { Resolution, Txn, Understanding } from "./types";

const DAY_MS = 86_400_000;

function utcDay(t: Txn): string {
  return new Date(t.postedAt).toISOString().slice(0, 10);
}

function duplicateKey(t: Txn): string {
  return [t.merchant.trim().toLowerCase(), t.amountMinor, t.currency, utcDay(t)].join("|");
}

function later(a: Txn, b: Txn): Txn {
  return Date.parse(b.postedAt) >= Date.parse(a.postedAt) ? b : a;
}

/** Groups of exactly two transactions with the same merchant, amount, currency and UTC day. */
export function duplicatePairs(transactions: Txn[]): [Txn, Txn][] {
  const groups = new Map<string, Txn[]>();
  for (const t of transactions) groups.set(duplicateKey(t), [...(groups.get(duplicateKey(t)) ?? []), t]);
  return [...groups.values()].filter((g): g is [Txn, Txn] => g.length === 2);
}

function filterByMerchant(candidates: Txn[], merchant: string): Txn[] {
  const names = new Set(
    bestMerchants(
      merchant,
      candidates.map((t) => t.merchant),
    ),
  );
  return candidates.filter((t) => names.has(t.merchant));
}

/** Transactions posted on `date` (UTC); when there are none, those a day either side (time zones). */
function filterByDate(candidates: Txn[], date: string): Txn[] {
  const exact = candidates.filter((t) => utcDay(t) === date);
  if (exact.length > 0) return exact;
  const target = Date.parse(`${date}T00:00:00Z`);
  return candidates.filter((t) => Math.abs(Date.parse(`${utcDay(t)}T00:00:00Z`) - target) <= DAY_MS);
}

/**
 * Narrows the transactions by merchant (fuzzy), amount and day. Exactly a duplicate pair matches
 * its later charge with reason "duplicate"; one candidate matches; several are ambiguous
 * (newest first); none, or no criteria at all, is none.
 */
export function resolveTransaction(u: Understanding, transactions: Txn[]): Resolution {
  const wantsDuplicate = u.intent === "refund" && u.reason === "duplicate";
  const hasCriteria = Boolean(u.merchant) || u.amountMinor !== undefined || Boolean(u.date);
  if (!hasCriteria) {
    const pairs = duplicatePairs(transactions);
    return wantsDuplicate && pairs.length === 1 ? matchPair(pairs[0]) : { kind: "none" };
  }
  let candidates = transactions;
  if (u.merchant) candidates = filterByMerchant(candidates, u.merchant);
  if (u.amountMinor !== undefined) candidates = candidates.filter((t) => t.amountMinor === u.amountMinor);
  if (u.date) candidates = filterByDate(candidates, u.date);

  if (candidates.length === 0) return { kind: "none" };
  const pairs = duplicatePairs(candidates);
  if (candidates.length === 2 && pairs.length === 1) return matchPair(pairs[0]);
  if (candidates.length === 1) {
    const [only] = candidates;
    const twin = duplicatePairs(transactions).some((p) => p.includes(only));
    return { kind: "match", transaction: only, reason: twin ? "duplicate" : (u.reason ?? "other") };
  }
  if (wantsDuplicate && pairs.length === 1) return matchPair(pairs[0]);
  const newestFirst = [...candidates].sort((a, b) => Date.parse(b.postedAt) - Date.parse(a.postedAt));
  return { kind: "ambiguous", candidates: newestFirst };
}

function matchPair([a, b]: [Txn, Txn]): Resolution {
  return { kind: "match", transaction: later(a, b), reason: "duplicate" };
}
