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

/** A word: letters, marks, digits. Hyphens and apostrophes separate words, as in "Ångström-Lee". */
const WORD = /[\p{L}\p{M}\p{N}_]+/gu;
/** What may stand between the words of one name. */
const NAME_GAP = /^[\s\-]+$/u;
/** A run of digits standing alone, to compare with the cards' known last digits. */
const STANDALONE_DIGITS = new RegExp(`${NOT_AFTER}\\d{2,}${NOT_BEFORE}`, "gu");

const words = (text: string) => [...text.matchAll(WORD)].map((m) => m[0]);

/**
 * A masker for one tenant's personal data. A full name matches in any case; each word of
 * a name (first name, surname) matches alone as a whole word in the case it is written.
 * Card digits match when named as a card, as a full number, as groups of four, and
 * wherever a card's known last digits stand alone. Names are looked up word by word in
 * sets, so a tenant of many customers costs no more per character than one of two.
 */
export function createMasker({ names, cardDigits }: PersonalData): Masker {
  const fullNames = new Set<string>();
  const parts = new Set<string>();
  let longest = 0;
  for (const name of names) {
    const nameWords = words(name);
    if (nameWords.length >= 2) fullNames.add(nameWords.join(" ").toLowerCase());
    longest = Math.max(longest, nameWords.length);
    for (const word of nameWords) if ([...word].length >= 2) parts.add(word);
  }
  const digits = new Set(cardDigits.filter((d) => /^\d{2,}$/.test(d)));

  const maskNames = (value: string): string => {
    const found = [...value.matchAll(WORD)];
    let out = "";
    let copied = 0;
    const maskWords = (from: number, to: number) => {
      for (let k = from; k <= to; k++) {
        const m = found[k]!;
        out += value.slice(copied, m.index) + maskName(m[0]);
        copied = m.index + m[0].length;
      }
    };
    for (let i = 0; i < found.length;) {
      let matched = 0;
      for (let n = Math.min(longest, found.length - i); n >= 2 && !matched; n--) {
        const gapsFit = found.slice(i + 1, i + n).every((m, k) => NAME_GAP.test(value.slice(found[i + k]!.index + found[i + k]![0].length, m.index)));
        if (
          gapsFit &&
          fullNames.has(
            found
              .slice(i, i + n)
              .map((m) => m[0].toLowerCase())
              .join(" "),
          )
        )
          matched = n;
      }
      if (matched) {
        maskWords(i, i + matched - 1);
        i += matched;
        continue;
      }
      if (parts.has(found[i]![0])) maskWords(i, i);
      i++;
    }
    return out + value.slice(copied);
  };

  const maskDigits = (value: string): string => {
    const out = value
      .replace(CARD_FIELD_IN_TEXT, (_, field: string) => `${field}"${CARD_MASK}"`)
      .replace(NAMED_CARD, (_, named: string) => `${named}${CARD_MASK}`)
      .replace(FULL_NUMBER, CARD_MASK)
      .replace(DIGIT_GROUPS, CARD_MASK);
    return digits.size ? out.replace(STANDALONE_DIGITS, (run) => (digits.has(run) ? CARD_MASK : run)) : out;
  };

  const text = (value: string): string => {
    // Most strings hold no digit at all; the card patterns need one.
    const out = /\d/.test(value) ? maskDigits(value) : value;
    return parts.size ? maskNames(out) : out;
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
