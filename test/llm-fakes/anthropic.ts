/** The Anthropic Messages protocol, as a fake server writes it: one JSON message or its server-sent events. */
import type { ServerResponse } from "node:http";
import { REFUSAL_TEXT, usageOfAnswer, words, type FakeAnswer } from "./script";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Block = { type: string; text?: string };

/** The system prompt and turns of a Messages request body. */
export function readAnthropicRequest(body: {
  model?: string;
  stream?: boolean;
  system?: string | Block[];
  messages?: { role: string; content: string | Block[] }[];
}) {
  const text = (content: string | Block[] | undefined) => (typeof content === "string" ? content : (content ?? []).map((b) => b.text ?? "").join(""));
  return {
    model: body.model ?? "",
    stream: body.stream === true,
    system: text(body.system),
    messages: (body.messages ?? []).map((m) => ({ role: m.role, content: text(m.content) })),
  };
}

type Answer = Exclude<FakeAnswer, { kind: "status" | "hang" }>;

function parts(answer: Answer): { text: string; stopReason: string } {
  if (answer.kind === "refusal") return { text: answer.text ?? REFUSAL_TEXT, stopReason: "refusal" };
  return { text: answer.text ?? "", stopReason: "end_turn" };
}

/** The `usage` object of an answer, or undefined when it reports none. */
function usageField(answer: Answer) {
  const usage = usageOfAnswer(answer);
  return usage ? { input_tokens: usage.input, output_tokens: usage.output } : undefined;
}

/** Writes `answer` as one message object. */
export function answerAnthropic(res: ServerResponse, model: string, answer: Answer) {
  const { text, stopReason } = parts(answer);
  res.setHeader("content-type", "application/json");
  res.end(
    JSON.stringify({
      id: "msg_fake",
      type: "message",
      role: "assistant",
      model,
      content: text ? [{ type: "text", text }] : [],
      stop_reason: stopReason,
      stop_sequence: null,
      usage: usageField(answer),
    }),
  );
}

/**
 * Streams `answer` as message_start, content_block_start, a content_block_delta a word,
 * content_block_stop, message_delta (with the stop reason) and message_stop; false when the
 * client went away first.
 */
export async function streamAnthropic(res: ServerResponse, model: string, answer: Answer): Promise<boolean> {
  const usage = usageField(answer);
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const event = (type: string, data: Record<string, unknown>) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  const { text, stopReason } = parts(answer);
  const delayMs = answer.delayMs ?? 0;
  event("message_start", {
    message: {
      id: "msg_fake",
      type: "message",
      role: "assistant",
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: usage ? { ...usage, output_tokens: 1 } : undefined,
    },
  });
  event("content_block_start", { index: 0, content_block: { type: "text", text: "" } });
  for (const piece of words(text)) {
    if (res.destroyed) return false;
    if (delayMs) await sleep(delayMs);
    if (res.destroyed) return false;
    event("content_block_delta", { index: 0, delta: { type: "text_delta", text: piece } });
  }
  event("content_block_stop", { index: 0 });
  event("message_delta", { delta: { stop_reason: stopReason, stop_sequence: null }, ...(usage ? { usage: { output_tokens: usage.output_tokens } } : {}) });
  event("message_stop", {});
  res.end();
  return true;
}

/** The body of an HTTP error, as the API sends it. */
export const anthropicError = (status: number) => ({
  type: "error",
  error: { type: status === 529 ? "overloaded_error" : "api_error", message: `fake failure ${status}` },
});
