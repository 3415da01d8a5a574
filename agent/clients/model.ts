/**
 * The chat model the agent talks to: an OpenAI-compatible server or the Anthropic Messages API
 * when configured, else the offline model.
 */
import { ChatAnthropic } from "@langchain/anthropic";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { ChatOpenAI } from "@langchain/openai";
import { OfflineBankModel } from "../understanding/offline-model";

export type LlmProvider = "openai" | "anthropic";

export type ModelEnv = {
  LLM_PROVIDER?: LlmProvider;
  LLM_BASE_URL?: string;
  LLM_API_KEY?: string;
  LLM_MODEL?: string;
  LLM_TIMEOUT_MS?: number;
  LLM_MAX_RETRIES?: number;
};

export const DEFAULT_MODELS: Record<LlmProvider, string> = { openai: "gpt-4o-mini", anthropic: "claude-haiku-4-5" };
export const DEFAULT_LLM_TIMEOUT_MS = 10_000;
/** Enough for an understanding's JSON or a few sentences of reply; a runaway answer costs no more. */
const MAX_OUTPUT_TOKENS = 600;

/** The protocol the environment asks for: LLM_PROVIDER, or `openai` when only LLM_BASE_URL is set; undefined means offline. */
export function llmProvider(env: ModelEnv): LlmProvider | undefined {
  return env.LLM_PROVIDER ?? (env.LLM_BASE_URL ? "openai" : undefined);
}

/**
 * The configured model. Each request times out after LLM_TIMEOUT_MS and is retried at most
 * LLM_MAX_RETRIES times; callers also bound the whole call (see agent/llm/deadline.ts).
 */
export function createChatModel(env: ModelEnv): BaseChatModel {
  const provider = llmProvider(env);
  if (!provider) return new OfflineBankModel();
  const timeout = env.LLM_TIMEOUT_MS ?? DEFAULT_LLM_TIMEOUT_MS;
  const maxRetries = env.LLM_MAX_RETRIES ?? 1;
  // Local servers (Ollama, vLLM, a test fake) take no key, but both clients insist on one.
  const apiKey = env.LLM_API_KEY || "none";
  const model = env.LLM_MODEL ?? DEFAULT_MODELS[provider];
  if (provider === "anthropic") {
    return new ChatAnthropic({
      model,
      apiKey,
      ...(env.LLM_BASE_URL ? { anthropicApiUrl: env.LLM_BASE_URL } : {}),
      temperature: 0,
      maxTokens: MAX_OUTPUT_TOKENS,
      maxRetries,
      clientOptions: { timeout },
    });
  }
  return new ChatOpenAI({
    model,
    apiKey,
    ...(env.LLM_BASE_URL ? { configuration: { baseURL: env.LLM_BASE_URL } } : {}),
    temperature: 0,
    maxTokens: MAX_OUTPUT_TOKENS,
    timeout,
    maxRetries,
    // The chat completions `refusal` field reaches the message only with the raw response.
    __includeRawResponse: true,
  });
}

/** Whether `model` is a language model to phrase answers with, rather than the offline model. */
export function isLanguageModel(model: BaseChatModel): boolean {
  return !(model instanceof OfflineBankModel);
}
