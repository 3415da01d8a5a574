/**
 * `npm run eval:intents [-- FILE.csv] [-- --no-cv]`: how well the offline classifier names a
 * message's Banking77 category (77-way). With a `text,category` CSV it labels the file with the
 * shipped model (data/models); without one it trains on a stratified 90% of the shipped train
 * split and of the team's English and Polish messages, labels the other 10% of each (fold 9), then cross-validates
 * Banking77 over ten such folds unless `--no-cv`. Prints accuracy, macro-F1, expected calibration error, the ten worst confusions,
 * the latency of one message and the shipped model's load time.
 */
import { existsSync, readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { loadBanking77Train, loadTeamTrain, parseLabelledCsv, TEAM_FILES, type LabelledText, type TeamLanguage } from "../agent/understanding/banking77";
import { loadIntentModel, predictCategory, trainClassifier, type IntentModel } from "../agent/understanding/classifier";
import { calibrationError, quantile, scoreOutcomes, stratifiedSplit } from "../agent/understanding/intent-eval";
import { classProbabilities, decodeIntentModel, encodeIntentModel } from "../agent/understanding/intent-model";

const args = process.argv.slice(2);
const crossValidate = !args.includes("--no-cv");
const file = args.find((a) => !a.startsWith("--"));
if (file && !existsSync(file)) {
  console.error(`${file}: no such file; give a CSV with the header "text,category".`);
  process.exit(1);
}
const percent = (x: number) => `${(x * 100).toFixed(1)}%`;

const loadStarted = performance.now();
const shippedModel = loadIntentModel();
const loadMs = performance.now() - loadStarted;

const shipped = loadBanking77Train();
const team = (Object.keys(TEAM_FILES) as TeamLanguage[]).map((language) => ({ language, ...stratifiedSplit(loadTeamTrain(language)) }));
const { train, heldOut } = file ? { train: [], heldOut: parseLabelledCsv(readFileSync(file, "utf8")) } : stratifiedSplit(shipped);
if (heldOut.length === 0) {
  console.error(`${file}: no rows; the file needs a header line "text,category" and one row per message.`);
  process.exit(1);
}

let model: IntentModel = shippedModel;
let trainingMs = 0;
if (!file) {
  const started = performance.now();
  // Evaluated as shipped: through the artifact's quantised weights.
  // Trained as shipped: Banking77's 90% and 90% of each of the team's files.
  model = decodeIntentModel(encodeIntentModel(trainClassifier([...train, ...team.flatMap((t) => t.train)])));
  trainingMs = performance.now() - started;
}

for (const { text } of heldOut) predictCategory(model, text);
const latencies: number[] = [];
const confidences: { p: number; correct: boolean }[] = [];
const outcomes = heldOut.map(({ text, category }: LabelledText) => {
  const started = performance.now();
  const predicted = predictCategory(model, text);
  latencies.push(performance.now() - started);
  const probs = classProbabilities(model, text);
  confidences.push({ p: Math.max(...probs), correct: predicted === category });
  return { truth: category, predicted };
});
const scores = scoreOutcomes(outcomes);

console.log(
  file
    ? `evaluated on ${file}: ${heldOut.length} messages with the shipped model`
    : `evaluated on a stratified 10% held out of data/banking77/train.csv (fold 9): ${heldOut.length} messages; trained on ${train.length} in ${(trainingMs / 1000).toFixed(1)} s (with temperature fitting)`,
);
console.log(`accuracy  ${percent(scores.accuracy)}`);
console.log(`macro-F1  ${percent(scores.macroF1)}`);
console.log(`calibration error (ECE, 10 bins)  ${percent(calibrationError(confidences))} (temperature ${model.temperature})`);
console.log(`latency   p50 ${quantile(latencies, 0.5).toFixed(3)} ms, p99 ${quantile(latencies, 0.99).toFixed(3)} ms a message`);
console.log(`shipped model loaded in ${loadMs.toFixed(0)} ms`);
if (!file) {
  for (const { language, heldOut: teamHeldOut } of team) {
    const teamScores = scoreOutcomes(teamHeldOut.map(({ text, category }) => ({ truth: category, predicted: predictCategory(model, text) })));
    console.log(
      `${language}, the team's: a stratified 10% held out of ${TEAM_FILES[language]} (fold 9), ${teamHeldOut.length} messages: accuracy ${percent(teamScores.accuracy)}, macro-F1 ${percent(teamScores.macroF1)}`,
    );
  }
}
console.log("worst confusions (true -> predicted: count)");
for (const c of scores.worst) console.log(`  ${c.truth} -> ${c.predicted}: ${c.count}`);

if (!file && crossValidate) {
  const FOLDS = 10;
  const accuracies = Array.from({ length: FOLDS }, (_, fold) => {
    const split = stratifiedSplit(shipped, FOLDS, fold);
    const foldModel = trainClassifier(split.train, { calibrate: false });
    const accuracy = scoreOutcomes(split.heldOut.map(({ text, category }) => ({ truth: category, predicted: predictCategory(foldModel, text) }))).accuracy;
    console.log(`  fold ${fold}: ${percent(accuracy)}`);
    return accuracy;
  });
  const mean = accuracies.reduce((a, b) => a + b, 0) / FOLDS;
  console.log(
    `${FOLDS}-fold stratified cross-validation: accuracy ${percent(mean)} (folds ${percent(Math.min(...accuracies))} to ${percent(Math.max(...accuracies))})`,
  );
}
