/** The bar `npm test` holds the conversation set to. */

/** The share of conversation turns that must come to their expected outcome. */
export const PASS_FLOOR = 0.95;

/**
 * Whether `npm test` runs the whole conversation set (agent/eval/conversations.int.test.ts,
 * about two minutes) and fails below `PASS_FLOOR`. Off, that test is skipped and
 * `npm run eval:conversations` still measures.
 */
export const FLOOR_ENFORCED = false;
