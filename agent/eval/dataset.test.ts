import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadBanking77Train } from "../understanding/banking77";
import { EXPECTED_INTENTS, expandDates, isTurn, loadConversations, PLACEHOLDER, type Turn } from "./dataset";

const conversations = loadConversations();
const turns = conversations.flatMap((c) => c.turns.filter(isTurn).map((t) => ({ ...t, conversation: c })));
const categories: string[] = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../data/banking77/categories.json"), "utf8"));

describe("the shipped conversation set", () => {
  it("has at least 330 customer turns in conversations of one to six turns", () => {
    expect(turns.length).toBeGreaterThanOrEqual(330);
    for (const c of conversations) expect(c.turns.filter(isTurn).length, c.id).toBeLessThanOrEqual(6);
  });

  it("covers every Banking77 category with at least three turns, and names no other", () => {
    const count = new Map<string, number>();
    for (const t of turns)
      for (const category of [t.expect.category, t.expect.also?.category]) if (category) count.set(category, (count.get(category) ?? 0) + 1);
    expect(categories.filter((c) => (count.get(c) ?? 0) < 3)).toEqual([]);
    expect([...count.keys()].filter((c) => !categories.includes(c))).toEqual([]);
  });

  it("expects every intent but other, and the actions more often than any single knowledge category", () => {
    const intents = new Set(turns.map((t) => t.expect.intent));
    expect(EXPECTED_INTENTS.filter((i) => i !== "other" && !intents.has(i))).toEqual([]);
    const refunds = turns.filter((t) => t.expect.intent === "refund").length;
    expect(refunds).toBeGreaterThanOrEqual(60);
    expect(turns.filter((t) => t.expect.also).length).toBeGreaterThanOrEqual(5);
  });

  it("is written in its own words, not copied from Banking77", () => {
    const norm = (s: string) =>
      s
        .toLowerCase()
        .replace(/[^a-z0-9 ]/g, "")
        .trim();
    const train = new Set(loadBanking77Train().map((r) => norm(r.text)));
    expect(turns.filter((t) => train.has(norm(t.text))).map((t) => t.text)).toEqual([]);
  });

  it("names only the customer's own transactions, and decides only cases a turn opened before", () => {
    for (const c of conversations) {
      const named = new Set<string>();
      for (const entry of c.turns) {
        const ids = isTurn(entry) ? [entry.expect.transaction ?? []].flat() : [entry.transaction];
        for (const id of ids) expect(id, c.id).toMatch(new RegExp(`^tx-${c.customer}-`));
        if (!isTurn(entry)) expect(named.has(entry.transaction), `${c.id}: operator step before any turn about ${entry.transaction}`).toBe(true);
        else for (const id of ids) named.add(id);
      }
    }
  });

  it("never repeats a text on a thread right after itself (the runner tells a turn's state by its text)", () => {
    for (const c of conversations) {
      const last = new Map<string, string>();
      for (const t of c.turns.filter(isTurn)) {
        const thread = t.thread ?? "main";
        expect(last.get(thread), c.id).not.toBe(t.text);
        last.set(thread, t.text);
      }
    }
  });

  it("uses weekday placeholders only within the last six days, so a weekday names one day", () => {
    for (const t of turns) {
      for (const [, format, days] of t.text.matchAll(PLACEHOLDER)) {
        expect(Number(days), t.text).toBeGreaterThanOrEqual(1);
        if (format!.toLowerCase() === "weekday") expect(Number(days), t.text).toBeLessThanOrEqual(6);
      }
      expect(() => expandDates(t.text, new Date()), t.text).not.toThrow();
    }
  });
});

describe("expandDates", () => {
  const now = new Date("2026-03-14T10:00:00Z");

  it("writes the day N days back in the form asked for", () => {
    expect(expandDates("on {Weekday:3} and {weekday:1}", now)).toBe("on Wednesday and friday");
    expect(expandDates("on the {ordinal:12}, {ordinal:13}, {ordinal:11}, {ordinal:1}", now)).toBe("on the 2nd, 1st, 3rd, 13th");
    expect(expandDates("{date:20} / {month_date:14} / {numeric:5}", now)).toBe("22 February / february 28th / 09/03");
    expect(expandDates("no dates here {x}", now)).toBe("no dates here {x}");
  });

  it("refuses a placeholder it does not know", () => {
    expect(() => expandDates("on {fortnight:2}", now)).toThrow(/unknown date placeholder \{fortnight:2\}/);
  });
});

describe("loadConversations", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "conversations-"));
  const write = (name: string, body: unknown) => {
    const file = path.join(dir, name);
    writeFileSync(file, JSON.stringify(body));
    return file;
  };
  const turn: Turn = { text: "hi", expect: { intent: "greeting", outcome: "greeted" } };

  it("prefixes ids with the file's name", () => {
    const file = write("greetings.json", { theme: "t", conversations: [{ id: "hi", customer: "bob", turns: [turn] }] });
    expect(loadConversations([file])).toEqual([{ id: "greetings/hi", customer: "bob", turns: [turn], file }]);
  });

  it("names the file and the place of a mistake", () => {
    const file = write("bad.json", {
      theme: "t",
      conversations: [{ id: "x", customer: "bob", turns: [{ text: "hi", expect: { intent: "greeting", outcome: "waved" } }] }],
    });
    expect(() => loadConversations([file])).toThrow(/bad\.json: conversations\.0\.turns\.0/);
    const twice = write("twice.json", {
      theme: "t",
      conversations: [
        { id: "a", customer: "bob", turns: [turn] },
        { id: "a", customer: "alice", turns: [turn] },
      ],
    });
    expect(() => loadConversations([twice])).toThrow(/twice\/a appears twice/);
  });
});
