/** Which of the customer's transactions an understanding refers to. */
import { findAmounts } from "./amounts";
import { bestMerchants, matchMerchant, merchantOfKind, merchantTokens } from "./merchants";
import type { PendingTxn, Resolution, Txn, Understanding } from "./types";

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
 * its later charge with reason "duplicate", unless only a day was named and no double charge
 * claimed (then both are offered); one candidate matches; several are ambiguous
 * (newest first); none is none. Without criteria nothing matches: a claim of a double charge
 * that names no payment offers the customer's one duplicate pair (its later charge) to
 * confirm, never claims it for them.
 */
export function resolveTransaction(u: Understanding, transactions: Txn[]): Resolution {
  const wantsDuplicate = u.intent === "refund" && u.reason === "duplicate";
  const hasCriteria = Boolean(u.merchant) || u.amountMinor !== undefined || Boolean(u.date);
  if (!hasCriteria) {
    const pairs = duplicatePairs(transactions);
    return wantsDuplicate && pairs.length === 1 ? { kind: "ambiguous", candidates: [later(...pairs[0]!)] } : { kind: "none" };
  }
  let candidates = transactions;
  if (u.merchant) candidates = filterByMerchant(candidates, u.merchant);
  if (u.amountMinor !== undefined) candidates = candidates.filter((t) => t.amountMinor === u.amountMinor);
  if (u.date) candidates = filterByDate(candidates, u.date);

  if (candidates.length === 0) return mismatched(u, transactions);
  const pairs = duplicatePairs(candidates);
  // Only a day named and two identical charges that day: "I don't recognise a payment from Tuesday" is not a claim
  // that it was taken twice; the customer picks which one they mean.
  const onlyDay = !u.merchant && u.amountMinor === undefined;
  if (candidates.length === 2 && pairs.length === 1 && (wantsDuplicate || !onlyDay)) return matchPair(pairs[0]);
  if (candidates.length === 1) {
    const [only] = candidates;
    const twin = duplicatePairs(transactions).some((p) => p.includes(only));
    return { kind: "match", transaction: only, reason: twin ? "duplicate" : (u.reason ?? "other") };
  }
  if (wantsDuplicate && pairs.length === 1) return matchPair(pairs[0]);
  return { kind: "ambiguous", candidates: newestFirst(candidates) };
}

function newestFirst(txns: Txn[]): Txn[] {
  return [...txns].sort((a, b) => Date.parse(b.postedAt) - Date.parse(a.postedAt));
}

/** Polish words for cheaper and dearer, earlier and later, and their superlatives ("tańsza", "największa", "wcześniejsza"). */
const PL_CHEAPER = String.raw`(?:naj)?(?:ta[nń]sz|mniejsz|ni[zż]sz)\p{L}*`;
const PL_DEARER = String.raw`(?:naj)?(?:dro[zż]sz|wi[eę]ksz|wy[zż]sz)\p{L}*`;
const PL_EARLIER = String.raw`(?:naj)?(?:wcze[sś]niejsz|starsz)\p{L}*`;
const PL_LATER = String.raw`(?:naj)?(?:p[oó][zź]niejsz|nowsz)\p{L}*`;
/** The Polish words that describe a payment by its price or its time, agreeing with "płatność". */
export const PL_BY_PRICE_OR_TIME = `${PL_CHEAPER}|${PL_DEARER}|${PL_EARLIER}|${PL_LATER}`;
const EN_CHEAPER = String.raw`cheap(?:er|est)|small(?:er|est)|low(?:er|est)|less\s+expensive`;
const EN_DEARER = String.raw`dearer|big(?:ger|gest)|larg(?:er|est)|high(?:er|est)|more\s+expensive|most\s+expensive|pricier`;
const EN_EARLIER = String.raw`earlier|earliest|older|oldest`;
const EN_LATER = String.raw`later|newer|newest|more\s+recent|most\s+recent`;
/** A word said of a payment: after "the"/"that" in English ("the cheaper one"), after "ta"/"tę"/"ten"/"od"/"najpierw" in Polish ("od tańszej", "najpierw ta wcześniejsza"). */
const described = (en: string, pl: string) =>
  new RegExp(String.raw`\b(?:the|that)\s+(?:${en})\b|(?<!\p{L})(?:t[aąeę]|tej|ten|tego|tym|tamt\p{L}*|od|najpierw|teraz)\s+(?:${pl})(?!\p{L})`, "iu");
/** The same words anywhere: how the customer answers "which payment?" ("one of the two from 12 days back.. cheaper"). */
const anywhere = (en: string, pl: string) => new RegExp(String.raw`\b(?:${en})\b|(?<!\p{L})(?:${pl})(?!\p{L})`, "iu");
const WORDS = {
  cheaper: [EN_CHEAPER, PL_CHEAPER],
  dearer: [EN_DEARER, PL_DEARER],
  earlier: [EN_EARLIER, PL_EARLIER],
  later: [EN_LATER, PL_LATER],
} as const;
const SAID_OF_A_PAYMENT = Object.fromEntries(Object.entries(WORDS).map(([k, [en, pl]]) => [k, described(en, pl)])) as Record<keyof typeof WORDS, RegExp>;
const SAID_ANYWHERE = Object.fromEntries(Object.entries(WORDS).map(([k, [en, pl]]) => [k, anywhere(en, pl)])) as Record<keyof typeof WORDS, RegExp>;

