/** Fuzzy matching of merchant names the way customers write them. */

const STOPWORDS = new Set([
  "the",
  "a",
  "an",
  "and",
  "co",
  "of",
  "at",
  "in",
  "on",
  "for",
  "to",
  "from",
  "my",
  "me",
  "i",
  "it",
  "is",
  "was",
  "this",
  "that",
  "place",
  "shop",
  "store",
  "ltd",
  "inc",
  "gmbh",
  "sa",
  "llc",
]);

/** Lowercase words, punctuation and accents removed ("Żabce" -> "zabce", "Łódź" -> "lodz"). */
export function merchantTokens(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/ł/g, "l")
    .replace(/['’]s\b/g, "")
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 0);
}

/** Everyday words that are part of some shops' names but name no shop alone ("a machine in a city I have never been to"). */
const COMMON_NAME_WORDS = new Set([
  "city",
  "corner",
  "green",
  "bar",
  "central",
  "centre",
  "center",
  "world",
  "house",
  "home",
  "express",
  "plus",
  "direct",
  "online",
  "market",
]);

function significant(tokens: string[]): string[] {
  const kept = tokens.filter((t) => !STOPWORDS.has(t));
  return kept.length > 0 ? kept : tokens;
}

/** Levenshtein distance, stopping early once it exceeds `max`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      best = Math.min(best, row[j]);
    }
    if (best > max) return max + 1;
    prev = row;
  }
  return prev[b.length];
}

/**
 * Endings a Polish name takes in a sentence, written without diacritics: "Empik" is "Empiku",
 * "Biedronka" is "Biedronce", "Media Expert" is "Media Expercie", "Orlen" is "Orlenie".
 */
const POLISH_ENDINGS = new Set([
  "",
  "a",
  "e",
  "i",
  "o",
  "u",
  "y",
  "ie",
  "ce",
  "ka",
  "ki",
  "ku",
  "ke",
  "cie",
  "t",
  "em",
  "iem",
  "om",
  "ow",
  "ach",
  "ami",
  "owi",
  "ze",
  "rze",
  "r",
  "g",
  "dze",
]);

/** The same name in another grammatical case: a shared stem of at least four letters, and both tails Polish endings. */
function inflected(a: string, b: string): boolean {
  let stem = 0;
  while (stem < a.length && stem < b.length && a[stem] === b[stem]) stem++;
  return stem >= 4 && stem >= Math.max(a.length, b.length) - 4 && POLISH_ENDINGS.has(a.slice(stem)) && POLISH_ENDINGS.has(b.slice(stem));
}

/** 1 for the same word or the same name in another case, less for a likely typo or plural, 0 otherwise. */
function tokenSimilarity(a: string, b: string): number {
  if (a === b || inflected(a, b)) return 1;
  const longer = Math.max(a.length, b.length);
  if (Math.min(a.length, b.length) < 3 || longer < 4) return 0;
  const d = editDistance(a, b, 2);
  if (d === 1) return 0.8;
  return d === 2 && longer >= 7 ? 0.6 : 0;
}

/**
 * How well `text` names `merchant`, 0..1: the share of the merchant's words found in the text
 * (typos tolerated), or a near match of the merchant written as one word ("electromart").
 * Zero unless at least one word matches exactly.
 */
export function merchantScore(text: string, merchant: string): number {
  const said = merchantTokens(text.replace(BOOK_AS_VERB, " "));
  const words = significant(merchantTokens(merchant));
  if (said.length === 0 || words.length === 0) return 0;
  let total = 0;
  let exact = false;
  for (const w of words) {
    const best = Math.max(...said.map((t) => tokenSimilarity(t, w)));
    if (best === 1 && !COMMON_NAME_WORDS.has(w)) exact = true;
    total += best;
  }
  const compact = words.join("");
  if (words.length > 1 && compact.length >= 6) {
    const joined = said.flatMap((t, i) => [t, i + 1 < said.length ? t + said[i + 1] : ""]).filter(Boolean);
    const dist = Math.min(...joined.map((t) => editDistance(t, compact, 1)));
    if (dist <= 1) return dist === 0 ? 1 : 0.9;
  }
  return exact ? total / words.length : 0;
}

export const MERCHANT_THRESHOLD = 0.5;

/** "when will it book", "tried to book a room": the verb, never a shop's word. */
const BOOK_AS_VERB = /\b(?:will|would|it|to|gets?|be|did|does|has|have|should|they)\s+book\b/gi;

