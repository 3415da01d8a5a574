/** A provider's signal that the model declined to answer, in either protocol. */
import type { BaseMessage } from "@langchain/core/messages";

type Loose = Record<string, unknown> | undefined;

const record = (value: unknown): Loose => (value && typeof value === "object" ? (value as Record<string, unknown>) : undefined);

/** The chat completions `refusal` text of a raw response or stream chunk, if any. */
function openAiRefusal(raw: Loose): string | undefined {
  const choice = record((raw?.choices as unknown[] | undefined)?.[0]);
  const refusal = record(choice?.message)?.refusal ?? record(choice?.delta)?.refusal;
  return typeof refusal === "string" && refusal.trim() ? refusal : undefined;
}

/**
 * Why the provider says the model refused, or undefined: Anthropic's `stop_reason: "refusal"`,
 * OpenAI's `refusal` field, or a `content_filter` finish. Reads a whole answer or one stream chunk.
 */
export function refusalOf(message: BaseMessage): string | undefined {
  const meta = record(message.response_metadata) ?? {};
  const extra = record(message.additional_kwargs) ?? {};
  if (meta.stop_reason === "refusal" || extra.stop_reason === "refusal") return "stop_reason refusal";
  if (meta.finish_reason === "content_filter") return "finish_reason content_filter";
  const refusal = openAiRefusal(record(extra.__raw_response)) ?? (typeof extra.refusal === "string" && extra.refusal ? extra.refusal : undefined);
  return refusal ? `refusal: ${refusal.slice(0, 200)}` : undefined;
}
