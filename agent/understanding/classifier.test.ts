import { describe, expect, it } from "vitest";
import { labelForCategory, labelKey, loadBanking77Train, trainingBytes } from "./banking77";
import { bankingClassifier, predict, predictCategory, rankCategories, trainClassifier } from "./classifier";
import { decodeIntentModel, encodeIntentModel, INTENT_MODEL_VERSION, sha256 } from "./intent-model";

const rows = loadBanking77Train();

describe("Banking77 intent classifier", () => {
  it("loads the 10,003 training rows", () => {
    expect(rows).toHaveLength(10_003);
    expect(new Set(rows.map((r) => r.category)).size).toBe(77);
  });

  it("reads the shipped model once per process and then caches it", () => {
    const model = bankingClassifier();
    expect(bankingClassifier()).toBe(model);
    expect(model.version).toBe(INTENT_MODEL_VERSION);
    expect(model.classes).toHaveLength(77);
  });

  it("ships a model built from the shipped training files, Banking77's and the team's English and Polish messages", () => {
    expect(bankingClassifier().trainSha256).toBe(sha256(trainingBytes()));
  });

  it("labels the training messages it was built from into our intents", () => {
    const model = bankingClassifier();
    const sample = rows.filter((_, i) => i % 10 === 0);
    const mapped = sample.filter(
      (r) => labelKey(predict(model, r.text), predict(model, r.text).category) === labelKey(labelForCategory(r.category), r.category),
    ).length;
    expect(mapped / sample.length).toBeGreaterThan(0.95);
  });

  it("ranks every category with probabilities summing to 1", () => {
    const ranked = rankCategories(bankingClassifier(), "my card has not arrived yet");
    expect(ranked).toHaveLength(77);
    expect(ranked[0].category).toBe("card_arrival");
    expect(ranked.reduce((s, r) => s + r.p, 0)).toBeCloseTo(1, 6);
    expect(ranked.every((r, i) => i === 0 || ranked[i - 1].p >= r.p)).toBe(true);
  });

  it("trains deterministically, and its artifact reads back to the same predictions", () => {
    const few = rows.filter((r) => ["card_arrival", "change_pin", "transaction_charged_twice"].includes(r.category));
    const options = { hidden: 16, epochs: 2, calibrate: false };
    const a = encodeIntentModel(trainClassifier(few, options));
    const b = encodeIntentModel(trainClassifier(few, options));
    expect(sha256(a)).toBe(sha256(b));
    const model = decodeIntentModel(a);
    expect(predictCategory(model, "I was charged twice for one purchase")).toBe("transaction_charged_twice");
    expect(sha256(encodeIntentModel(model))).toBe(sha256(a));
  });
});
