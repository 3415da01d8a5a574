/**
 * What staff do not see until an investigator reveals it: customers' names and card
 * numbers, in structured fields and in free text (replies, transcripts, questions,
 * answers, audit data, system calls, state diffs).
 */

/** What card digits become. */
export const CARD_MASK = "••••";

/** "Alice Novak" -> "A**** N****". */
export function maskName(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => `${[...part][0]}${"*".repeat(Math.max([...part].length - 1, 1))}`)
    .join(" ");
}

/** The tenant's personal data to look for: every customer's name and every card's last digits. */
export type PersonalData = { names: string[]; cardDigits: string[] };

export type Masker = {
  /** A copy of any JSON-like value with names and card numbers masked at any depth. */
  mask<T>(value: T): T;
  /** One piece of free text with names and card numbers masked. */
  text(value: string): string;
};

/** Fields that hold a card number whatever their value looks like. */
const CARD_FIELDS = new Set(["last4", "cardNumber", "pan"]);
/** Fields that hold a customer's name whatever their value is. */
const NAME_FIELDS = new Set(["customerName"]);
/**
 * Identifiers and timestamps stay as they are: masking a uuid segment or a year that
 * happens to equal a card's last digits would break links and dates, and they carry
 * no name or card number.
 */
const KEPT_FIELD = /^(?:id|at|version)$|(?:Id|Ids|At|Key)$/;

/** A digit that is not part of a longer word, identifier, date or amount. */
const NOT_AFTER = String.raw`(?<![\p{L}\p{N}_\-.,])`;
const NOT_BEFORE = String.raw`(?![\p{L}\p{N}_\-]|[.,]\d)`;

/** Card digits named as such: "ending 4242", "ends in 4242", "card 4242", "last four: 4242", "**** 4242". */
const NAMED_CARD = new RegExp(
  String.raw`(\b(?:ending|ends|card(?:\s+(?:number|no\.?))?|last\s+(?:4|four)(?:\s+digits)?|number)(?:\s+(?:in|with|is|are))?\s*[:#]?\s*|(?:[x*•]{4}[ -]?){1,3})(\d(?:[ -]?\d){3,18})${NOT_BEFORE}`,
  "giu",
);
/** A full card number, 13 to 19 digits, plain or in groups split by spaces or dashes. */
const FULL_NUMBER = new RegExp(String.raw`${NOT_AFTER}\d(?:[ -]?\d){12,18}${NOT_BEFORE}`, "gu");
/** Groups of four digits, "4242 4242" or "4242-4242-4242": the way card numbers are written. */
const DIGIT_GROUPS = new RegExp(String.raw`${NOT_AFTER}\d{4}(?:[ -]\d{4}){1,4}${NOT_BEFORE}`, "gu");
/** A card field inside JSON text, as in a state diff: `"last4": "4242"`. */
const CARD_FIELD_IN_TEXT = /("(?:last4|cardNumber|pan)":\s*)("[^"]*"|\d+)/g;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const byLength = (a: string, b: string) => b.length - a.length;

function alternation(words: Iterable<string>): string | null {
  const unique = [...new Set(words)].filter(Boolean).sort(byLength);
  return unique.length ? unique.map(escape).join("|") : null;
}

/**
 * A masker for one tenant's personal data. Names match whole, in any case, and each part
 * of a name (first name, surname) matches as a whole word in the case it is written. Card
 * digits match when named as a card, as a full number, as groups of four, and wherever a
 * card's known last digits stand alone.
 */
export function createMasker({ names, cardDigits }: PersonalData): Masker {
  const fullNames = names.map((n) => n.trim().replace(/\s+/g, " ")).filter(Boolean);
  const maskedBy = new Map<string, string>();
  for (const name of fullNames) maskedBy.set(name.toLowerCase(), maskName(name));
  const parts = fullNames.flatMap((n) => n.split(" ")).filter((p) => [...p].length >= 2);
  for (const part of parts) maskedBy.set(part, maskName(part));

  const whole = alternation(fullNames.map((n) => n.replace(/ /g, "\u0000")));
  const wholeName = whole ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${whole.replace(/\u0000/g, "\\s+")})(?![\\p{L}\\p{N}])`, "giu") : null;
  const partsAlt = alternation(parts);
  const namePart = partsAlt ? new RegExp(`(?<![\\p{L}\\p{N}_])(?:${partsAlt})(?![\\p{L}\\p{N}_])`, "gu") : null;
  const digitsAlt = alternation(cardDigits.filter((d) => /^\d{2,}$/.test(d)));
  const knownDigits = digitsAlt ? new RegExp(`${NOT_AFTER}(?:${digitsAlt})${NOT_BEFORE}`, "gu") : null;

  const text = (value: string): string => {
    let out = value
      .replace(CARD_FIELD_IN_TEXT, (_, field: string) => `${field}"${CARD_MASK}"`)
      .replace(NAMED_CARD, (_, named: string) => `${named}${CARD_MASK}`)
      .replace(FULL_NUMBER, CARD_MASK)
      .replace(DIGIT_GROUPS, CARD_MASK);
    if (knownDigits) out = out.replace(knownDigits, CARD_MASK);
    if (wholeName) out = out.replace(wholeName, (m) => maskedBy.get(m.replace(/\s+/g, " ").toLowerCase()) ?? maskName(m));
    if (namePart) out = out.replace(namePart, (m) => maskedBy.get(m) ?? maskName(m));
    return out;
  };

  const walk = (v: unknown, key?: string): unknown => {
    if (key && CARD_FIELDS.has(key) && (typeof v === "string" || typeof v === "number")) return CARD_MASK;
    if (typeof v === "string") {
      if (key && NAME_FIELDS.has(key)) return maskName(v);
      if (key && KEPT_FIELD.test(key)) return v;
      return text(v);
    }
    if (Array.isArray(v)) return v.map((item) => walk(item, key));
    if (v && typeof v === "object") {
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, item]) => [k, walk(item, k)]));
    }
    return v;
  };

  return {
    text,
    // The value is copied as the JSON it will be sent as, so objects with their own
    // serialisation (dates, messages stored by older versions) are masked too.
    mask: <T>(value: T): T => (value === undefined ? value : (walk(JSON.parse(JSON.stringify(value))) as T)),
  };
}

/** `createMasker` for a single use. */
export function maskDeep<T>(value: T, names: string[], cardDigits: string[] = []): T {
  return createMasker({ names, cardDigits }).mask(value);
}
