/**
 * `npm run build:intent-model`: trains the offline intent model on Banking77's training split
 * and the team's English and Polish messages (TRAINING_FILES) and writes data/models/intent-v1.bin.
 * Deterministic: the same training files give the same bytes. The artifact records the SHA-256
 * of the training files it came from.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { loadBanking77Train, loadTeamTrain, TRAINING_FILES, trainingBytes } from "../agent/understanding/banking77";
import { INTENT_MODEL_PATH, trainClassifier } from "../agent/understanding/classifier";
import { encodeIntentModel, sha256 } from "../agent/understanding/intent-model";

const started = performance.now();
const model = trainClassifier([...loadBanking77Train(), ...loadTeamTrain("English"), ...loadTeamTrain("Polish")]);
model.trainSha256 = sha256(trainingBytes());
const bytes = encodeIntentModel(model);
mkdirSync(path.dirname(INTENT_MODEL_PATH), { recursive: true });
writeFileSync(INTENT_MODEL_PATH, bytes);
console.log(
  `${INTENT_MODEL_PATH} from ${TRAINING_FILES.join(", ")}: ${(bytes.length / 1e6).toFixed(1)} MB, ${model.classes.length} categories, ${model.net.inputs} features, ` +
    `${model.net.hidden} hidden units, temperature ${model.temperature}; trained in ${((performance.now() - started) / 1000).toFixed(0)} s; sha256 ${sha256(bytes)}`,
);
