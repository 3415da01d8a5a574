/** A multinomial naive Bayes intent classifier over Banking77, mapped to this agent's intents. */
import { labelForCategory, labelKey, loadBanking77Train, type IntentLabel, type LabelledText } from "./banking77";

export type NaiveBayes = {
  classes: string[];
  logPriors: Float64Array;
  /** token -> log P(token | class), one entry per class. */
  logLikelihoods: Map<string, Float64Array>;
};

export type Prediction = IntentLabel & { category: string; confidence: number };

const SMOOTHING = 0.3;
/** Softens naive Bayes' overconfident posteriors; 3 keeps held-out confidence roughly calibrated. */
const TEMPERATURE = 3;

/** Lowercased word unigrams and bigrams with light suffix stripping. */
export function features(text: string): string[] {
  const words = text
    .toLowerCase()
    .replace(/[’']/g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map(stem);
  const grams = [...words];
  for (let i = 0; i + 1 < words.length; i++) grams.push(`${words[i]}_${words[i + 1]}`);
  return grams;
}

function stem(w: string): string {
  if (w.length > 5 && w.endsWith("ing")) return w.slice(0, -3);
  if (w.length > 4 && w.endsWith("ed")) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) return w.slice(0, -1);
  return w;
}

/** Trains on labelled texts; deterministic for a given input order. */
export function trainNaiveBayes(rows: LabelledText[]): NaiveBayes {
  const classes = [...new Set(rows.map((r) => r.category))].sort();
  const index = new Map(classes.map((c, i) => [c, i]));
  const docCounts = new Float64Array(classes.length);
  const tokenTotals = new Float64Array(classes.length);
  const counts = new Map<string, Float64Array>();
  for (const { text, category } of rows) {
    const k = index.get(category)!;
    docCounts[k]++;
    for (const f of features(text)) {
      let c = counts.get(f);
      if (!c) counts.set(f, (c = new Float64Array(classes.length)));
      c[k]++;
      tokenTotals[k]++;
    }
  }
  const vocab = counts.size;
  const denominators = tokenTotals.map((t) => Math.log(t + SMOOTHING * vocab));
  const logLikelihoods = new Map<string, Float64Array>();
  for (const [f, c] of counts) logLikelihoods.set(f, c.map((n, k) => Math.log(n + SMOOTHING) - denominators[k]));
  return {
    classes,
    logPriors: docCounts.map((n) => Math.log(n / rows.length)),
    logLikelihoods,
  };
}

/** Log scores of every class for `text` (unnormalised posteriors), in `model.classes` order. */
function classScores(model: NaiveBayes, text: string): Float64Array {
  const scores = Float64Array.from(model.logPriors);
  for (const f of features(text)) {
    const ll = model.logLikelihoods.get(f);
    if (ll) for (let k = 0; k < scores.length; k++) scores[k] += ll[k];
  }
  return scores;
}

/** The most probable of the 77 Banking77 categories, before any mapping to intents. */
export function predictCategory(model: NaiveBayes, text: string): string {
  const scores = classScores(model, text);
  let best = 0;
  for (let k = 1; k < scores.length; k++) if (scores[k] > scores[best]) best = k;
  return model.classes[best];
}

/** A mapped intent with its summed probability and most probable Banking77 category. */
export type LabelScore = IntentLabel & { category: string; p: number };

/**
 * Mapped intents, most probable first: class posteriors are summed per mapped intent, so many
 * "other" categories do not outvote one refund category by count alone.
 */
export function scoreLabels(model: NaiveBayes, text: string): LabelScore[] {
  const scores = classScores(model, text);
  const max = Math.max(...scores);
  const probs = scores.map((s) => Math.exp((s - max) / TEMPERATURE));
  const sum = probs.reduce((a, b) => a + b, 0);
  const byLabel = new Map<string, { p: number; best: number; k: number }>();
  probs.forEach((p, k) => {
    const key = labelKey(labelForCategory(model.classes[k]), model.classes[k]);
    const entry = byLabel.get(key) ?? { p: 0, best: -1, k };
    entry.p += p / sum;
    if (p > entry.best) (entry.best = p), (entry.k = k);
    byLabel.set(key, entry);
  });
  return [...byLabel.entries()]
    .sort((a, b) => b[1].p - a[1].p || a[0].localeCompare(b[0]))
    .map(([, e]) => ({ ...labelForCategory(model.classes[e.k]), category: model.classes[e.k], p: e.p }));
}

/** The most probable mapped intent. */
export function predict(model: NaiveBayes, text: string): Prediction {
  const [top] = scoreLabels(model, text);
  return { intent: top.intent, ...(top.reason ? { reason: top.reason } : {}), category: top.category, confidence: top.p };
}

let shared: NaiveBayes | undefined;

/** The classifier trained on the shipped Banking77 split, built on first use. */
export function bankingClassifier(): NaiveBayes {
  shared ??= trainNaiveBayes(loadBanking77Train());
  return shared;
}

/** Every Banking77 category with its probability, most probable first (probabilities sum to 1). */
export function rankCategories(model: NaiveBayes, text: string): { category: string; p: number }[] {
  const scores = classScores(model, text);
  const max = Math.max(...scores);
  const probs = scores.map((s) => Math.exp((s - max) / TEMPERATURE));
  const sum = probs.reduce((a, b) => a + b, 0);
  return model.classes.map((category, k) => ({ category, p: probs[k] / sum })).sort((a, b) => b.p - a.p || a.category.localeCompare(b.category));
}
