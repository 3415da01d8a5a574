/** Dates written in free text, resolved against today's date (UTC calendar days). */

export type DateMention = { date: string; start: number; end: number };

const DAY_MS = 86_400_000;
const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fourteen: 14,
  "a couple of": 2,
  couple: 2,
};
const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const MONTH = String.raw`(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const ORD = String.raw`(?:st|nd|rd|th)?`;
const COUNT = String.raw`(\d{1,3}|a couple of|couple|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen)`;

/** Polish months by their stems, in every case ("marca", "marzec", "gru"), January first. */
const MIESIACE = ["sty", "lut", "mar", "kwi", "maj", "cze", "lip", "sierp", "wrz", "pa[zź]", "lis", "gru"];
const MIESIAC = String.raw`(${MIESIACE.join("|")})\p{L}*\.?`;
/** Polish weekdays in the forms that follow "w"/"we"/"w zeszły" ("w środę", "we wtorek"), Sunday first. */
const DNI_TYGODNIA = ["niedziel", "poniedzia", "wtor|wtork", "[sś]rod", "czwart", "pi[aą]t", "sobot"];
/** Counts of days and weeks; "kilka dni temu" (a few days ago) names no day, as "a few days ago" does not. */
const POLISH_COUNTS: Record<string, number> = {
  jeden: 1,
  dwa: 2,
  dwoma: 2,
  trzy: 3,
  cztery: 4,
  pięć: 5,
  piec: 5,
  sześć: 6,
  szesc: 6,
  siedem: 7,
  osiem: 8,
  dziewięć: 9,
  dziewiec: 9,
  dziesięć: 10,
  dziesiec: 10,
};

type Rule = { pattern: RegExp; resolve: (m: RegExpMatchArray, today: Date) => Date | undefined };

const RULES: Rule[] = [
  { pattern: /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/i, resolve: (m) => ymd(+m[1], +m[2], +m[3]) },
  { pattern: /\b(\d{1,2})[/.](\d{1,2})[/.](\d{4}|\d{2})\b/i, resolve: (m) => ymd(fullYear(m[3]), +m[2], +m[1]) },
  { pattern: /(?<![\d.,])\b(\d{1,2})\/(\d{1,2})\b(?![/\d])/i, resolve: (m, t) => latestOnOrBefore(t, +m[2], +m[1]) },
  {
    pattern: new RegExp(String.raw`\b(\d{1,2})${ORD}\s+(?:of\s+)?${MONTH}(?:,?\s+(\d{4}))?\b`, "i"),
    resolve: (m, t) => withMonth(t, m[2], +m[1], m[3]),
  },
  {
    pattern: new RegExp(String.raw`\b${MONTH}\s+(?:the\s+)?(\d{1,2})${ORD}\b(?:,?\s+(\d{4}))?`, "i"),
    resolve: (m, t) => withMonth(t, m[1], +m[2], m[3]),
  },
  {
    pattern: /\b(?:on\s+)?the\s+(\d{1,2})(?:st|nd|rd|th)\b|\bon\s+the\s+(\d{1,2})\b(?!\s*[.,]\d)|\b(\d{1,2})(?:st|nd|rd|th)\b/i,
    resolve: (m, t) => latestDayOfMonth(t, +(m[1] ?? m[2] ?? m[3])),
  },
  {
    // "almost two weeks ago" is a guess: no day. A guess in days is a day, the search allows one either side.
    pattern: new RegExp(
      String.raw`\b(?:(almost|about|around|roughly|nearly|over|more\s+than|some|like|maybe)\s+)?${COUNT}\s+(days?|weeks?|wks?)\s+(?:ago|back)\b`,
      "i",
    ),
    resolve: (m, t) => {
      const weeks = /^w/i.test(m[3]);
      if (m[1] && weeks) return undefined;
      const n = NUMBER_WORDS[m[2].toLowerCase()] ?? Number(m[2]);
      return addDays(t, -n * (weeks ? 7 : 1));
    },
  },
  {
    pattern: new RegExp(String.raw`(?<!\p{L})(\d{1,2})\s+${MIESIAC}(?:\s+(\d{4}))?(?!\p{L})`, "iu"),
    resolve: (m, t) => {
      const month = MIESIACE.findIndex((stem) => new RegExp(`^${stem}`, "iu").test(m[2]!)) + 1;
      return m[3] ? ymd(Number(m[3]), month, +m[1]!) : latestOnOrBefore(t, month, +m[1]!);
    },
  },
  {
    pattern:
      /(?<!\p{L})(?:sprzed\s+(\d{1,2}|jeden|dwa|dwoma|trzy|cztery|pięć|piec|sześć|szesc|siedem|osiem|dziewięć|dziewiec|dziesięć|dziesiec)\s+(dni|tygodni)(?!\p{L})|(\d{1,2}|jeden|dwa|dwoma|trzy|cztery|pięć|piec|sześć|szesc|siedem|osiem|dziewięć|dziewiec|dziesięć|dziesiec)\s+(dni|dzie[nń]|tygodni\p{L}*|tydzie[nń])\s+temu(?!\p{L}))/iu,
    resolve: (m, t) => {
      const [count, unit] = m[1] ? [m[1], m[2]!] : [m[3]!, m[4]!];
      const n = POLISH_COUNTS[count.toLowerCase()] ?? Number(count);
      return addDays(t, -n * (/^ty/i.test(unit) ? 7 : 1));
    },
  },
  { pattern: /(?<!\p{L})tydzie[nń]\s+temu(?!\p{L})/iu, resolve: (_m, t) => addDays(t, -7) },
  { pattern: /(?<!\p{L})przedwczoraj(?!\p{L})/iu, resolve: (_m, t) => addDays(t, -2) },
  { pattern: /(?<!\p{L})wczoraj(?!\p{L})|(?<!\p{L})wczorajsz\p{L}*/iu, resolve: (_m, t) => addDays(t, -1) },
  { pattern: /(?<!\p{L})(?:dzisiaj|dzi[sś]|dzisiejsz\p{L}*|dzi[sś]\s+rano)(?!\p{L})/iu, resolve: (_m, t) => t },
  {
    pattern: new RegExp(String.raw`(?<!\p{L})(?:w|we|w\s+zesz\p{L}+|w\s+ostatni\p{L}*)\s+(${DNI_TYGODNIA.join("|")})\p{L}*`, "iu"),
    resolve: (m, t) =>
      previousWeekday(
        t,
        DNI_TYGODNIA.findIndex((stem) => new RegExp(`^(?:${stem})`, "iu").test(m[1]!)),
      ),
  },
  { pattern: /\b(?:the\s+)?day\s+before\s+yesterday\b/i, resolve: (_m, t) => addDays(t, -2) },
  { pattern: /\byesterday\b|\blast\s+night\b/i, resolve: (_m, t) => addDays(t, -1) },
  // A day named wins over "this evening", which says more often when the customer looked than when they paid.
  {
    pattern: /(?<!\bnext\s+)\b(sunday|monday|tuesday|wednesday|thursday|friday|saturday)\b/i,
    resolve: (m, t) => previousWeekday(t, WEEKDAYS.indexOf(m[1].toLowerCase())),
  },
  { pattern: /\btoday\b|\bthis\s+(?:morning|afternoon|evening)\b|\btonight\b/i, resolve: (_m, t) => t },
];

/** The first date mention by rule priority (explicit dates before relative ones), or undefined. */
export function findDate(text: string, today: string): DateMention | undefined {
  const base = parseIsoDay(today);
  if (!base) return undefined;
  for (const rule of RULES) {
    const m = text.match(rule.pattern);
    if (!m) continue;
    const date = rule.resolve(m, base);
    if (date) return { date: formatDay(date), start: m.index ?? 0, end: (m.index ?? 0) + m[0].length };
  }
  return undefined;
}

/** YYYY-MM-DD the text refers to ("yesterday", "last Tuesday", "on the 12th", "12 March", "3 days ago"). */
export function parseDate(text: string, today: string): string | undefined {
  return findDate(text, today)?.date;
}

/** A YYYY-MM-DD string as a UTC midnight date, or undefined when it is not a real calendar day. */
export function parseIsoDay(day: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? ymd(+m[1], +m[2], +m[3]) : undefined;
}

export function formatDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function ymd(year: number, month: number, day: number): Date | undefined {
  const d = new Date(Date.UTC(year, month - 1, day));
  const valid = d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
  return valid ? d : undefined;
}

function fullYear(y: string): number {
  return y.length === 2 ? 2000 + Number(y) : Number(y);
}

function addDays(d: Date, n: number): Date {
  return new Date(d.getTime() + n * DAY_MS);
}

function withMonth(today: Date, monthName: string, day: number, year?: string): Date | undefined {
  const month = MONTHS.indexOf(monthName.slice(0, 3).toLowerCase()) + 1;
  return year ? ymd(Number(year), month, day) : latestOnOrBefore(today, month, day);
}

/** The most recent `month`/`day` not after today. */
function latestOnOrBefore(today: Date, month: number, day: number): Date | undefined {
  const year = today.getUTCFullYear();
  const thisYear = ymd(year, month, day);
  if (thisYear && thisYear <= today) return thisYear;
  return ymd(year - 1, month, day);
}

/** The most recent day-of-month `day` not after today. */
function latestDayOfMonth(today: Date, day: number): Date | undefined {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth() + 1;
  if (day <= today.getUTCDate()) return ymd(y, m, day);
  return m === 1 ? ymd(y - 1, 12, day) : ymd(y, m - 1, day);
}

/** The latest `weekday` strictly before today. */
function previousWeekday(today: Date, weekday: number): Date {
  const back = (today.getUTCDay() - weekday + 7) % 7 || 7;
  return addDays(today, -back);
}
