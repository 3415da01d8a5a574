/**
 * `npm run eval:intents [-- FILE.csv]`: how well the offline classifier names a message's
 * Banking77 category (77-way). With a `text,category` CSV it trains on the shipped train
 * split and labels the file; without one it holds out a stratified 10% of the train split
 * and trains on the rest, then cross-validates over ten such folds. Prints accuracy,
 * macro-F1, the ten worst confusions and the latency of one message.
 */
import { existsSync, readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { loadBanking77Train, parseLabelledCsv, type LabelledText } from "../agent/understanding/banking77";
import { predictCategory, trainNaiveBayes } from "../agent/understanding/classifier";
import { quantile, scoreOutcomes, stratifiedSplit } from "../agent/understanding/intent-eval";

const file = process.argv[2];
if (file && !existsSync(file)) {
  console.error(`${file}: no such file; give a CSV with the header "text,category".`);
  process.exit(1);
}
const shipped = loadBanking77Train();
const { train, heldOut } = file ? { train: shipped, heldOut: parseLabelledCsv(readFileSync(file, "utf8")) } : stratifiedSplit(shipped);
if (heldOut.length === 0) {
  console.error(`${file}: no rows; the file needs a header line "text,category" and one row per message.`);
  process.exit(1);
}

const trainingStarted = performance.now();
const model = trainNaiveBayes(train);
const trainingMs = performance.now() - trainingStarted;

const latencies: number[] = [];
const outcomes = heldOut.map(({ text, category }: LabelledText) => {
  const started = performance.now();
  const predicted = predictCategory(model, text);
  latencies.push(performance.now() - started);
  return { truth: category, predicted };
});
const scores = scoreOutcomes(outcomes);
const percent = (x: number) => `${(x * 100).toFixed(1)}%`;

console.log(`evaluated on ${file ?? "a stratified 10% held out of data/banking77/train.csv"}: ${heldOut.length} messages; trained on ${train.length} in ${trainingMs.toFixed(0)} ms`);
console.log(`accuracy  ${percent(scores.accuracy)}`);
console.log(`macro-F1  ${percent(scores.macroF1)}`);
console.log(`latency   p50 ${quantile(latencies, 0.5).toFixed(3)} ms, p99 ${quantile(latencies, 0.99).toFixed(3)} ms a message`);
console.log("worst confusions (true -> predicted: count)");
for (const c of scores.worst) console.log(`  ${c.truth} -> ${c.predicted}: ${c.count}`);

if (!file) {
  const FOLDS = 10;
  const accuracies = Array.from({ length: FOLDS }, (_, fold) => {
    const split = stratifiedSplit(shipped, FOLDS, fold);
    const foldModel = trainNaiveBayes(split.train);
    return scoreOutcomes(split.heldOut.map(({ text, category }) => ({ truth: category, predicted: predictCategory(foldModel, text) }))).accuracy;
  });
  const mean = accuracies.reduce((a, b) => a + b, 0) / FOLDS;
  console.log(`${FOLDS}-fold stratified cross-validation: accuracy ${percent(mean)} (folds ${percent(Math.min(...accuracies))} to ${percent(Math.max(...accuracies))})`);
}
