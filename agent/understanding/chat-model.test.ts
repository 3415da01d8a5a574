import { ChatAnthropic } from "@langchain/anthropic";
import { ChatOpenAI } from "@langchain/openai";
import { describe, expect, it } from "vitest";
import { createChatModel, isLanguageModel, llmProvider } from "../clients/model";
import { OfflineBankModel } from "./offline-model";

describe("createChatModel", () => {
  it("is the offline model without LLM_BASE_URL", () => {
    expect(createChatModel({ LLM_MODEL: "gpt-4o-mini" })).toBeInstanceOf(OfflineBankModel);
  });

  it("is an OpenAI-compatible client at temperature 0 with LLM_BASE_URL", () => {
    const model = createChatModel({ LLM_BASE_URL: "http://127.0.0.1:1/v1", LLM_API_KEY: "k", LLM_MODEL: "m" });
    expect(model).toBeInstanceOf(ChatOpenAI);
    expect((model as ChatOpenAI).model).toBe("m");
    expect((model as ChatOpenAI).temperature).toBe(0);
  });

  it("is an Anthropic Messages client with LLM_PROVIDER=anthropic, on the provider's API unless LLM_BASE_URL says otherwise", () => {
    const model = createChatModel({ LLM_PROVIDER: "anthropic", LLM_API_KEY: "k" }) as ChatAnthropic;
    expect(model).toBeInstanceOf(ChatAnthropic);
    expect(model.model).toBe("claude-haiku-4-5");
    expect(model.apiUrl).toBeUndefined();
    expect(model.temperature).toBe(0);
    const local = createChatModel({ LLM_PROVIDER: "anthropic", LLM_BASE_URL: "http://127.0.0.1:1", LLM_MODEL: "m" }) as ChatAnthropic;
    expect([local.model, local.apiUrl]).toEqual(["m", "http://127.0.0.1:1"]);
  });

  it("bounds every request by LLM_TIMEOUT_MS and LLM_MAX_RETRIES, for both providers", () => {
    const limits = { LLM_API_KEY: "k", LLM_TIMEOUT_MS: 1234, LLM_MAX_RETRIES: 2 };
    const retries = (model: ChatOpenAI | ChatAnthropic) => (model.caller as unknown as { maxRetries: number }).maxRetries;
    const openai = createChatModel({ ...limits, LLM_PROVIDER: "openai" }) as ChatOpenAI;
    expect([openai.timeout, retries(openai)]).toEqual([1234, 2]);
    const anthropic = createChatModel({ ...limits, LLM_PROVIDER: "anthropic" }) as ChatAnthropic;
    expect([anthropic.clientOptions.timeout, retries(anthropic)]).toEqual([1234, 2]);
    expect((createChatModel({ LLM_BASE_URL: "http://127.0.0.1:1/v1" }) as ChatOpenAI).timeout).toBe(10_000);
  });

  it("picks openai when only LLM_BASE_URL is set, and tells the offline model from a language model", () => {
    expect(llmProvider({ LLM_BASE_URL: "http://127.0.0.1:1/v1" })).toBe("openai");
    expect(llmProvider({})).toBeUndefined();
    expect(isLanguageModel(createChatModel({}))).toBe(false);
    expect(isLanguageModel(createChatModel({ LLM_BASE_URL: "http://127.0.0.1:1/v1" }))).toBe(true);
  });
});
