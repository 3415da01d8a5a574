/** How well a classifier labels texts: accuracy, macro-F1 and its worst confusions. */
import type { LabelledText } from "./banking77";

export type Outcome = { truth: string; predicted: string };
export type Confusion = { truth: string; predicted: string; count: number };
export type Scores = { accuracy: number; macroF1: number; worst: Confusion[] };

/**
 * Accuracy, the mean F1 over the true labels (a label never predicted scores 0), and the
 * most frequent (truth -> predicted) mistakes, most first.
 */
export function scoreOutcomes(outcomes: Outcome[], worstCount = 10): Scores {
  const truths = [...new Set(outcomes.map((o) => o.truth))];
  const count = (match: (o: Outcome) => boolean) => outcomes.filter(match).length;
  const f1s = truths.map((label) => {
    const hit = count((o) => o.truth === label && o.predicted === label);
    const predicted = count((o) => o.predicted === label);
    const actual = count((o) => o.truth === label);
    return hit === 0 ? 0 : (2 * hit) / (predicted + actual);
  });
  const mistakes = new Map<string, Confusion>();
  for (const { truth, predicted } of outcomes) {
    if (truth === predicted) continue;
    const key = `${truth}\u0000${predicted}`;
    const entry = mistakes.get(key) ?? { truth, predicted, count: 0 };
    entry.count += 1;
    mistakes.set(key, entry);
  }
  return {
    accuracy: outcomes.length === 0 ? 0 : count((o) => o.truth === o.predicted) / outcomes.length,
    macroF1: f1s.length === 0 ? 0 : f1s.reduce((a, b) => a + b, 0) / f1s.length,
    worst: [...mistakes.values()]
      .sort((a, b) => b.count - a.count || a.truth.localeCompare(b.truth) || a.predicted.localeCompare(b.predicted))
      .slice(0, worstCount),
  };
}

/**
 * A stratified hold-out: of each category's rows (in file order), those whose position is
 * `fold` modulo `every` are held out and the rest trains, so each category keeps its share
 * on both sides. Folds 0..every-1 together are a stratified `every`-fold cross-validation.
 */
export function stratifiedSplit(rows: LabelledText[], every = 10, fold = every - 1): { train: LabelledText[]; heldOut: LabelledText[] } {
  const seen = new Map<string, number>();
  const train: LabelledText[] = [];
  const heldOut: LabelledText[] = [];
  for (const row of rows) {
    const n = seen.get(row.category) ?? 0;
    seen.set(row.category, n + 1);
    (n % every === fold ? heldOut : train).push(row);
  }
  return { train, heldOut };
}

/** The value at quantile `q` (0..1) of `values`, by the nearest rank. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/**
 * Expected calibration error: predictions binned by top probability into `bins` equal
 * ranges; the mean gap between each bin's confidence and its accuracy, weighted by its size.
 */
export function calibrationError(predictions: { p: number; correct: boolean }[], bins = 10): number {
  if (predictions.length === 0) return 0;
  const sums = Array.from({ length: bins }, () => ({ n: 0, p: 0, correct: 0 }));
  for (const { p, correct } of predictions) {
    const bin = sums[Math.min(bins - 1, Math.floor(p * bins))];
    bin.n++;
    bin.p += p;
    if (correct) bin.correct++;
  }
  return sums.reduce((error, b) => error + (b.n === 0 ? 0 : Math.abs(b.p - b.correct)), 0) / predictions.length;
}
