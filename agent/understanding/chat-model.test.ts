import { ChatOpenAI } from "@langchain/openai";
import { describe, expect, it } from "vitest";
import { createChatModel } from "../clients/model";
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
});