/** The best-matching merchant names (ties kept), or [] when none reaches the threshold. */
export function bestMerchants(text: string, merchants: string[]): string[] {
  const unique = [...new Set(merchants)];
  const scored = unique.map((m) => ({ m, s: merchantScore(text, m) })).filter((x) => x.s >= MERCHANT_THRESHOLD);
  if (scored.length === 0) return byDistinctWord(text, unique);
  const top = Math.max(0, ...scored.map((x) => x.s));
  return scored.filter((x) => x.s === top).map((x) => x.m);
}

/** Words offering shops as alternatives, or unsure which. */
const EITHER =
  /\b(?:or|either|maybe|not\s+sure|perhaps|one\s+of\s+(?:them|these|those|the\s+two)|which)\b|(?<!\p{L})(?:lub|albo|czy|chyba|mo[zż]e|jedn\p{L}*\s+z\s+nich|kt[oó]r\p{L}*)(?!\p{L})/iu;

/**
 * Of several shops a message names equally ("electro mart 1249 and city parking 38"), the one it
 * names first, and where the next one starts: a claim is about the first, with what is said before the next.
 */
export function firstNamed(text: string, named: string[]): { merchant: string; nextAt: number } | undefined {
  const at = inOrderNamed(text, named);
  if (!at) return undefined;
  return { merchant: at[0]!.merchant, nextAt: at[1]!.at };
}

/**
 * The second of the shops of `merchants` a message names ("gadget hub 89 and the pharmacy one,
 * apteka 34.20"), where it starts and where the next one does: any shop the message names by a
 * word of its own, however fully, in the order named.
 */
export function secondNamed(text: string, merchants: string[]): { merchant: string; at: number; nextAt: number } | undefined {
  const scored = [...new Set(merchants)]
    .map((m) => ({ m, s: merchantScore(text, m), words: significant(merchantTokens(m)) }))
    .filter((x) => x.s >= MERCHANT_THRESHOLD)
    .sort((a, b) => b.s - a.s);
  // Two shops sharing a word ("Coffee Corner", "Corner Shop") are one name said, not two.
  const taken: typeof scored = [];
  for (const x of scored) if (!taken.some((t) => t.words.some((w) => x.words.includes(w)))) taken.push(x);
  const at = inOrderNamed(
    text,
    taken.map((x) => x.m),
  );
  if (!at || at[1]!.at >= (at[2]?.at ?? text.length)) return undefined;
  return { merchant: at[1]!.merchant, at: at[1]!.at, nextAt: at[2]?.at ?? text.length };
}

/** The shops of `named` in the order the text names them, when it names two or more one after another and offers none as an alternative. */
function inOrderNamed(text: string, named: string[]): { merchant: string; at: number }[] | undefined {
  const lower = text.toLowerCase();
  const at = named
    .map((merchant) => ({
      merchant,
      at: Math.min(
        ...significant(merchantTokens(merchant))
          .map((w) => lower.indexOf(w))
          .filter((i) => i >= 0),
      ),
    }))
    .filter((x) => Number.isFinite(x.at))
    .sort((a, b) => a.at - b.at);
  if (at.length < 2 || at[0]!.at >= at[1]!.at) return undefined;
  // "maybe at the fuel station or the gadget shop?? not sure": one or the other is no claim about the first.
  if (EITHER.test(text)) return undefined;
  return at;
}

/** A word this long written in full names a shop whose name has it ("the tapas" for Bar Tapas Sol)... */
const DISTINCT_WORD = 5;

/** ...when no other of the shops has it. */
function byDistinctWord(text: string, merchants: string[]): string[] {
  const said = new Set(merchantTokens(text.replace(BOOK_AS_VERB, " ")));
  const having = merchants.filter((m) => significant(merchantTokens(m)).some((w) => w.length >= DISTINCT_WORD && said.has(w)));
  return having.length === 1 ? having : [];
}

/**
 * The one of a few offered merchants the text names by any of its words ("the tapas one" for
 * "Bar Tapas Sol"): a looser match than a free search, for an answer to "which of these?".
 */
export function pickOffered(text: string, offered: string[]): string | undefined {
  const unique = [...new Set(offered)];
  const scored = unique.filter((m) => merchantScore(text, m) > 0);
  return scored.length === 1 ? scored[0] : matchMerchant(text, unique);
}

/** The one merchant of the list the text names, or undefined when none or several match equally. */
export function matchMerchant(text: string, merchants: string[]): string | undefined {
  const best = bestMerchants(text, merchants);
  return best.length === 1 ? best[0] : undefined;
}

