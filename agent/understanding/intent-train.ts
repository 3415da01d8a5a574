/**
 * Training the intent network: mini-batch Adam with seeded initialisation and shuffling,
 * dropout on the hidden layer, label smoothing and a learning rate that decays linearly.
 * The same inputs and options always give the same weights.
 */
import type { SparseVector } from "./intent-features";
import { hiddenLayer, outputLayer, softmax, type Net } from "./intent-net";

export type TrainOptions = {
  hidden: number;
  epochs: number;
  learningRate: number;
  batchSize: number;
  /** Share of hidden units zeroed in each training step. */
  dropout: number;
  /** Probability mass spread evenly over the other classes in each target. */
  labelSmoothing: number;
  seed: number;
};

export const DEFAULT_TRAIN_OPTIONS: TrainOptions = {
  hidden: 256,
  epochs: 12,
  learningRate: 0.002,
  batchSize: 32,
  dropout: 0.3,
  labelSmoothing: 0.1,
  seed: 1,
};

/** A small deterministic generator of uniform numbers in [0, 1) (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BETA1 = 0.9;
const BETA2 = 0.999;
const EPSILON = 1e-8;

/** Trains a network on inputs `xs` with class indices `ys`. */
export function trainNet(xs: SparseVector[], ys: number[], inputs: number, classes: number, options: Partial<TrainOptions> = {}): Net {
  const o = { ...DEFAULT_TRAIN_OPTIONS, ...options };
  const H = o.hidden;
  const random = seededRandom(o.seed);
  const uniform = (limit: number) => (random() * 2 - 1) * limit;
  const limit1 = 0.1;
  const limit2 = Math.sqrt(6 / (H + classes));
  const net: Net = {
    inputs,
    hidden: H,
    classes,
    w1: Float32Array.from({ length: inputs * H }, () => uniform(limit1)),
    b1: new Float32Array(H),
    w2: Float32Array.from({ length: classes * H }, () => uniform(limit2)),
    b2: new Float32Array(classes),
  };
  const params = [net.w1, net.b1, net.w2, net.b2];
  const grads = params.map((p) => new Float32Array(p.length));
  const m = params.map((p) => new Float32Array(p.length));
  const v = params.map((p) => new Float32Array(p.length));
  const [gw1, gb1, gw2, gb2] = grads;
  const rowSeen = new Uint8Array(inputs);
  const touched: number[] = [];

  const h = new Float32Array(H);
  const mask = new Float32Array(H);
  const logits = new Float64Array(classes);
  const dh = new Float32Array(H);
  const order = xs.map((_, i) => i);
  const stepsPerEpoch = Math.ceil(xs.length / o.batchSize);
  const totalSteps = stepsPerEpoch * o.epochs;
  const off = o.labelSmoothing / classes;
  const on = 1 - o.labelSmoothing + off;
  let step = 0;

  for (let epoch = 0; epoch < o.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (let start = 0; start < order.length; start += o.batchSize) {
      const batch = order.slice(start, start + o.batchSize);
      for (const i of batch) {
        const x = xs[i];
        hiddenLayer(net, x, h);
        for (let k = 0; k < H; k++) {
          mask[k] = random() < o.dropout ? 0 : 1 / (1 - o.dropout);
          h[k] *= mask[k];
        }
        softmax(outputLayer(net, h, logits));
        const scale = 1 / batch.length;
        dh.fill(0);
        for (let c = 0; c < classes; c++) {
          const d = (logits[c] - (c === ys[i] ? on : off)) * scale;
          gb2[c] += d;
          const row = c * H;
          for (let k = 0; k < H; k++) {
            gw2[row + k] += d * h[k];
            dh[k] += d * net.w2[row + k];
          }
        }
        for (let k = 0; k < H; k++) if (h[k] <= 0) dh[k] = 0;
        for (let k = 0; k < H; k++) {
          dh[k] *= mask[k];
          gb1[k] += dh[k];
        }
        for (let n = 0; n < x.index.length; n++) {
          const j = x.index[n];
          if (!rowSeen[j]) {
            rowSeen[j] = 1;
            touched.push(j);
          }
          const xv = x.value[n];
          const row = j * H;
          for (let k = 0; k < H; k++) gw1[row + k] += xv * dh[k];
        }
      }
      step++;
      const lr = o.learningRate * (1 - (step - 1) / totalSteps);
      const correction1 = 1 - BETA1 ** step;
      const correction2 = 1 - BETA2 ** step;
      const update = (p: number, from: number, to: number) => {
        const w = params[p],
          g = grads[p],
          mp = m[p],
          vp = v[p];
        for (let q = from; q < to; q++) {
          mp[q] = BETA1 * mp[q] + (1 - BETA1) * g[q];
          vp[q] = BETA2 * vp[q] + (1 - BETA2) * g[q] * g[q];
          w[q] -= (lr * (mp[q] / correction1)) / (Math.sqrt(vp[q] / correction2) + EPSILON);
          g[q] = 0;
        }
      };
      touched.sort((a, b) => a - b);
      for (const j of touched) {
        update(0, j * H, (j + 1) * H);
        rowSeen[j] = 0;
      }
      touched.length = 0;
      update(1, 0, H);
      update(2, 0, classes * H);
      update(3, 0, classes);
    }
  }
  return net;
}
