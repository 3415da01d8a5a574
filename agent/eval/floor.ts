/** The bars `npm test` holds the conversation sets to. */
import type { Language } from "./dataset";

/**
 * The share of the project's conversation turns that must come to their expected outcome:
 * `npm test` runs the whole set (agent/eval/conversations.int.test.ts, a minute or so) and
 * fails below it.
 */
export const PASS_FLOOR = 0.95;

/**
 * The shares of the held-out set's turns, by the language of the reply, below which `npm test`
 * fails: under what the agent passes today (91.8% in English, 93.8% in Polish), with room for a turn or two that a busy machine answers late, so a change
 * that makes it understand customers it was never tuned on worse fails the suite.
 */
export const HELDOUT_FLOORS: Partial<Record<Language, number>> = { en: 0.9, pl: 0.91 };
