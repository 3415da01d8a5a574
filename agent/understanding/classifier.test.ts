import { describe, expect, it } from "vitest";
import { labelForCategory, labelKey, loadBanking77Train } from "./banking77";
import { bankingClassifier, predict, trainNaiveBayes } from "./classifier";

const rows = loadBanking77Train();

describe("Banking77 naive Bayes", () => {
  it("loads the 10,003 training rows", () => {
    expect(rows).toHaveLength(10_003);
    expect(new Set(rows.map((r) => r.category)).size).toBe(77);
  });

  it("is trained once per process and then cached", () => {
    const model = bankingClassifier();
    expect(bankingClassifier()).toBe(model);
  });

  it("classifies a held-out slice correctly into our intents", () => {
    const train = rows.filter((_, i) => i % 10 !== 0);
    const heldOut = rows.filter((_, i) => i % 10 === 0);
    const model = trainNaiveBayes(train);
    let mapped = 0;
    let intents = 0;
    let categories = 0;
    for (const row of heldOut) {
      const p = predict(model, row.text);
      const want = labelForCategory(row.category);
      if (labelKey(p) === labelKey(want)) mapped++;
      if (p.intent === want.intent) intents++;
      if (p.category === row.category) categories++;
    }
    const acc = (n: number) => n / heldOut.length;
    console.log(
      `Banking77 held-out (${heldOut.length} rows, every 10th): intent+reason ${acc(mapped).toFixed(3)}, ` +
        `intent ${acc(intents).toFixed(3)}, 77-category ${acc(categories).toFixed(3)}`,
    );
    expect(acc(mapped)).toBeGreaterThan(0.8);
    expect(acc(intents)).toBeGreaterThan(0.8);
  });

  it("is deterministic", () => {
    const a = trainNaiveBayes(rows.slice(0, 3000));
    const b = trainNaiveBayes(rows.slice(0, 3000));
    const text = "I think my card was charged twice for one purchase";
    expect(predict(a, text)).toEqual(predict(b, text));
  });
});
