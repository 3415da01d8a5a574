import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findAmounts } from "./amounts";
import { parseLabelledCsv } from "./banking77";
import { findDate } from "./dates";
import { matchMerchant } from "./merchants";
import { findOrdinal, splitClauses } from "./offline-understanding";
import { applyRules } from "./rules";

const VISTULA = ["Biedronka", "Kawiarnia Mocca", "Media Expert", "PKP Intercity", "Empik", "Orlen", "Apteka Gemini"];

describe("understanding Polish", () => {
  it("finds a shop however the sentence inflects its name, with or without diacritics", () => {
    expect(matchMerchant("wczoraj w Biedronce", VISTULA)).toBe("Biedronka");
    expect(matchMerchant("z empiku mam podwojne obciazenie", VISTULA)).toBe("Empik");
    expect(matchMerchant("płatność w Media Expercie", VISTULA)).toBe("Media Expert");
    expect(matchMerchant("w kawiarni mocca", VISTULA)).toBe("Kawiarnia Mocca");
    expect(matchMerchant("tankowałem na Orlenie", VISTULA)).toBe("Orlen");
    expect(matchMerchant("w Żabce", VISTULA)).toBeUndefined();
  });

  it("reads amounts written the Polish way, and not counts or days", () => {
    const amounts = (text: string) => findAmounts(text).map((a) => a.amountMinor);
    expect(amounts("zeszło dwa razy po 18,50 zł")).toEqual([1_850]);
    expect(amounts("3 499,00 zł")).toEqual([349_900]);
    expect(amounts("50 złotych")).toEqual([5_000]);
    expect(amounts("pobrali 2 razy, 3 dni temu, 12 marca")).toEqual([]);
  });

  it("reads days written in Polish", () => {
    const day = (text: string) => findDate(text, "2026-12-05")?.date;
    expect(day("wczoraj w Biedronce")).toBe("2026-12-04");
    expect(day("przedwczoraj")).toBe("2026-12-03");
    expect(day("3 dni temu")).toBe("2026-12-02");
    expect(day("12 marca")).toBe("2026-03-12");
    expect(day("w środę")).toBe("2026-12-02");
    expect(day("we wtorek")).toBe("2026-12-01");
  });

  it("hears where a request stands however it is asked", () => {
    for (const text of [
      "czy już wiadomo coś w sprawie Empiku?",
      "są jakieś nowości w sprawie moich zwrotów?",
      "a te 24 euro za kino kiedy wrócą na konto?",
      "super, a kiedy te pieniadze beda z powrotem na koncie?",
      "Czy zwrot za aptekę został już zaksięgowany?",
      "A co z moim drugim zgłoszeniem?",
    ])
      expect(applyRules(text), text).toMatchObject({ intent: "status" });
  });

  it("splits two requests joined by 'i powiedz', 'a przy okazji:' and 'i jeszcze pytanie:'", () => {
    expect(splitClauses("zablokuj kartę i powiedz, jakie mam limity")).toEqual(["zablokuj kartę", "powiedz, jakie mam limity"]);
    expect(splitClauses("Mocca pobrała dwa razy po 18,50, a przy okazji: co z moimi zwrotami?")).toEqual([
      "Mocca pobrała dwa razy po 18,50",
      "co z moimi zwrotami?",
    ]);
    expect(splitClauses("ktos ukradl mi portfel, zablokujcie karte, i jeszcze pytanie: ile idzie przelew do innego banku?")).toHaveLength(2);
  });

  it("reads a position in a list", () => {
    expect(findOrdinal("ta druga")).toBe(2);
    expect(findOrdinal("pierwsza")).toBe(1);
    expect(findOrdinal("ostatnia")).toBe(-1);
  });

  it("gives the team's Polish requests of every rule-read intent their intent, with and without diacritics", () => {
    const rows = parseLabelledCsv(readFileSync(path.join(process.cwd(), "data", "intents-pl", "actions.csv"), "utf8").replace(/^text,intent/, "text,category"));
    const right = rows.filter((r) => applyRules(r.text)?.intent === r.category).length;
    expect(rows.length).toBeGreaterThanOrEqual(270);
    expect(right / rows.length).toBeGreaterThanOrEqual(0.9);
    expect(applyRules("Zgubiłam kartę, proszę ją zablokować")).toMatchObject({ intent: "freeze_card", cardReason: "lost" });
    expect(applyRules("ukradli mi portfel z karta")).toMatchObject({ intent: "freeze_card", cardReason: "stolen" });
    expect(applyRules("Jakie mam limity na karcie?")).toMatchObject({ intent: "limits" });
    expect(applyRules("Zapłaciłam dwa razy w Kawiarni Mocca")).toMatchObject({ intent: "refund", reason: "duplicate" });
    expect(applyRules("nie rozpoznaje platnosci w media expert")).toMatchObject({ intent: "refund", reason: "unrecognised" });
    expect(applyRules("Dzień dobry")).toEqual({ intent: "greeting" });
  });
});