/**
 * Of the payments offered, the one the customer describes by price or time ("the cheaper one", "ta
 * wcześniejsza"), when that tells them apart and the message points one way only ("keep the cheaper
 * one, cancel the bigger one" picks none). A price word alone counts in an answer to "which
 * payment?" (`loose`); a time word, and anything that cancels or opens a claim on its own, only
 * said of a payment ("the later one", never "I'll check later" or "mniejsza z tym").
 */
export function pickDescribed<T extends { amountMinor: number; postedAt?: string }>(options: T[], text: string, { loose = false } = {}): T | undefined {
  // "mniejsza z tym": never mind, not the smaller one.
  if (options.length < 2 || /(?<!\p{L})mniejsza\s+z\s+tym(?!\p{L})/iu.test(text)) return undefined;
  const said = (k: keyof typeof WORDS) => SAID_OF_A_PAYMENT[k].test(text) || (loose && (k === "cheaper" || k === "dearer") && SAID_ANYWHERE[k].test(text));
  const ways = (Object.keys(WORDS) as (keyof typeof WORDS)[]).filter(said);
  if (ways.length !== 1) return undefined;
  const [way] = ways;
  if ((way === "earlier" || way === "later") && options.some((o) => o.postedAt === undefined)) return undefined;
  const key = (o: T) => (way === "cheaper" ? -o.amountMinor : way === "dearer" ? o.amountMinor : (way === "earlier" ? -1 : 1) * Date.parse(o.postedAt!));
  const sorted = [...options].sort((a, b) => key(b) - key(a));
  return key(sorted[0]!) === key(sorted[1]!) ? undefined : sorted[0];
}

/** Whether the message describes a payment by price or time, as `pickDescribed` reads it. */
const describesOne = (text: string) => Object.values(SAID_OF_A_PAYMENT).some((words) => words.test(text));

/** Words offering alternatives: "the fuel station or the gadget shop", "Orlen albo Empik". */
const OR = /\bor\b|(?<!\p{L})(?:albo|lub|czy)(?!\p{L})/iu;
/** Words listing shops side by side ("Orlen i Apteka Gemini", "electro mart and city parking"), which offer them too when the message then picks one by price or time; the Polish "i" only in lower case, never the English "I". */
const AND = /\band\b|[&/]|(?<!\p{L})(?:i|oraz)(?!\p{L})/u;
/** Words bounding an amount from below or above, right before it: "over 100", "ponad 100 zł". */
const ABOVE = /(?:\bover|\bmore\s+than|\babove|(?<!\p{L})ponad|(?<!\p{L})powy[zż]ej)\s*$/iu;
const BELOW = /(?:\bunder|\bless\s+than|\bbelow|(?<!\p{L})poni[zż]ej)\s*$/iu;
/** How many payments a claim naming none may be narrowed to and offered. */
const OFFERED_AT_MOST = 5;

/** The customer's shops named in each part of the text split by `separator`. */
function shopsIn(text: string, separator: RegExp, transactions: Txn[]): Set<string> {
  const merchants = transactions.map((t) => t.merchant);
  // Within one sentence: "...the fuel or the pharmacy. can u refund it" offers no third shop; "210.50" ends none.
  const sentence = text.split(/[.!?;\n]+(?=\s|$)/).find((s) => s.split(separator).length >= 2) ?? "";
  const parts = sentence.split(separator);
  if (parts.length < 2) return new Set();
  return new Set(parts.map((part) => matchMerchant(part, merchants) ?? merchantOfKind(part, transactions)).filter((m) => m !== undefined));
}

/**
 * Two or more of the customer's shops a message offers rather than names: as alternatives ("either
 * the fuel or the pharmacy"), or side by side before a pick by price or time ("Orlen i Apteka
 * Gemini... zacznijmy od tańszej"). Empty when it offers fewer than two.
 */
export function shopsOffered(text: string, transactions: Txn[]): Set<string> {
  const alternatives = shopsIn(text, OR, transactions);
  if (alternatives.size >= 2) return alternatives;
  const listed = describesOne(text) ? shopsIn(text, AND, transactions) : new Set<string>();
  return listed.size >= 2 ? listed : new Set();
}

/**
 * The payments a claim that names none of them points between: shops offered as alternatives
 * ("maybe at the fuel station or the gadget shop?? not sure"), or an amount bound ("ponad 100 zł
 * i nie mam pojęcia co to"). Undefined unless that narrows the payments to two to five.
 */
