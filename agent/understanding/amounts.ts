/** Money amounts written in free text, as integer minor units (cents). */

const CURRENCY = String.raw`€|\$|£|eur|euros?|usd|gbp|pln|złotych|zlotych|złote|zlote|złoty|zloty|zł|zl|zeta|zyla|zyl`;
const NUMBER = String.raw`\d{1,3}(?:[ \u00a0]\d{3})+[.,]\d{2}|\d{1,3}(?:[ \u00a0]\d{3})+(?=\s?(?:zł|zl|pln|eur|€)(?!\p{L}))|\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
const AMOUNT = new RegExp(String.raw`(?<![\w:/.,]|\d-)(?:(${CURRENCY})\s?)?(${NUMBER})(?:\s?(${CURRENCY}|cents?)(?!\w))?(?![\w:/€$£]|[.,]\d|-\d)`, "giu");
const MONTH = String.raw`jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec`;
/** Words after a bare integer that make it a count, a time or a date, not money. */
/** Polish months as written after a day ("12 marca", "3 gru"). */
const MIESIAC = String.raw`sty|lut|mar|kwi|maj|cze|lip|sie|wrz|pa[zź]|lis|gru`;
const UNIT_AFTER = new RegExp(
  String.raw`^\s*(?:x\b|times?\b|days?\b|weeks?\b|months?\b|years?\b|hours?\b|h\b|mins?\b|minutes?\b|am\b|pm\b|st\b|nd\b|rd\b|th\b|of\s+(?:${MONTH})|(?:${MONTH})|razy\b|raz\b|dni\b|dzie[nń]\b|tygod\w*|miesi[aą]c\w*|lat\b|lata\b|godz\w*|minut\w*|(?:${MIESIAC})\p{L}*)`,
  "iu",
);
/** A month named before the number ("March 12", "nov. 3"), written whole or cut short: never a shop's word that starts like one ("Electro Mart 1249"). */
const MONTH_NAME = String.raw`jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?`;
const MONTH_BEFORE = new RegExp(String.raw`\b(?:${MONTH_NAME})\.?\s*$`, "i");
const DAY_BEFORE = /\b(?:the|on|since|dnia|od)\s*$/i;
const COUNT_AFTER = /^\s*(?:payments?|charges?|transactions?|purchases?|times?|płatno\S*|platno\S*|transakcj\S*|obciąże\S*|obciaze\S*)/i;
const CARD_BEFORE = /\b(?:ending|ends|card|number|no\.?)(?:\s+(?:in|with))?\s*$/i;

/** A bare integer (no currency, no decimals) that reads as a count, date, year or card number. */
function isNotMoney(value: number, before: string, after: string): boolean {
  if (UNIT_AFTER.test(after) || MONTH_BEFORE.test(before) || CARD_BEFORE.test(before)) return true;
  if (value <= 31 && DAY_BEFORE.test(before)) return true;
  if (value <= 10 && COUNT_AFTER.test(after)) return true;
  return value >= 1900 && value <= 2100 && /\b(?:in|of|year)\s*$/i.test(before);
}

export type AmountMention = { amountMinor: number; explicit: boolean; start: number; end: number };

/**
 * "49.90", "49,90", "1,249", "1.249,00", "EUR 1,249.00" -> minor units.
 * A lone separator followed by three digits groups thousands; by one or two, it marks decimals.
 */
export function parseNumberToMinor(raw: string): number | undefined {
  const s = raw.replace(/\s/g, "");
  if (!/^\d[\d.,]*$/.test(s)) return undefined;
  const lastSep = Math.max(s.lastIndexOf("."), s.lastIndexOf(","));
  let units = s;
  let cents = "";
  if (lastSep >= 0) {
    const tail = s.slice(lastSep + 1);
    const mixed = s.includes(".") && s.includes(",");
    const repeated = s.split(s[lastSep]).length > 2;
    if (tail.length <= 2 && (mixed || !repeated)) {
      units = s.slice(0, lastSep);
      cents = tail;
    }
  }
  const whole = units.replace(/[.,]/g, "");
  if (!/^\d+$/.test(whole) || (cents && !/^\d{1,2}$/.test(cents))) return undefined;
  const value = Number(whole) * 100 + Number(cents.padEnd(2, "0") || "0");
  return Number.isSafeInteger(value) ? value : undefined;
}

/** Every money-like mention, in order; `explicit` when a currency or decimals mark it as money. */
export function findAmounts(text: string): AmountMention[] {
  const found: AmountMention[] = [];
  for (const m of text.matchAll(AMOUNT)) {
    const [whole, before, digits, after] = m;
    const start = m.index ?? 0;
    const isCents = after !== undefined && /^cents?$/i.test(after);
    const hasCurrency = before !== undefined || (after !== undefined && !isCents);
    const hasDecimals = /[.,]\d{1,2}$/.test(digits) || /[.,]\d{3}/.test(digits);
    const bare = !hasCurrency && !hasDecimals && !isCents;
    if (bare && isNotMoney(Number(digits), text.slice(0, start), text.slice(start + whole.length))) continue;
    const minor = parseNumberToMinor(digits);
    if (minor === undefined) continue;
    const amountMinor = isCents ? minor / 100 : minor;
    if (!Number.isInteger(amountMinor)) continue;
    found.push({ amountMinor, explicit: hasCurrency || hasDecimals || isCents, start, end: start + whole.length });
  }
  return found;
}

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  a: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const NUMBER_WORD = String.raw`(?:${Object.keys(UNITS).join("|")}|hundred|thousand)`;
/** Cents in words: "fifty", "ninety-nine"; never "a" ("ten euros a month"). */
const CENT_WORD = String.raw`(?:${Object.keys(UNITS)
  .filter((w) => w !== "a" && w !== "zero")
  .join("|")})`;
const WORD_AMOUNT = new RegExp(
  String.raw`\b(${NUMBER_WORD}(?:[\s-]+(?:and[\s-]+)?${NUMBER_WORD})*)\s+(?:euros?|eur|dollars?|pounds?|zlotys?|quid|bucks)(?:\s+(?:and\s+)?(${CENT_WORD}(?:[\s-]+${CENT_WORD})?)(?:\s+cents?)?)?\b`,
  "gi",
);

/** "eighty-nine", "two hundred and ten", "a thousand" as a whole number; undefined when the words do not make one. */
export function wordsToNumber(words: string): number | undefined {
  let total = 0;
  let current = 0;
  let seen = false;
  for (const w of words.toLowerCase().split(/[\s-]+/)) {
    if (w === "and") continue;
    if (w in UNITS) {
      current += UNITS[w];
      seen = true;
    } else if (w === "hundred") current = (current || 1) * 100;
    else if (w === "thousand") {
      total += (current || 1) * 1000;
      current = 0;
    } else return undefined;
  }
  return seen || total > 0 ? total + current : undefined;
}

/** Amounts written in words with a currency ("eighty-nine euros", "twelve euros fifty", "twelve euros fifty cents"). */
export function findWordAmounts(text: string): AmountMention[] {
  const found: AmountMention[] = [];
  for (const m of text.matchAll(WORD_AMOUNT)) {
    const major = wordsToNumber(m[1]);
    if (major === undefined || (m[1].toLowerCase() === "a" && !/\s/.test(m[1]))) continue;
    const cents = m[2] ? wordsToNumber(m[2]) : 0;
    if (cents === undefined || cents > 99) continue;
    const start = m.index ?? 0;
    found.push({ amountMinor: major * 100 + cents, explicit: true, start, end: start + m[0].length });
  }
  return found;
}

/** The amount the customer most likely means: the first explicit mention, else the first bare number. */
export function parseAmountMinor(text: string): number | undefined {
  const mentions = [...findAmounts(text), ...findWordAmounts(text)].sort((a, b) => a.start - b.start);
  return (mentions.find((m) => m.explicit) ?? mentions[0])?.amountMinor;
}

/** An amount a model produced (integer minor units, a decimal it meant as major units, or text) as integer minor units. */
export function normaliseAmountMinor(value: unknown): number | undefined {
  if (typeof value === "number") {
    if (!Number.isFinite(value) || value < 0) return undefined;
    return Number.isInteger(value) ? value : Math.round(value * 100);
  }
  if (typeof value === "string") return parseAmountMinor(value);
  return undefined;
}
