/**
 * `npm run build:intent-model`: trains the offline intent model on data/banking77/train.csv
 * and writes data/models/intent-v1.bin. Deterministic: the same training file gives the same
 * bytes. The artifact records the SHA-256 of the training file it came from.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseLabelledCsv } from "../agent/understanding/banking77";
import { INTENT_MODEL_PATH, trainClassifier } from "../agent/understanding/classifier";
import { encodeIntentModel, sha256 } from "../agent/understanding/intent-model";

const source = path.join("data", "banking77", "train.csv");
const csv = readFileSync(source);
const started = performance.now();
const model = trainClassifier(parseLabelledCsv(csv.toString("utf8")));
model.trainSha256 = sha256(csv);
const bytes = encodeIntentModel(model);
mkdirSync(path.dirname(INTENT_MODEL_PATH), { recursive: true });
writeFileSync(INTENT_MODEL_PATH, bytes);
console.log(
  `${INTENT_MODEL_PATH}: ${(bytes.length / 1e6).toFixed(1)} MB, ${model.classes.length} categories, ${model.net.inputs} features, ` +
    `${model.net.hidden} hidden units, temperature ${model.temperature}; trained in ${((performance.now() - started) / 1000).toFixed(0)} s; sha256 ${sha256(bytes)}`,
);