/**
 * The kinds of shop customers name instead of the shop ("the pharmacy one", "ta z apteki"), in
 * English and Polish, each with the merchant category codes (ISO 18245) card networks give them.
 */
const KINDS: { codes: string[]; words: string }[] = [
  { codes: ["5912"], words: String.raw`pharmacy|pharmacies|chemist'?s?|drugstore|aptek\p{L}*|apte(?:ce|czn\p{L}*)` },
  { codes: ["7832"], words: String.raw`cinema|movies?|film|kin(?:o|a|ie|em)|kinow\p{L}*` },
  { codes: ["5942"], words: String.raw`books?|bookshop|bookstore|book\s+(?:store|shop)|ksi[eę]garni\p{L}*|ksi[aą][zż]\p{L}*` },
  {
    codes: ["5541", "5542"],
    words: String.raw`fuel|petrol|gas\s+station|filling\s+station|diesel|paliw\p{L}*|stacj\p{L}*\s+benzynow\p{L}*|tankowani\p{L}*|benzyn\p{L}*`,
  },
  {
    codes: ["5732"],
    words: String.raw`electronics?|electrical|gadgets?|laptops?|computers?|tv|elektroni\p{L}*|rtv|laptop\p{L}*|komputer\p{L}*|telewizor\p{L}*`,
  },
  {
    codes: ["5411"],
    words: String.raw`grocer(?:y|ies|'?s)?|supermarket|food\s+shop|spo[zż]ywcz\p{L}*|sklep\p{L}*\s+spo[zż]ywcz\p{L}*|zakup\p{L}*\s+spo[zż]ywcz\p{L}*|supermarke\p{L}*|market\p{L}*`,
  },
  { codes: ["5814", "5812", "5813"], words: String.raw`coffee|caf[eé]|restaurant|bar|pub|kawiarni\p{L}*|kaw[aąęy]|restauracj\p{L}*|knajp\p{L}*` },
  { codes: ["4111", "4112", "4131"], words: String.raw`train|rail(?:way)?|metro|subway|bus|tram|poci[aą]g\p{L}*|kolej\p{L}*|tramwaj\p{L}*|autobus\p{L}*` },
  { codes: ["7523"], words: String.raw`parking|car\s+park|parkin\p{L}*|parkowani\p{L}*` },
  { codes: ["5462"], words: String.raw`bakery|baker'?s|piekarni\p{L}*` },
];

/**
 * A payment pointed at by what it was for: "the pharmacy one", "that book store one", "ta z
 * apteki", never a kind of shop merely mentioned ("charged twice at the bookshop" names no
 * payment: it is offered for confirmation like any claim that names none).
 */
const kindReference = (words: string) =>
  new RegExp(
    String.raw`(?<!\p{L})(?:(?:the|that|this)\s+(?:(?:\p{L}+\s+){0,2})(?:${words})(?:\s+(?:station|shop|store|place))?\s+(?:one|payment|charge|transaction|purchase|thing|money|refund|claim|request|dispute|ticket|order)|same\s+(?:for|with)\s+(?:the\s+)?(?:${words})|(?:the|that)\s+(?:${words})\s+(?:too|as\s+well)\b|the\s+one\s+(?:at|from|in|for)\s+(?:the\s+|a\s+|that\s+)?(?:${words})|(?:the|that)\s+(?:${words})\s+(?:in|from|at)\s+\p{L}{3,}|(?:it\s+was|it'?s|i\s+meant?)\s+(?:the|that|at\s+the)\s+(?:${words})|(?:that|this)\s+(?:was|is)\s+(?:a|the|at\s+the|at\s+a)\s+(?:${words})|(?:t[aąeę]|to|tej|ten|tego|tamt\p{L}*)\s+(?:p[lł]atno[sś][cć]\s+|transakcj\p{L}*\s+)?(?:z|za|w|we|ze|od)\s+(?:${words})|(?:z|ze)\s+(?:t[aąeę]|tym|tamt\p{L}*)\s+(?:${words})|chodzi\p{L}*\s+(?:mi\s+)?o\s+(?:t[eę]\s+z\s+|ten\s+)?(?:${words})|(?:^|[,.]\s*)(?:a\s+)?(?:t[aąeę]|tamt[aąeę])\s+(?:${words})|^\W*(?:(?:and|what\s+about|how\s+about)\s+)?(?:the\s+)?(?:${words})\W*$)(?!\p{L})`,
    "iu",
  );
