/**
 * The sparse features the intent model reads: word unigrams and bigrams, and character
 * 2-5-grams inside each word (so a misspelt word still shares most of its grams).
 */

/**
 * A message in lower case without diacritics ("Płatność" -> "platnosc"): customers type Polish
 * with and without them, and both spellings must be the same word.
 */
export function foldText(text: string): string {
  return text.toLowerCase().normalize("NFKD").replace(/\p{M}/gu, "").replace(/ł/g, "l");
}

/** Lowercased words of a message: letters and digits, diacritics and apostrophes dropped ("don't" -> "dont", "zapłaciłam" -> "zaplacilam"). */
export function words(text: string): string[] {
  return foldText(text)
    .replace(/[’'`]/g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Shortest and longest character gram taken inside a word padded with "<" and ">". */
const CHAR_MIN = 2;
const CHAR_MAX = 5;

/** Word features ("w:card", "b:my_card") then character features ("c:<ca"), each once per occurrence. */
export function featureKeys(text: string): { word: string[]; char: string[] } {
  const ws = words(text);
  const word = ws.map((w) => `w:${w}`);
  for (let i = 0; i + 1 < ws.length; i++) word.push(`b:${ws[i]}_${ws[i + 1]}`);
  const char: string[] = [];
  for (const w of ws) {
    const padded = `<${w}>`;
    for (let n = CHAR_MIN; n <= CHAR_MAX; n++) {
      for (let i = 0; i + n <= padded.length; i++) char.push(`c:${padded.slice(i, i + n)}`);
    }
  }
  return { word, char };
}

/** A sparse vector: feature indices and their values. */
export type SparseVector = { index: Int32Array; value: Float32Array };

/** Feature name -> column, and each column's inverse document frequency. */
export type Vocabulary = { index: Map<string, number>; idf: Float32Array };

/**
 * Sublinear TF-IDF of the known features, word and character groups each scaled to unit
 * length, so a long message is not louder than a short one.
 */
export function vectorize(vocabulary: Vocabulary, text: string): SparseVector {
  const { word, char } = featureKeys(text);
  const index: number[] = [];
  const value: number[] = [];
  for (const group of [word, char]) {
    const counts = new Map<number, number>();
    for (const key of group) {
      const j = vocabulary.index.get(key);
      if (j !== undefined) counts.set(j, (counts.get(j) ?? 0) + 1);
    }
    const start = value.length;
    let squares = 0;
    for (const [j, n] of counts) {
      const v = (1 + Math.log(n)) * vocabulary.idf[j];
      index.push(j);
      value.push(v);
      squares += v * v;
    }
    const norm = Math.sqrt(squares) || 1;
    for (let n = start; n < value.length; n++) value[n] /= norm;
  }
  return { index: Int32Array.from(index), value: Float32Array.from(value) };
}

/**
 * The vocabulary of `texts`: every feature seen in at least `minCount` messages, in order of
 * first appearance, with smoothed IDF log((1 + n) / (1 + df)) + 1.
 */
export function buildVocabulary(texts: string[], minCount = 2): Vocabulary {
  const df = new Map<string, number>();
  for (const text of texts) {
    const { word, char } = featureKeys(text);
    for (const key of new Set([...word, ...char])) df.set(key, (df.get(key) ?? 0) + 1);
  }
  const kept = [...df].filter(([, n]) => n >= minCount);
  const index = new Map(kept.map(([key], j) => [key, j]));
  const idf = Float32Array.from(kept, ([, n]) => Math.log((1 + texts.length) / (1 + n)) + 1);
  return { index, idf };
}
