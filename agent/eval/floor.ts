/** The bar `npm test` holds the conversation set to. */

/**
 * The share of conversation turns that must come to their expected outcome: `npm test` runs the
 * whole set (agent/eval/conversations.int.test.ts, a minute or so) and fails below it.
 */
export const PASS_FLOOR = 0.95;