const KIND_REFERENCES = KINDS.map(({ codes, words }) => ({ codes, pattern: kindReference(words) }));

/**
 * The one merchant whose kind the text points at ("the pharmacy one" for Apteka Zdrowie), when only
 * one of `payments` is of that kind; undefined when the text points at no kind, or several shops are
 * of it.
 */
export function merchantOfKind(text: string, payments: { merchant: string; mcc?: string; country?: string }[]): string | undefined {
  const named = KIND_REFERENCES.filter((kind) => kind.pattern.test(text)).flatMap((kind) => kind.codes);
  if (named.length === 0) return undefined;
  const ofKind = payments.filter((p) => p.mcc !== undefined && named.includes(p.mcc));
  // "that restaurant payment in Spain": of several shops of the kind, the one of the country named.
  const countries = COUNTRY_MENTIONS.filter(({ pattern }) => pattern.test(text)).map(({ code }) => code);
  return onlyMerchant(ofKind) ?? (countries.length === 1 ? onlyMerchant(ofKind.filter((p) => p.country === countries[0])) : undefined);
}

/** Whether a word names a kind of shop ("chemist", "bakery"), not a shop. */
export function isKindOfShop(word: string): boolean {
  return KIND_WORDS.test(word.trim());
}

/** Any kind of shop's word, alone. */
const KIND_WORDS = new RegExp(String.raw`^(?:${KINDS.map(({ words }) => words).join("|")})$`, "iu");

/** The merchant of `payments` when they all have one, else undefined. */
function onlyMerchant(payments: { merchant: string }[]): string | undefined {
  const merchants = new Set(payments.map((p) => p.merchant));
  return merchants.size === 1 ? [...merchants][0] : undefined;
}

/** Countries customers point at a payment by, as an English noun or adjective and a Polish form. */
const COUNTRIES: { code: string; words: string }[] = [
  { code: "ES", words: String.raw`spain|spanish|hiszpani\p{L}*` },
  { code: "DE", words: String.raw`germany|german|niemiec|niemczech|niemieck\p{L}*` },
  { code: "PL", words: String.raw`poland|polish|polsk\p{L}*|polsce` },
  { code: "FR", words: String.raw`france|french|francj\p{L}*|francusk\p{L}*` },
  { code: "IT", words: String.raw`italy|italian|w[lł]och\p{L}*|w[lł]osk\p{L}*` },
  { code: "AT", words: String.raw`austria|austrian|austri\p{L}*` },
  { code: "CZ", words: String.raw`czechia|czech|czech\p{L}*` },
  { code: "NL", words: String.raw`netherlands|holland|dutch|holandi\p{L}*` },
  { code: "GB", words: String.raw`uk|britain|british|england|english|angli\p{L}*|brytyj\p{L}*` },
];

/** "the one from spain", "the spanish one", "ta z hiszpanii": a payment pointed at by its country, never a country merely mentioned. */
const countryReference = (words: string) =>
  new RegExp(
    String.raw`(?<!\p{L})(?:(?:the|that)\s+(?:one|payment|charge|transaction)\s+(?:from|in|made\s+in)\s+(?:${words})|(?:the|that)\s+(?:${words})\s+(?:one|payment|charge|transaction)|(?:t[aąeę]|to|tamt\p{L}*)\s+(?:p[lł]atno[sś][cć]\s+|transakcj\p{L}*\s+)?(?:z|w|we)\s+(?:${words}))(?!\p{L})`,
    "iu",
  );
const COUNTRY_REFERENCES = COUNTRIES.map(({ code, words }) => ({ code, pattern: countryReference(words) }));
/** A country merely said ("in Spain", "z Niemiec"): enough beside a kind of shop to tell its payments apart. */
const COUNTRY_MENTIONS = COUNTRIES.map(({ code, words }) => ({
  code,
  pattern: new RegExp(String.raw`(?<!\p{L})(?:in|from|z|w|we)\s+(?:${words})(?!\p{L})`, "iu"),
}));

/** The one merchant of the one country the text points at a payment by, when only one of `payments` was made there. */
export function merchantOfCountry(text: string, payments: { merchant: string; country: string }[]): string | undefined {
  const codes = COUNTRY_REFERENCES.filter(({ pattern }) => pattern.test(text)).map(({ code }) => code);
  return codes.length === 1 ? onlyMerchant(payments.filter((p) => p.country === codes[0])) : undefined;
}
