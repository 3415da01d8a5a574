/** The languages the agent and the customer's widget speak, and how each writes numbers, dates and lists. */

export const LANGUAGES = ["en", "pl"] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language of a bank whose row names none, and of anything said before a language is known. */
export const DEFAULT_LANGUAGE: Language = "en";

/** The BCP 47 locale a language formats numbers, dates and lists in. */
export const LOCALES: Record<Language, string> = { en: "en-GB", pl: "pl-PL" };

/** Each language's name, in that language: what the case page and the prompts call it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", pl: "polski" };

/** Each language's name in English, for staff pages and the model's instructions. */
export const LANGUAGE_NAMES_EN: Record<Language, string> = { en: "English", pl: "Polish" };

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** `value` when it is a language this deployment speaks, else the default. */
export function languageOr(value: unknown, fallback: Language = DEFAULT_LANGUAGE): Language {
  return isLanguage(value) ? value : fallback;
}
