/**
 * The Banking77 intent classifier (77 categories), mapped to this agent's intents. The model
 * ships as a versioned artifact built from the shipped training split by
 * `npm run build:intent-model`; see intent-model.ts.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { labelForCategory, labelKey, type IntentLabel, type LabelledText } from "./banking77";
import { classProbabilities, decodeIntentModel, trainIntentModel, type IntentModel, type IntentTrainOptions } from "./intent-model";

export type { IntentModel } from "./intent-model";

export type Prediction = IntentLabel & { category: string; confidence: number };

/** Where the shipped model lives, relative to the working directory. */
export const INTENT_MODEL_PATH = path.join("data", "models", "intent-v1.bin");

/** Trains a classifier on labelled texts; deterministic for a given input order. */
export function trainClassifier(rows: LabelledText[], options: Partial<IntentTrainOptions> = {}): IntentModel {
  return trainIntentModel(rows, options);
}

/** The most probable of the 77 Banking77 categories, before any mapping to intents. */
export function predictCategory(model: IntentModel, text: string): string {
  const probs = classProbabilities(model, text);
  let best = 0;
  for (let k = 1; k < probs.length; k++) if (probs[k] > probs[best]) best = k;
  return model.classes[best];
}

/** A mapped intent with its summed probability and most probable Banking77 category. */
export type LabelScore = IntentLabel & { category: string; p: number };

/**
 * Mapped intents, most probable first: class probabilities are summed per mapped intent, so many
 * "other" categories do not outvote one refund category by count alone.
 */
export function scoreLabels(model: IntentModel, text: string): LabelScore[] {
  const probs = classProbabilities(model, text);
  const byLabel = new Map<string, { p: number; best: number; k: number }>();
  probs.forEach((p, k) => {
    const key = labelKey(labelForCategory(model.classes[k]), model.classes[k]);
    const entry = byLabel.get(key) ?? { p: 0, best: -1, k };
    entry.p += p;
    if (p > entry.best) {
      entry.best = p;
      entry.k = k;
    }
    byLabel.set(key, entry);
  });
  return [...byLabel.entries()]
    .sort((a, b) => b[1].p - a[1].p || a[0].localeCompare(b[0]))
    .map(([, e]) => ({ ...labelForCategory(model.classes[e.k]), category: model.classes[e.k], p: e.p }));
}

/** The most probable mapped intent. */
export function predict(model: IntentModel, text: string): Prediction {
  const [top] = scoreLabels(model, text);
  return { intent: top.intent, ...(top.reason ? { reason: top.reason } : {}), category: top.category, confidence: top.p };
}

/** Reads a model artifact from `file`. */
export function loadIntentModel(file = path.join(process.cwd(), INTENT_MODEL_PATH)): IntentModel {
  return decodeIntentModel(readFileSync(file));
}

let shared: IntentModel | undefined;

/** The shipped classifier, read on first use and then cached. */
export function bankingClassifier(): IntentModel {
  shared ??= loadIntentModel();
  return shared;
}

/** Every Banking77 category with its probability, most probable first (probabilities sum to 1). */
export function rankCategories(model: IntentModel, text: string): { category: string; p: number }[] {
  const probs = classProbabilities(model, text);
  return model.classes.map((category, k) => ({ category, p: probs[k] })).sort((a, b) => b.p - a.p || a.category.localeCompare(b.category));
}
