/**
 * The offline intent model: TF-IDF word and character features into a one-hidden-layer network
 * over Banking77's 77 categories, its training, and its versioned binary artifact.
 */
import { createHash } from "node:crypto";
import type { LabelledText } from "./banking77";
import { stratifiedSplit } from "./intent-eval";
import { buildVocabulary, vectorize, type Vocabulary } from "./intent-features";
import { netLogits, softmax, type Net } from "./intent-net";
import { DEFAULT_TRAIN_OPTIONS, trainNet, type TrainOptions } from "./intent-train";

/** Version of the artifact layout and of the recipe that builds it. */
export const INTENT_MODEL_VERSION = 1;

export type IntentModel = {
  version: number;
  classes: string[];
  vocabulary: Vocabulary;
  net: Net;
  /** Divides the logits before the softmax so probabilities match held-out accuracy. */
  temperature: number;
  /** SHA-256 (hex) of the training data the model was built from, when it was built from a file. */
  trainSha256?: string;
};

export type IntentTrainOptions = TrainOptions & {
  /** Fewest training messages a feature must occur in to be kept. */
  minCount: number;
  /** Fit the temperature on a tenth held out of the training rows (trains twice). */
  calibrate: boolean;
};

export const DEFAULT_INTENT_OPTIONS: IntentTrainOptions = {
  ...DEFAULT_TRAIN_OPTIONS,
  hidden: 256,
  epochs: 6,
  learningRate: 0.003,
  dropout: 0.6,
  minCount: 1,
  calibrate: true,
};

/** Probabilities of every class for `text`, in `model.classes` order, summing to 1. */
export function classProbabilities(model: IntentModel, text: string): Float64Array {
  return softmax(netLogits(model.net, vectorize(model.vocabulary, text)), model.temperature);
}

function fit(rows: LabelledText[], o: IntentTrainOptions): IntentModel {
  const classes = [...new Set(rows.map((r) => r.category))].sort();
  const classIndex = new Map(classes.map((c, i) => [c, i]));
  const vocabulary = buildVocabulary(
    rows.map((r) => r.text),
    o.minCount,
  );
  const xs = rows.map((r) => vectorize(vocabulary, r.text));
  const net = trainNet(
    xs,
    rows.map((r) => classIndex.get(r.category)!),
    vocabulary.idf.length,
    classes.length,
    o,
  );
  return { version: INTENT_MODEL_VERSION, classes, vocabulary, net, temperature: 1 };
}

/**
 * The temperature in [0.5, 3] (steps of 0.05) with the lowest mean negative log-likelihood of
 * the true categories of `rows`.
 */
export function fitTemperature(model: IntentModel, rows: LabelledText[]): number {
  const logits = rows.map((r) => netLogits(model.net, vectorize(model.vocabulary, r.text)));
  const truth = rows.map((r) => model.classes.indexOf(r.category));
  let best = { t: 1, nll: Infinity };
  for (let t = 0.5; t <= 3.0001; t += 0.05) {
    let nll = 0;
    logits.forEach((l, i) => {
      const p = softmax(Float64Array.from(l), t);
      nll -= Math.log(Math.max(p[truth[i]], 1e-12));
    });
    if (nll < best.nll) best = { t: Math.round(t * 100) / 100, nll };
  }
  return best.t;
}

/** Trains the model on labelled rows; deterministic for the same rows (in the same order) and options. */
export function trainIntentModel(rows: LabelledText[], options: Partial<IntentTrainOptions> = {}): IntentModel {
  const o = { ...DEFAULT_INTENT_OPTIONS, ...options };
  const model = fit(rows, o);
  if (o.calibrate) {
    const { train, heldOut } = stratifiedSplit(rows, 10, 0);
    model.temperature = fitTemperature(fit(train, o), heldOut);
  }
  return model;
}

