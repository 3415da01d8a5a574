/** What a language model's answer cost: the tokens it read and wrote, priced by the settings. */
import type { BaseMessage } from "@langchain/core/messages";

/** Tokens of one call, as the provider reported them. */
export type TokenUsage = { inputTokens: number; outputTokens: number };

/** The model's price per million tokens read and written, in `currency` (the provider's bill's). */
export type ModelPrice = { inputPerMTok: number; outputPerMTok: number; currency: string };

/**
 * What a node event records of a call: its tokens, and their cost in millionths of the price's
 * currency when a price is set; null when the provider did not say.
 */
export type CallCost = { inputTokens: number | null; outputTokens: number | null; costMicros: number | null; costCurrency: string | null };

export const NO_USAGE: CallCost = { inputTokens: null, outputTokens: null, costMicros: null, costCurrency: null };

const count = (n: unknown) => (typeof n === "number" && Number.isFinite(n) && n >= 0 ? Math.round(n) : undefined);

/** The usage an answer (or a streamed chunk) reports, when it reports one. */
export function usageOf(message: BaseMessage): TokenUsage | undefined {
  const usage = (message as { usage_metadata?: { input_tokens?: unknown; output_tokens?: unknown } }).usage_metadata;
  const inputTokens = count(usage?.input_tokens);
  const outputTokens = count(usage?.output_tokens);
  if (inputTokens === undefined && outputTokens === undefined) return undefined;
  return { inputTokens: inputTokens ?? 0, outputTokens: outputTokens ?? 0 };
}

/**
 * The usage of a streamed call from its chunks' reports. Providers report a stream's counts as
 * running totals (Anthropic: the input at the start, the output so far at the end; OpenAI: both,
 * once, at the end), so each count is the largest reported.
 */
export function streamUsage(seen: TokenUsage | undefined, chunk: TokenUsage): TokenUsage {
  if (!seen) return chunk;
  return { inputTokens: Math.max(seen.inputTokens, chunk.inputTokens), outputTokens: Math.max(seen.outputTokens, chunk.outputTokens) };
}

/**
 * A call's tokens and cost. A price per million tokens makes the cost of one token that many
 * millionths of the currency, so the cost in micro-units is tokens times price, rounded.
 */
export function costOf(usage: TokenUsage | undefined, price: ModelPrice | undefined): CallCost {
  if (!usage) return NO_USAGE;
  const costMicros = price ? Math.round(usage.inputTokens * price.inputPerMTok + usage.outputTokens * price.outputPerMTok) : null;
  return { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, costMicros, costCurrency: price ? price.currency : null };
}
