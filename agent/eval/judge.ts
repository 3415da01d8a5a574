/** Whether a turn came to what the conversation set expects, and the pass rates over many turns. */
import { franc } from "franc-min";
import type { Expectation, Language } from "./dataset";
import { outcomeOf, type Outcome, type OutcomeState } from "./outcome";

/** One intent of a turn as the state shows it. */
export type ObservedPart = { intent: string | null; category: string | null; outcome: Outcome | null };

/** What a turn came to, read from the state it left. */
export type Observed = ObservedPart & {
  /** False when the thread's state is not this turn's (the turn ran no graph, or ran it for an older message). */
  fresh: boolean;
  transaction: string | null;
  also: ObservedPart | null;
  /** The transactions the turn opened cases about. */
  opened?: string[];
  /** The language the reply is written in, when it can be told. */
  language?: Language | null;
};

const FRANC_CODES: Record<string, Language> = { eng: "en", pol: "pl" };

/** The language a reply is written in, English or Polish, or null when the text is too short to tell. */
export function languageOf(reply: string): Language | null {
  return FRANC_CODES[franc(reply, { only: Object.keys(FRANC_CODES), minLength: 12 })] ?? null;
}

/** Text as compared for `mentions`: lower case, without diacritics. */
const folded = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").replace(/ł/g, "l").toLowerCase();

/** The outcomes that open a case; a turn expecting one without naming the transaction may open any. */
const OPENING = new Set(["refunded", "review"]);

/**
 * Reads a turn's intent, category, transaction and outcome from the state it left. The
 * category is the cited knowledge entry's when there is one, else the understanding's.
 */
export function observe(state: OutcomeState, fresh: boolean): Observed {
  const also = state.understanding?.also;
  return {
    fresh,
    intent: state.intent ?? null,
    category: (state.intent === "knowledge" ? state.knowledge?.[0]?.category : undefined) ?? state.understanding?.category ?? null,
    transaction: state.case?.transactionId ?? (state.clarification?.kind === "about_payment" ? state.focus?.transactionId : undefined) ?? null,
    outcome: outcomeOf(state),
    also: also?.intent
      ? {
          intent: also.intent,
          category: (also.intent === "knowledge" ? state.knowledge?.at(-1)?.category : undefined) ?? also.category ?? null,
          outcome: outcomeOf(state, also.intent),
        }
      : null,
  };
}

type ExpectedPart = { intent: string; category?: string; outcome: Outcome };

function partMismatches(label: string, want: ExpectedPart, got: ObservedPart | null): string[] {
  const out: string[] = [];
  if (want.intent !== got?.intent) out.push(`${label}intent ${want.intent} != ${got?.intent ?? "none"}`);
  // The category is the help article cited: it is judged where an article answers.
  if (want.category !== undefined && want.intent === "knowledge" && want.category !== got?.category)
    out.push(`${label}category ${want.category} != ${got?.category ?? "none"}`);
  if (want.outcome !== got?.outcome) out.push(`${label}outcome ${want.outcome} != ${got?.outcome ?? "none"}`);
  return out;
}

/**
 * What differs between the expectation and the turn, empty when the turn passes: its intent,
 * category, transaction and outcome; any case it opened about another payment; and, where the
 * set asks, the words and the language of its reply. A turn asking two things passes with
 * them handled in either order.
 */
export function judge(want: Expectation, got: Observed, reply = ""): string[] {
  if (!got.fresh) return ["the thread's state is not this turn's (no graph run answered it)"];
  const extra: string[] = [];
  const accepted = want.transaction === undefined ? [] : [want.transaction].flat();
  if (accepted.length > 0 && !accepted.includes(got.transaction ?? "")) {
    extra.push(`transaction ${accepted.join(" or ")} != ${got.transaction ?? "none"}`);
  }
  const mayOpenAny = accepted.length === 0 && [want.outcome, want.also?.outcome].some((o) => o && OPENING.has(o));
  // A second claim expected to open a case ("...and City Parking 38, please dispute both") may open one more.
  const secondOpens = want.intent === "refund" && want.also?.intent === "refund" && OPENING.has(want.also.outcome) ? 1 : 0;
  const wrongCases = mayOpenAny ? [] : (got.opened ?? []).filter((id) => !accepted.includes(id)).slice(secondOpens);
  if (wrongCases.length > 0) extra.push(`opened a case about ${wrongCases.join(", ")}`);
  const missing = (want.mentions ?? []).filter((word) => !folded(reply).includes(folded(word)));
  if (missing.length > 0) extra.push(`reply does not mention ${missing.map((m) => JSON.stringify(m)).join(", ")}`);
  if (want.language && got.language !== want.language) extra.push(`reply language ${want.language} != ${got.language ?? "unknown"}`);
  if (!want.also) return [...partMismatches("", want, got), ...extra];
  const inOrder = [...partMismatches("", want, got), ...partMismatches("also ", want.also, got.also)];
  const swapped = [...partMismatches("", want.also, got), ...partMismatches("also ", want, got.also)];
  return [...(swapped.length < inOrder.length ? swapped : inOrder), ...extra];
}

/** One judged turn. */
export type TurnVerdict = {
  conversation: string;
  /** The held-out set's group and the language the reply should be in, for the turns that have them. */
  group?: string;
  language?: Language;
  /** 1-based position among the conversation's customer turns. */
  turn: number;
  text: string;
  expect: Expectation;
  got: Observed;
  reply: string;
  mismatches: string[];
};

export type Tally = { passed: number; total: number };

/** Pass counts overall, by expected intent, by expected category, by group and by language (turns that give one). */
export type Summary = {
  overall: Tally;
  byIntent: Map<string, Tally>;
  byCategory: Map<string, Tally>;
  byGroup: Map<string, Tally>;
  byLanguage: Map<string, Tally>;
};

function count(into: Map<string, Tally>, key: string, passed: boolean) {
  const tally = into.get(key) ?? { passed: 0, total: 0 };
  tally.total += 1;
  if (passed) tally.passed += 1;
  into.set(key, tally);
}

/** The pass counts of judged turns; maps are sorted by key. */
export function summarise(verdicts: TurnVerdict[]): Summary {
  const byIntent = new Map<string, Tally>();
  const byCategory = new Map<string, Tally>();
  const byGroup = new Map<string, Tally>();
  const byLanguage = new Map<string, Tally>();
  for (const v of verdicts) {
    const passed = v.mismatches.length === 0;
    count(byIntent, v.expect.intent, passed);
    if (v.expect.category) count(byCategory, v.expect.category, passed);
    if (v.group) count(byGroup, `${v.group} (${v.language ?? "any"})`, passed);
    if (v.language) count(byLanguage, v.language, passed);
  }
  const sorted = (m: Map<string, Tally>) => new Map([...m].sort(([a], [b]) => a.localeCompare(b)));
  const passed = verdicts.filter((v) => v.mismatches.length === 0).length;
  return {
    overall: { passed, total: verdicts.length },
    byIntent: sorted(byIntent),
    byCategory: sorted(byCategory),
    byGroup: sorted(byGroup),
    byLanguage: sorted(byLanguage),
  };
}

/** The share of turns that passed, 0 for none. */
export function passRate(tally: Tally): number {
  return tally.total === 0 ? 0 : tally.passed / tally.total;
}
