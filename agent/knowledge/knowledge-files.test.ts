import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { KnowledgeFileError, knowledgeDir, readKnowledge } from "./knowledge-base";

const shipped = path.join(process.cwd(), "data", "knowledge");
type File = { description?: string; entries: Record<string, unknown>[] };
const baseFile = (): File => JSON.parse(readFileSync(path.join(shipped, "base.json"), "utf8"));

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A knowledge folder in a temporary directory: the base (shipped unless given) and tenant files. */
function folder(base: File | string = baseFile(), tenants: Record<string, File | string> = {}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "knowledge-"));
  dirs.push(dir);
  const write = (file: string, content: File | string) => writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content, null, 2));
  write(path.join(dir, "base.json"), base);
  if (Object.keys(tenants).length > 0) mkdirSync(path.join(dir, "tenants"));
  for (const [name, content] of Object.entries(tenants)) write(path.join(dir, "tenants", name), content);
  return dir;
}

function withAnswer(category: string, answer: string): File {
  const file = baseFile();
  file.entries.find((e) => e.category === category)!.answer = answer;
  return file;
}

function problem(dir: string): string {
  try {
    readKnowledge(dir);
  } catch (error) {
    expect(error).toBeInstanceOf(KnowledgeFileError);
    return (error as Error).message;
  }
  throw new Error("the folder was accepted");
}

describe("reading knowledge files", () => {
  it("accepts a copy of the shipped base, with a tenant file that changes one article", () => {
    const tenant = { entries: [{ category: "card_arrival", title: "Where is my card", action: "handover" }] };
    const library = readKnowledge(folder(baseFile(), { "bank-2.json": tenant }));
    expect(library.tenants).toEqual(["bank-2"]);
    expect(library.entry("bank-2", "card_arrival")).toMatchObject({ id: "KB-012", title: "Where is my card", action: "handover" });
    expect(library.entry("bank-2", "card_arrival").answer).toBe(library.entry("bank-1", "card_arrival").answer);
    expect(library.entry("bank-1", "card_arrival")).toMatchObject({ title: "Card hasn't arrived", action: "answer" });
  });

  it("rejects a file that is not JSON, naming the file", () => {
    const dir = folder('{"entries": [');
    expect(problem(dir)).toMatch(new RegExp(`^${path.join(dir, "base.json").replace(/[.\\/]/g, "\\$&")}: is not valid JSON`));
  });

  it("rejects a base without a category, with a category twice, or under another id", () => {
    const missing = baseFile();
    missing.entries = missing.entries.filter((e) => e.category !== "card_arrival");
    expect(problem(folder(missing))).toContain("no entry for card_arrival");

    const twice = baseFile();
    twice.entries.push({ ...twice.entries[0] });
    expect(problem(folder(twice))).toContain("activate_my_card has a second entry");

    const renumbered = baseFile();
    renumbered.entries[11].id = "KB-099";
    expect(problem(folder(renumbered))).toContain("entry 12 (card_arrival) id: card_arrival is KB-012, not KB-099");
  });

  it("rejects an unknown category, an unknown action, a missing field and a field it does not know", () => {
    const unknown = baseFile();
    unknown.entries[0].category = "open_savings_account";
    expect(problem(folder(unknown))).toMatch(/entry 1 \(open_savings_account\) category/);

    const action = baseFile();
    action.entries[0].action = "close_account";
    expect(problem(folder(action))).toMatch(/entry 1 \(activate_my_card\) action/);

    const noTopic = baseFile();
    delete noTopic.entries[0].topic;
    expect(problem(folder(noTopic))).toMatch(/entry 1 \(activate_my_card\) topic/);

    const extra = baseFile();
    extra.entries[0].keywords = ["card"];
    expect(problem(folder(extra))).toContain(`entry 1 (activate_my_card): Unrecognized key: "keywords"`);
  });

  it.each([
    ["markdown", "**Freeze** your card in the app. Then order a new one."],
    ["a list", "Do this:\n- freeze the card. Then order a new one."],
    ["no full stop", "Freeze your card in the app. Then order a new one"],
    ["a lower-case start", "freeze your card in the app. Then order a new one."],
    ["a double space", "Freeze your card in the app.  Then order a new one."],
    ["a placeholder", "Freeze your card in the app. Our fee is {{fee}} EUR."],
    ["a TODO", "Freeze your card in the app. TODO add the fee."],
    ["one sentence", "Freeze your card in the app."],
    ["six sentences", "One. Two. Three. Four. Five. Six."],
    ["a euro sign", "Replacement cards cost €6. You order them in the app."],
    ["an amount unlike the app's", "Replacement cards cost 6 EUR. You order them in the app."],
    ["a refund promise", "Tell us which payment it is. We will refund it within 3 days."],
    ["a passive refund promise", "Tell us which payment it is. The amount will be refunded today."],
    ["a guarantee", "Tell us which payment it is. We guarantee your money back."],
  ])("rejects an answer with %s", (_what, answer) => {
    expect(problem(folder(withAnswer("lost_or_stolen_card", answer)))).toMatch(/entry 42 \(lost_or_stolen_card\) answer: /);
  });

  it("rejects a title that is not sentence case or a topic that is not lower case", () => {
    const title = baseFile();
    title.entries[0].title = "Activating A New Card";
    expect(problem(folder(title))).toContain("title: is not in sentence case (A, New, Card)");
    const topic = baseFile();
    topic.entries[0].topic = "Activating a new card";
    expect(problem(folder(topic))).toContain("topic: is not lower case (Activating)");
  });

  it("rejects a tenant file that overrides a category the base does not have, twice, with nothing, or with an id", () => {
    const bad = (entries: Record<string, unknown>[]) => problem(folder(baseFile(), { "bank-2.json": { entries } }));
    expect(bad([{ category: "open_savings_account", answer: "We offer savings. Ask us." }])).toMatch(/bank-2\.json: entry 1 \(open_savings_account\) category/);
    expect(
      bad([
        { category: "card_arrival", title: "Late card" },
        { category: "card_arrival", title: "Lost card" },
      ]),
    ).toContain("card_arrival is overridden twice");
    expect(bad([{ category: "card_arrival" }])).toContain("changes nothing");
    expect(bad([{ category: "card_arrival", id: "KB-100", title: "Late card" }])).toContain(`entry 1 (card_arrival): Unrecognized key: "id"`);
    expect(bad([{ category: "card_arrival", answer: "We will refund the delivery fee. Wait a week." }])).toContain("promises a refund");
  });

  it("rejects a tenant file whose name is not a tenant id", () => {
    expect(problem(folder(baseFile(), { "-x.json": { entries: [] } }))).toContain("its name is not a tenant id");
  });
});

