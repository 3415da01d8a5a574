/** The chat model the agent talks to: an OpenAI-compatible server when configured, else the offline model. */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { ChatOpenAI } from "@langchain/openai";
import { OfflineBankModel } from "../understanding/offline-model";

export type ModelEnv = { LLM_BASE_URL?: string; LLM_API_KEY?: string; LLM_MODEL: string };

export function createChatModel(env: ModelEnv): BaseChatModel {
  if (!env.LLM_BASE_URL) return new OfflineBankModel();
  return new ChatOpenAI({
    model: env.LLM_MODEL,
    // Local servers (Ollama, vLLM) take no key, but the client insists on one.
    apiKey: env.LLM_API_KEY || "none",
    configuration: { baseURL: env.LLM_BASE_URL },
    temperature: 0,
  });
}