export function paymentsPointedBetween(text: string, transactions: Txn[]): Txn[] | undefined {
  const shops = shopsOffered(text, transactions);
  let between = shops.size >= 2 ? transactions.filter((t) => shops.has(t.merchant)) : transactions;
  for (const a of findAmounts(text)) {
    const before = text.slice(0, a.start);
    if (ABOVE.test(before)) between = between.filter((t) => t.amountMinor > a.amountMinor);
    else if (BELOW.test(before)) between = between.filter((t) => t.amountMinor < a.amountMinor);
  }
  return between.length >= 2 && between.length <= OFFERED_AT_MOST && between.length < transactions.length ? newestFirst(between) : undefined;
}

/**
 * A shop the customer has payments with and an amount none of them has ("Kino Atlantic 34.20"
 * when the cinema was 24.00 and the pharmacy 34.20): both readings are offered, never a guess
 * between them. Nothing when the shop is not among the payments at all.
 */
function mismatched(u: Understanding, transactions: Txn[]): Resolution {
  if (!u.merchant || u.amountMinor === undefined) return { kind: "none" };
  const atShop = filterByMerchant(transactions, u.merchant);
  const ofAmount = transactions.filter((t) => t.amountMinor === u.amountMinor);
  if (atShop.length === 0 || ofAmount.length === 0) return { kind: "none" };
  return { kind: "ambiguous", candidates: newestFirst([...new Set([...atShop, ...ofAmount])]) };
}

function matchPair([a, b]: [Txn, Txn]): Resolution {
  return { kind: "match", transaction: later(a, b), reason: "duplicate" };
}

/** "my atm limit", "the atm fee": what cash machines have, naming none of them. */
const NOT_A_MACHINE = /\batm\s+(?:limit|limt|fees?|charges?|pin)s?\b/gi;

/** Words naming a kind of item rather than a shop: "the transfer to Maria", "the ATM withdrawal", "my top-up". */
const KIND_WORDS: [PendingTxn["kind"], RegExp][] = [
  // "a SEPA transfer to a friend", "an international transfer to the UK": a transfer in general, not the customer's.
  [
    "transfer",
    /\b(?:the|my|that|this)\s+(?:bank\s+)?transfer\b|(?<!\b(?:an?|any)\s+(?:[\w-]+\s+){0,2})\btransfer(?:red)?\s+(?:to|of|for)\b|\bsent\s+(?:to|\d)|przelew/i,
  ],
  ["cash_withdrawal", /\batm\b|\bwithdrawals?\b|\bcash\s+(?:out|machine|withdrawal)|\btook\s+out\b|bankomat|wyp[łl]at/i],
  ["top_up", /(?<!\b(?:an?|any)\s+)\btop[\s-]?up\b|\btopup|do[łl]adowa/i],
];

/**
 * The item not booked yet that a request names: by its shop or recipient ("hotel adler",
 * "the transfer to maria"), by its amount when no booked payment has it, or by its kind when
 * the customer has one item of that kind ("the atm withdrawal", "my top-up"). Undefined when
 * the request names one of the booked payments, or nothing pending.
 */
export function resolvePending(text: string, u: Understanding, pending: PendingTxn[], transactions: Txn[]): PendingTxn | undefined {
  if (pending.length === 0) return undefined;
  if (u.merchant && transactions.some((t) => t.merchant === u.merchant)) return undefined;
  // "Amazon charged me 45 twice, and the atm swallowed my card": a shop named that is none of these items is what the request is about.
  const namesOtherShop =
    u.merchant !== undefined &&
    bestMerchants(
      u.merchant,
      pending.map((p) => p.merchant),
    ).length === 0;
  if (namesOtherShop) return undefined;
  const shops = pending.filter((p) => p.kind !== "top_up");
  const names = shops.map((p) => p.merchant);
  // The message's words, or the name the request carried over from the turn before ("can you refund it?").
  const words = text.replace(NOT_A_MACHINE, " ");
  const byText = bestMerchants(words, names);
  const said = byText.length > 0 ? text : (u.merchant ?? "");
  const named = byText.length > 0 ? byText : bestMerchants(said, names);
  const item = named.length === 1 ? shops.find((p) => p.merchant === named[0]) : undefined;
  // A transfer's recipient is a person: their surname alone may be the customer's own.
  if (item && (item.kind !== "transfer" || merchantTokens(said).includes(merchantTokens(item.merchant)[0]!))) return item;
  if (u.amountMinor !== undefined && !transactions.some((t) => t.amountMinor === u.amountMinor)) {
    const byAmount = pending.filter((p) => p.amountMinor === u.amountMinor);
    if (byAmount.length === 1) return byAmount[0];
  }
  for (const [kind, kindWords] of KIND_WORDS) {
    const ofKind = pending.filter((p) => p.kind === kind);
    if (ofKind.length === 1 && kindWords.test(words)) return ofKind[0];
  }
  return undefined;
}
