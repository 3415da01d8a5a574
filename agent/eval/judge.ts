/** Whether a turn came to what the conversation set expects, and the pass rates over many turns. */
import type { Expectation } from "./dataset";
import { outcomeOf, type Outcome, type OutcomeState } from "./outcome";

/** One intent of a turn as the state shows it. */
export type ObservedPart = { intent: string | null; category: string | null; outcome: Outcome | null };

/** What a turn came to, read from the state it left. */
export type Observed = ObservedPart & {
  /** False when the thread's state is not this turn's (the turn ran no graph, or ran it for an older message). */
  fresh: boolean;
  transaction: string | null;
  also: ObservedPart | null;
};

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
    transaction: state.case?.transactionId ?? null,
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
 * What differs between the expectation and the turn, empty when the turn passes. A turn
 * asking two things passes with them handled in either order.
 */
export function judge(want: Expectation, got: Observed): string[] {
  if (!got.fresh) return ["the thread's state is not this turn's (no graph run answered it)"];
  const transaction: string[] = [];
  const accepted = want.transaction === undefined ? [] : [want.transaction].flat();
  if (accepted.length > 0 && !accepted.includes(got.transaction ?? "")) {
    transaction.push(`transaction ${accepted.join(" or ")} != ${got.transaction ?? "none"}`);
  }
  if (!want.also) return [...partMismatches("", want, got), ...transaction];
  const inOrder = [...partMismatches("", want, got), ...partMismatches("also ", want.also, got.also)];
  const swapped = [...partMismatches("", want.also, got), ...partMismatches("also ", want, got.also)];
  return [...(swapped.length < inOrder.length ? swapped : inOrder), ...transaction];
}

/** One judged turn. */
export type TurnVerdict = {
  conversation: string;
  /** 1-based position among the conversation's customer turns. */
  turn: number;
  text: string;
  expect: Expectation;
  got: Observed;
  reply: string;
  mismatches: string[];
};

export type Tally = { passed: number; total: number };

/** Pass counts overall, by expected intent and by expected category (turns that give one). */
export type Summary = { overall: Tally; byIntent: Map<string, Tally>; byCategory: Map<string, Tally> };

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
  for (const v of verdicts) {
    const passed = v.mismatches.length === 0;
    count(byIntent, v.expect.intent, passed);
    if (v.expect.category) count(byCategory, v.expect.category, passed);
  }
  const sorted = (m: Map<string, Tally>) => new Map([...m].sort(([a], [b]) => a.localeCompare(b)));
  const passed = verdicts.filter((v) => v.mismatches.length === 0).length;
  return { overall: { passed, total: verdicts.length }, byIntent: sorted(byIntent), byCategory: sorted(byCategory) };
}

/** The share of turns that passed, 0 for none. */
export function passRate(tally: Tally): number {
  return tally.total === 0 ? 0 : tally.passed / tally.total;
}
