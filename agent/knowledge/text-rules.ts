/**
 * The house style of help articles, as checks a bank's edit must pass before the agent may
 * say it: plain sentences a chat shows as they are, amounts written as the app writes them,
 * and no promise about money that only policy or an operator can make.
 */

import type { Language } from "@/i18n/languages";

/** Words that keep their capitals inside a sentence-case title or a lower-case topic. */
export const PROPER_WORDS: ReadonlySet<string> = new Set([
  "Apple",
  "Google",
  "Pay",
  "Wallet",
  "Visa",
  "Mastercard",
  "PIN",
  "ATM",
  "SEPA",
  "SWIFT",
  "IBAN",
  "EUR",
  "CET",
  "EU",
  "BLIK",
]);

const MARKUP = /[*#`_[\]|<>{}~\\]|^\s*[-+]\s|^\s*\d+\.\s|https?:\/\//m;
const PLACEHOLDER = /\b(TODO|TBD|FIXME|XXX|lorem ipsum)\b|\$\{|%s|\?\?/i;
/** A promise of money or of an outcome, which policy and operators decide, not an article, in each language. */
const PROMISE_EN =
  /\b(we|I)\s*(will|'ll|shall)\s+(\w+\s+)?(refund|reimburse|repay|pay\s+(you\s+)?back|credit\s+you|return\s+(the|your)\s+money)\b|\bwill\s+be\s+(refunded|reimbursed)\b|\byou('ll|\s+will)\s+(get|receive)\s+(your\s+money|a\s+refund)\b|\bguarantee/i;
const PROMISE_PL =
  /\b(?:zwrócimy|oddamy|zwrócą|gwarant\w*|otrzymasz\s+(?:zwrot|pieniądze)|dostaniesz\s+(?:zwrot|pieniądze)|zostanie\s+(?:zwrócon\w*|oddan\w*))/iu;
const PROMISE: Record<Language, RegExp> = { en: PROMISE_EN, pl: PROMISE_PL };
/** An amount as the app writes it in each language: "1,000.00 EUR", "1 000,00 EUR". */
const EUR_AMOUNT: Record<Language, RegExp> = {
  en: /(?:^|[^\d,.])\d{1,3}(?:,\d{3})*\.\d{2} EUR\b/g,
  pl: /(?:^|[^\d,.])\d{1,3}(?: \d{3})*,\d{2} EUR\b/g,
};
const AMOUNT_EXAMPLE: Record<Language, string> = { en: "1,000.00 EUR", pl: "1 000,00 EUR" };

/** Sentences of a paragraph: a full stop, question or exclamation mark followed by a space or the end. */
export function sentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+/).filter((s) => s.length > 0);
}

function capitalisedWords(text: string): string[] {
  return text
    .split(/[\s,:;()/-]+/)
    .map((w) => w.replace(/'s$|[.'"!?]+$/g, ""))
    .filter((w) => /\p{Lu}/u.test(w));
}

/** What is wrong with an answer's text; empty when it may be said as it is. */
export function answerProblems(text: string, language: Language = "en"): string[] {
  const problems: string[] = [];
  if (text !== text.trim()) problems.push("has leading or trailing space");
  if (/\s{2,}|[\t\n\r]/.test(text)) problems.push("has a double space or a line break");
  if (!/^\p{Lu}/u.test(text)) problems.push("does not start with a capital letter");
  if (!text.endsWith(".")) problems.push("does not end with a full stop");
  if (MARKUP.test(text)) problems.push("has markup (markdown, HTML, a list marker or a link)");
  if (PLACEHOLDER.test(text)) problems.push("has an unfilled placeholder");
  if (PROMISE[language].test(text)) problems.push("promises a refund or an outcome");
  if (/€/.test(text)) problems.push(`writes "€": amounts are written like ${AMOUNT_EXAMPLE[language]}`);
  const amounts = text.match(EUR_AMOUNT[language])?.length ?? 0;
  const eurs = text.match(/\bEUR\b/g)?.length ?? 0;
  if (amounts !== eurs) problems.push(`writes an amount in EUR not like ${AMOUNT_EXAMPLE[language]}`);
  const n = sentences(text).length;
  if (n < 2 || n > 5) problems.push(`has ${n} sentences (2 to 5)`);
  return problems;
}

/** What is wrong with a title: short, sentence case, no closing punctuation or quotes. */
export function titleProblems(text: string): string[] {
  const problems: string[] = [];
  if (text.length < 3 || text.length > 60) problems.push("is not 3 to 60 characters long");
  if (text !== text.trim() || /\s{2,}/.test(text)) problems.push("has extra spaces");
  if (!/^\p{Lu}/u.test(text)) problems.push("does not start with a capital letter");
  if (/[.!?:;,"]$|"/.test(text)) problems.push("ends with punctuation or has double quotes");
  const [, ...rest] = text.split(" ");
  const shouting = capitalisedWords(rest.join(" ")).filter((w) => !PROPER_WORDS.has(w));
  if (shouting.length > 0) problems.push(`is not in sentence case (${shouting.join(", ")})`);
  if (MARKUP.test(text) || PLACEHOLDER.test(text)) problems.push("has markup or a placeholder");
  return problems;
}

/** What is wrong with a topic: a lower-case noun phrase that fits in "Do you mean ..., or ...?". */
export function topicProblems(text: string): string[] {
  const problems: string[] = [];
  if (text.length < 3 || text.length > 60) problems.push("is not 3 to 60 characters long");
  if (text !== text.trim() || /\s{2,}/.test(text)) problems.push("has extra spaces");
  if (/[.!?:;,"]/.test(text)) problems.push("has punctuation a sentence would trip on");
  const capitals = capitalisedWords(text).filter((w) => !PROPER_WORDS.has(w));
  if (capitals.length > 0) problems.push(`is not lower case (${capitals.join(", ")})`);
  if (MARKUP.test(text) || PLACEHOLDER.test(text)) problems.push("has markup or a placeholder");
  return problems;
}
