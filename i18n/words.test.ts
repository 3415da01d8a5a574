import { describe, expect, it } from "vitest";
import { LANGUAGES } from "./languages";
import { MESSAGES, wordsFor } from "./words";

/** Every message key of a catalog, dotted: "case.waiting". */
function keys(messages: object, prefix = ""): string[] {
  return Object.entries(messages).flatMap(([key, value]) => (typeof value === "string" ? [prefix + key] : keys(value as object, `${prefix}${key}.`)));
}

describe("the agent's words in each language", () => {
  it("has every English message in every language", () => {
    for (const language of LANGUAGES) expect(keys(MESSAGES[language]).sort(), language).toEqual(keys(MESSAGES.en).sort());
  });

  it("writes amounts, days and lists as each language does", () => {
    const en = wordsFor("en");
    const pl = wordsFor("pl");
    expect(en.money(124_900, "EUR")).toBe("1,249.00 EUR");
    expect(pl.money(1_850, "PLN")).toBe("18,50 zł");
    expect(pl.money(349_900, "PLN")).toBe("3499,00 zł");
    expect(pl.money(1_234_500, "EUR")).toBe("12\u00a0345,00 EUR");
    expect(en.day("2026-12-02T08:00:00Z")).toBe("2 Dec");
    expect(pl.day("2026-12-02T08:00:00Z")).toBe("2 gru");
    expect(en.list(["a", "b", "c"], "or")).toBe("a, b or c");
    expect(pl.list(["a", "b", "c"])).toBe("a, b i c");
  });

  it("chooses Polish plural forms by number", () => {
    const { t } = wordsFor("pl");
    const lines = "-";
    expect(t("pending.list", { count: 1, lines })).toMatch(/^Masz jedną oczekującą pozycję/);
    expect(t("pending.list", { count: 3, lines })).toMatch(/^Masz 3 oczekujące pozycje/);
    expect(t("pending.list", { count: 5, lines })).toMatch(/^Masz 5 oczekujących pozycji/);
    expect(t("pending.list", { count: 22, lines })).toMatch(/^Masz 22 oczekujące pozycje/);
  });

  it("formats every message of every language without a missing argument or a syntax error", () => {
    for (const language of LANGUAGES) {
      const { t } = wordsFor(language);
      for (const key of keys(MESSAGES[language])) {
        const message = key.split(".").reduce<unknown>((m, k) => (m as Record<string, unknown>)[k], MESSAGES[language]) as string;
        const args = Object.fromEntries(
          [...message.matchAll(/\{(\w+)(?:,\s*(\w+))?/g)].map(([, name, type]) => [name, type === "plural" ? 2 : type === "select" ? "other" : "x"]),
        );
        const tags = Object.fromEntries([...message.matchAll(/<(\w+)>/g)].map(([, tag]) => [tag, (chunks: string) => chunks]));
        expect(() => t.markup(key as never, { ...args, ...tags } as never), `${language} ${key}`).not.toThrow();
      }
    }
  });
});
