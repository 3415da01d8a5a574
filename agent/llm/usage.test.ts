import { AIMessage, AIMessageChunk } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { costOf, NO_USAGE, streamUsage, usageOf } from "./usage";

describe("a language model's usage", () => {
  it("is read from an answer's usage metadata, and is absent when the answer reports none", () => {
    expect(usageOf(new AIMessage({ content: "x", usage_metadata: { input_tokens: 12, output_tokens: 3, total_tokens: 15 } }))).toEqual({
      inputTokens: 12,
      outputTokens: 3,
    });
    expect(usageOf(new AIMessage("x"))).toBeUndefined();
  });

  it("of a stream is the largest count each chunk reported: Anthropic's input at the start and output so far at the end", () => {
    const start = usageOf(new AIMessageChunk({ content: "", usage_metadata: { input_tokens: 800, output_tokens: 1, total_tokens: 801 } }))!;
    const end = usageOf(new AIMessageChunk({ content: "", usage_metadata: { input_tokens: 0, output_tokens: 60, total_tokens: 60 } }))!;
    expect(streamUsage(streamUsage(undefined, start), end)).toEqual({ inputTokens: 800, outputTokens: 60 });
  });

  it("costs tokens times the price per million, in millionths of the price's currency", () => {
    const price = { inputPerMTok: 0.15, outputPerMTok: 0.6, currency: "USD" };
    expect(costOf({ inputTokens: 1200, outputTokens: 40 }, price)).toEqual({ inputTokens: 1200, outputTokens: 40, costMicros: 204, costCurrency: "USD" });
    expect(costOf({ inputTokens: 1200, outputTokens: 40 }, undefined)).toEqual({ inputTokens: 1200, outputTokens: 40, costMicros: null, costCurrency: null });
    expect(costOf(undefined, price)).toEqual(NO_USAGE);
  });
});
