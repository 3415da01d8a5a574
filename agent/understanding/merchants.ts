/** Fuzzy matching of merchant names the way customers write them. */

const STOPWORDS = new Set([
  "the",
  "a",
  "an",
  "and",
  "co",
  "of",
  "at",
  "in",
  "on",
  "for",
  "to",
  "from",
  "my",
  "me",
  "i",
  "it",
  "is",
  "was",
  "this",
  "that",
  "place",
  "shop",
  "store",
  "ltd",
  "inc",
  "gmbh",
  "sa",
  "llc",
]);

/** Lowercase words, punctuation and accents removed ("Żabce" -> "zabce", "Łódź" -> "lodz"). */
export function merchantTokens(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/ł/g, "l")
    .replace(/['’]s\b/g, "")
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 0);
}

function significant(tokens: string[]): string[] {
  const kept = tokens.filter((t) => !STOPWORDS.has(t));
  return kept.length > 0 ? kept : tokens;
}

/** Levenshtein distance, stopping early once it exceeds `max`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      best = Math.min(best, row[j]);
    }
    if (best > max) return max + 1;
    prev = row;
  }
  return prev[b.length];
}

/**
 * Endings a Polish name takes in a sentence, written without diacritics: "Empik" is "Empiku",
 * "Biedronka" is "Biedronce", "Media Expert" is "Media Expercie", "Orlen" is "Orlenie".
 */
const POLISH_ENDINGS = new Set([
  "",
  "a",
  "e",
  "i",
  "o",
  "u",
  "y",
  "ie",
  "ce",
  "ka",
  "ki",
  "ku",
  "ke",
  "cie",
  "t",
  "em",
  "om",
  "ow",
  "ach",
  "ami",
  "owi",
  "ze",
  "rze",
  "r",
  "g",
  "dze",
]);

/** The same name in another grammatical case: a shared stem of at least four letters, and both tails Polish endings. */
function inflected(a: string, b: string): boolean {
  let stem = 0;
  while (stem < a.length && stem < b.length && a[stem] === b[stem]) stem++;
  return stem >= 4 && stem >= Math.max(a.length, b.length) - 4 && POLISH_ENDINGS.has(a.slice(stem)) && POLISH_ENDINGS.has(b.slice(stem));
}

/** 1 for the same word or the same name in another case, less for a likely typo or plural, 0 otherwise. */
function tokenSimilarity(a: string, b: string): number {
  if (a === b || inflected(a, b)) return 1;
  const longer = Math.max(a.length, b.length);
  if (Math.min(a.length, b.length) < 3 || longer < 4) return 0;
  const d = editDistance(a, b, 2);
  if (d === 1) return 0.8;
  return d === 2 && longer >= 7 ? 0.6 : 0;
}

/**
 * How well `text` names `merchant`, 0..1: the share of the merchant's words found in the text
 * (typos tolerated), or a near match of the merchant written as one word ("electromart").
 * Zero unless at least one word matches exactly.
 */
export function merchantScore(text: string, merchant: string): number {
  const said = merchantTokens(text);
  const words = significant(merchantTokens(merchant));
  if (said.length === 0 || words.length === 0) return 0;
  let total = 0;
  let exact = false;
  for (const w of words) {
    const best = Math.max(...said.map((t) => tokenSimilarity(t, w)));
    if (best === 1) exact = true;
    total += best;
  }
  const compact = words.join("");
  if (words.length > 1 && compact.length >= 6) {
    const joined = said.flatMap((t, i) => [t, i + 1 < said.length ? t + said[i + 1] : ""]).filter(Boolean);
    const dist = Math.min(...joined.map((t) => editDistance(t, compact, 1)));
    if (dist <= 1) return dist === 0 ? 1 : 0.9;
  }
  return exact ? total / words.length : 0;
}

export const MERCHANT_THRESHOLD = 0.5;

/** The best-matching merchant names (ties kept), or [] when none reaches the threshold. */
export function bestMerchants(text: string, merchants: string[]): string[] {
  const unique = [...new Set(merchants)];
  const scored = unique.map((m) => ({ m, s: merchantScore(text, m) })).filter((x) => x.s >= MERCHANT_THRESHOLD);
  const top = Math.max(0, ...scored.map((x) => x.s));
  return scored.filter((x) => x.s === top).map((x) => x.m);
}

/**
 * The one of a few offered merchants the text names by any of its words ("the tapas one" for
 * "Bar Tapas Sol"): a looser match than a free search, for an answer to "which of these?".
 */
export function pickOffered(text: string, offered: string[]): string | undefined {
  const unique = [...new Set(offered)];
  const scored = unique.filter((m) => merchantScore(text, m) > 0);
  return scored.length === 1 ? scored[0] : matchMerchant(text, unique);
}

/** The one merchant of the list the text names, or undefined when none or several match equally. */
export function matchMerchant(text: string, merchants: string[]): string | undefined {
  const best = bestMerchants(text, merchants);
  return best.length === 1 ? best[0] : undefined;
}
