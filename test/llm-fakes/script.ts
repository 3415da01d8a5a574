/** What a language-model protocol fake is asked, and the answers a test scripts for it. */

export type FakeProtocol = "openai" | "anthropic";

/** One request as the fake read it: the system prompt and the turns as plain text. */
export type FakeRequest = {
  protocol: FakeProtocol;
  stream: boolean;
  model: string;
  system: string;
  messages: { role: string; content: string }[];
  headers: Record<string, string | string[] | undefined>;
};

/**
 * `text`: a normal answer, streamed a word at a time (`delayMs` between words) when a stream
 * was asked for; `refusal`: the protocol's refusal (OpenAI's `refusal` field, Anthropic's
 * `stop_reason: "refusal"` after `text`); `content_filter`: OpenAI's filtered finish after
 * `text` (Anthropic has none: a plain answer); `status`: an HTTP error; `hang`: headers, then
 * nothing. Every answer that streams waits `delayMs` before each word. An answer reports the
 * tokens it read and wrote (`usage`, 10 and 10 unless given), or none at all when `usage` is null.
 */
export type FakeAnswer =
  | { kind: "text"; text: string; delayMs?: number; usage?: FakeUsage | null }
  | { kind: "refusal"; text?: string; delayMs?: number; usage?: FakeUsage | null }
  | { kind: "content_filter"; text?: string; delayMs?: number; usage?: FakeUsage | null }
  | { kind: "status"; status: number }
  | { kind: "hang" };

export type Script = (request: FakeRequest) => FakeAnswer;

/** The tokens an answer reports. */
export type FakeUsage = { input: number; output: number };

/** The usage an answer reports: its own, 10 and 10 by default, or none. */
export const usageOfAnswer = (answer: { usage?: FakeUsage | null }): FakeUsage | null =>
  answer.usage === undefined ? { input: 10, output: 10 } : answer.usage;

/** Whether the request asks for the wording of a reply (agent/llm/phrase.ts) rather than an understanding. */
export const isPhrasing = (request: FakeRequest) => request.system.includes("FACTS:");

/** The customer's last message in the request. */
export const lastCustomerText = (request: FakeRequest) => request.messages.filter((m) => m.role === "user").at(-1)?.content ?? "";

/** The words of `text` with the space after each, as a model streams them. */
export const words = (text: string) => text.match(/\S+\s*/g) ?? [];

export const REFUSAL_TEXT = "I'm sorry, but I can't help with that.";
