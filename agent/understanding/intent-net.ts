/** A one-hidden-layer network over sparse features: ReLU hidden units, softmax over the classes. */
import type { SparseVector } from "./intent-features";

export type Net = {
  inputs: number;
  hidden: number;
  classes: number;
  /** Input weights, row j (hidden values) for feature j; int8 in a shipped model, each row times its `w1Scale`. */
  w1: Float32Array | Int8Array;
  w1Scale?: Float32Array;
  b1: Float32Array;
  /** Output weights, row c (hidden values) for class c. */
  w2: Float32Array;
  b2: Float32Array;
};

/** Hidden activations (after ReLU) for one input, into `out`. */
export function hiddenLayer(net: Net, x: SparseVector, out: Float32Array): Float32Array {
  const H = net.hidden;
  const { w1, w1Scale } = net;
  out.set(net.b1);
  for (let n = 0; n < x.index.length; n++) {
    const j = x.index[n];
    const v = w1Scale ? x.value[n] * w1Scale[j] : x.value[n];
    const row = j * H;
    for (let k = 0; k < H; k++) out[k] += v * w1[row + k];
  }
  for (let k = 0; k < H; k++) if (out[k] < 0) out[k] = 0;
  return out;
}

/** Class logits from hidden activations, into `out`. */
export function outputLayer(net: Net, h: Float32Array, out: Float64Array): Float64Array {
  const H = net.hidden;
  for (let c = 0; c < net.classes; c++) {
    let s = net.b2[c];
    const row = c * H;
    for (let k = 0; k < H; k++) s += net.w2[row + k] * h[k];
    out[c] = s;
  }
  return out;
}

/** Softmax of `logits / temperature` in place. */
export function softmax(logits: Float64Array, temperature = 1): Float64Array {
  let max = -Infinity;
  for (const l of logits) if (l > max) max = l;
  let sum = 0;
  for (let c = 0; c < logits.length; c++) sum += logits[c] = Math.exp((logits[c] - max) / temperature);
  for (let c = 0; c < logits.length; c++) logits[c] /= sum;
  return logits;
}

/** Class logits of one input. */
export function netLogits(net: Net, x: SparseVector): Float64Array {
  return outputLayer(net, hiddenLayer(net, x, new Float32Array(net.hidden)), new Float64Array(net.classes));
}