/** SHA-256 (hex) of training data as stored. */
export function sha256(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

const MAGIC = "BNK77MLP";

type Header = {
  version: number;
  classes: string[];
  inputs: number;
  hidden: number;
  temperature: number;
  trainSha256?: string;
};

/** Input weights as int8, each row scaled by its largest magnitude over 127. */
function quantise(w1: Float32Array, inputs: number, H: number): { scales: Float32Array; quantised: Int8Array } {
  const scales = new Float32Array(inputs);
  const quantised = new Int8Array(inputs * H);
  for (let j = 0; j < inputs; j++) {
    let max = 0;
    for (let k = 0; k < H; k++) max = Math.max(max, Math.abs(w1[j * H + k]));
    const scale = Math.fround(max / 127) || 1;
    scales[j] = scale;
    for (let k = 0; k < H; k++) quantised[j * H + k] = Math.round(w1[j * H + k] / scale);
  }
  return { scales, quantised };
}

/**
 * The artifact: magic, a JSON header, the vocabulary (one feature a line), IDF weights, input
 * weights as int8 with one Float32 scale per feature row, then the biases and output weights
 * as Float32. Little-endian throughout; the same model always gives the same bytes.
 */
export function encodeIntentModel(model: IntentModel): Uint8Array {
  const { net } = model;
  const header: Header = {
    version: model.version,
    classes: model.classes,
    inputs: net.inputs,
    hidden: net.hidden,
    temperature: model.temperature,
    ...(model.trainSha256 ? { trainSha256: model.trainSha256 } : {}),
  };
  const keys = new Array<string>(net.inputs);
  for (const [key, j] of model.vocabulary.index) keys[j] = key;
  const H = net.hidden;
  const { scales, quantised } = net.w1 instanceof Int8Array ? { scales: net.w1Scale!, quantised: net.w1 } : quantise(net.w1, net.inputs, H);
  const text = new TextEncoder();
  const parts: Uint8Array[] = [text.encode(MAGIC)];
  const block = (bytes: Uint8Array) => {
    const length = new Uint8Array(4);
    new DataView(length.buffer).setUint32(0, bytes.length, true);
    parts.push(length, bytes, new Uint8Array((4 - (bytes.length % 4)) % 4));
  };
  const floats = (a: Float32Array) => block(new Uint8Array(Float32Array.from(a).buffer));
  block(text.encode(JSON.stringify(header)));
  block(text.encode(keys.join("\n")));
  floats(model.vocabulary.idf);
  floats(scales);
  block(new Uint8Array(quantised.buffer));
  floats(net.b1);
  floats(net.w2);
  floats(net.b2);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Reads an artifact written by `encodeIntentModel`. */
export function decodeIntentModel(bytes: Uint8Array): IntentModel {
  const text = new TextDecoder();
  if (text.decode(bytes.subarray(0, MAGIC.length)) !== MAGIC) throw new Error("not an intent model artifact");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = MAGIC.length;
  const block = () => {
    const length = view.getUint32(at, true);
    const start = at + 4;
    at = start + length + ((4 - (length % 4)) % 4);
    return new Uint8Array(bytes.subarray(start, start + length));
  };
  const floats = () => new Float32Array(block().buffer);
  const header = JSON.parse(text.decode(block())) as Header;
  if (header.version !== INTENT_MODEL_VERSION) throw new Error(`intent model version ${header.version}, expected ${INTENT_MODEL_VERSION}`);
  const keys = text.decode(block()).split("\n");
  const idf = floats();
  const scales = floats();
  const w1 = new Int8Array(block().buffer);
  const net: Net = {
    inputs: header.inputs,
    hidden: header.hidden,
    classes: header.classes.length,
    w1,
    w1Scale: scales,
    b1: floats(),
    w2: floats(),
    b2: floats(),
  };
  return {
    version: header.version,
    classes: header.classes,
    vocabulary: { index: new Map(keys.map((key, j) => [key, j])), idf },
    net,
    temperature: header.temperature,
    ...(header.trainSha256 ? { trainSha256: header.trainSha256 } : {}),
  };
}
