/** The OpenAI chat completions protocol, as a fake server writes it: one JSON answer or server-sent chunks. */
import type { ServerResponse } from "node:http";
import { REFUSAL_TEXT, usageOfAnswer, words, type FakeAnswer } from "./script";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The system prompt and turns of a chat completions request body. */
export function readOpenAiRequest(body: { model?: string; stream?: boolean; messages?: { role: string; content: unknown }[] }) {
  const text = (content: unknown) =>
    typeof content === "string" ? content : Array.isArray(content) ? content.map((p: { text?: string }) => p.text ?? "").join("") : "";
  const messages = (body.messages ?? []).map((m) => ({ role: m.role, content: text(m.content) }));
  return {
    model: body.model ?? "",
    stream: body.stream === true,
    system: messages
      .filter((m) => m.role === "system" || m.role === "developer")
      .map((m) => m.content)
      .join("\n"),
    messages: messages.filter((m) => m.role !== "system" && m.role !== "developer"),
  };
}

const envelope = (model: string) => ({ id: "chatcmpl-fake", created: 0, model, system_fingerprint: "fake" });
/** The `usage` object of an answer, or undefined when it reports none. */
function usageField(answer: { usage?: { input: number; output: number } | null }) {
  const usage = usageOfAnswer(answer);
  return usage ? { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output } : undefined;
}

/** Writes `answer` as one chat.completion object. */
export function answerOpenAi(res: ServerResponse, model: string, answer: Exclude<FakeAnswer, { kind: "status" | "hang" }>) {
  const message =
    answer.kind === "refusal"
      ? { role: "assistant", content: null, refusal: answer.text ?? REFUSAL_TEXT }
      : { role: "assistant", content: answer.text ?? "", refusal: null };
  const finish = answer.kind === "content_filter" ? "content_filter" : "stop";
  res.setHeader("content-type", "application/json");
  res.end(
    JSON.stringify({
      ...envelope(model),
      object: "chat.completion",
      choices: [{ index: 0, message, finish_reason: finish, logprobs: null }],
      usage: usageField(answer),
    }),
  );
}

/** Streams `answer` as chat.completion.chunk events, a word a chunk, then `[DONE]`; false when the client went away first. */
export async function streamOpenAi(
  res: ServerResponse,
  model: string,
  answer: Exclude<FakeAnswer, { kind: "status" | "hang" }>,
  withUsage: boolean,
): Promise<boolean> {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    `data: ${JSON.stringify({ ...envelope(model), object: "chat.completion.chunk", choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }] })}\n\n`;
  const field = answer.kind === "refusal" ? "refusal" : "content";
  const text = answer.kind === "refusal" ? (answer.text ?? REFUSAL_TEXT) : (answer.text ?? "");
  const delayMs = answer.delayMs ?? 0;
  res.write(chunk({ role: "assistant", [field]: "" }));
  for (const piece of words(text)) {
    if (res.destroyed) return false;
    if (delayMs) await sleep(delayMs);
    if (res.destroyed) return false;
    res.write(chunk({ [field]: piece }));
  }
  res.write(chunk({}, answer.kind === "content_filter" ? "content_filter" : "stop"));
  const usage = usageField(answer);
  if (withUsage && usage) res.write(`data: ${JSON.stringify({ ...envelope(model), object: "chat.completion.chunk", choices: [], usage })}\n\n`);
  res.end("data: [DONE]\n\n");
  return true;
}

/** The body of an HTTP error, as the API sends it. */
export const openAiError = (status: number) => ({ error: { message: `fake failure ${status}`, type: "server_error", param: null, code: null } });
