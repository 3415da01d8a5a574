/**
 * The agent's words in one language: its messages (ICU MessageFormat, through use-intl), and
 * amounts, days and lists written as that language writes them.
 */
import { createFormatter, createTranslator } from "use-intl/core";
import en from "./messages/en.json" with { type: "json" };
import pl from "./messages/pl.json" with { type: "json" };
import { DEFAULT_LANGUAGE, LOCALES, type Language } from "./languages";

export type Messages = typeof en;

/** Every language's messages; each catalog has the English one's keys (a unit test checks). */
export const MESSAGES: Record<Language, Messages> = { en, pl };

function build(language: Language) {
  const locale = LOCALES[language];
  // A message that cannot be formatted is a defect to fail on, never a key shown to a customer.
  const t = createTranslator({
    locale,
    messages: MESSAGES[language],
    onError: (error) => {
      throw error;
    },
  });
  const format = createFormatter({ locale, timeZone: "UTC" });
  const lists = {
    and: new Intl.ListFormat(locale, { type: "conjunction" }),
    or: new Intl.ListFormat(locale, { type: "disjunction" }),
  };
  return {
    language,
    t,
    /** 124900, "EUR" -> "1,249.00 EUR" in English, "1249,00 EUR" in Polish; 1850, "PLN" -> "18,50 zł". */
    money(amountMinor: number, currency: string): string {
      const amount = format.number(amountMinor / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      return t("format.money", { amount, currency });
    },
    /** An ISO time as the day of the month: "2 Dec", "2 gru". */
    day(iso: string): string {
      return iso ? format.dateTime(new Date(iso), { day: "numeric", month: "short" }) : "";
    },
    /** "A", "A and B", "A, B and C" (or "or"), in the language's own way. */
    list(items: string[], last: "and" | "or" = "and"): string {
      return lists[last].format(items);
    },
  };
}

export type Words = ReturnType<typeof build>;

const cache = new Map<Language, Words>();

/** The words of `language`, built once per process. */
export function wordsFor(language: Language = DEFAULT_LANGUAGE): Words {
  let words = cache.get(language);
  if (!words) cache.set(language, (words = build(language)));
  return words;
}