describe("each language's articles", () => {
  it("ships Polish articles for every category, under the same ids and actions, for every bank with its own", () => {
    const english = readKnowledge(knowledgeDir("en"), "en");
    const polish = readKnowledge(knowledgeDir("pl"), "pl");
    expect(polish.tenants).toEqual(english.tenants);
    for (const tenant of ["demo-bank", "vistula-bank"]) {
      const en = english.entries(tenant);
      const pl = polish.entries(tenant);
      expect(pl.map((e) => [e.id, e.category, e.action])).toEqual(en.map((e) => [e.id, e.category, e.action]));
      pl.forEach((e, i) => expect(e.answer, e.category).not.toBe(en[i]!.answer));
    }
  });

  it("holds Polish articles to the house style in Polish: amounts written 1 000,00 EUR, and no promise of money", () => {
    const polish = (answer: string) => {
      const file = JSON.parse(readFileSync(path.join(knowledgeDir("pl"), "base.json"), "utf8")) as File;
      file.entries.find((e) => e.category === "card_arrival")!.answer = answer;
      const dir = folder(file);
      try {
        readKnowledge(dir, "pl");
      } catch (error) {
        return (error as Error).message;
      }
      return "";
    };
    expect(polish("Karta dotrze w ciągu 5 dni roboczych. Wysyłka kosztuje 1 000,00 EUR.")).toBe("");
    expect(polish("Karta dotrze w ciągu 5 dni roboczych. Wysyłka kosztuje 1,000.00 EUR.")).toContain("1 000,00 EUR");
    expect(polish("Karta dotrze w ciągu 5 dni roboczych. Zwrócimy Ci koszt wysyłki.")).toContain("promises a refund");
    expect(polish("źle zaczęte zdanie. Drugie zdanie.")).toContain("capital letter");
  });
});
