import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isPhrasing, lastCustomerText, REFUSAL_TEXT, type FakeAnswer, type Script } from "@/test/llm-fakes/script";
import { startLlmFake, type LlmFake } from "@/test/llm-fakes/server";
import { createChatModel, type LlmProvider } from "../clients/model";
import type { AgentDeps, AgentStore } from "../graph/deps";
import { OfflineBankModel } from "../understanding/offline-model";
import { ALICE, TODAY } from "../understanding/test-fixtures";
import { understandMessage } from "../understanding/understand";
import { LlmFailure } from "./failure";
import { phraseFreeText } from "./phrase";
import { understandWithFallback } from "./understand-with-fallback";

let fake: LlmFake;
beforeAll(async () => {
  fake = await startLlmFake(() => ({ kind: "status", status: 500 }));
});
afterAll(() => fake.close());

type NodeEvent = Parameters<AgentStore["recordNodeEvent"]>[0];

const input = { messages: [{ role: "customer" as const, text: "coffee corner charged me twice" }], transactions: ALICE, today: TODAY };
const target = { tenantId: "t1", threadId: "th1", step: 1 };
const offline = () => understandMessage(new OfflineBankModel(), input);

function setup(provider: LlmProvider, script: Script, timeoutMs = 10_000) {
  fake.answer(script);
  const events: NodeEvent[] = [];
  const model = createChatModel({
    LLM_PROVIDER: provider,
    LLM_BASE_URL: provider === "openai" ? fake.openaiUrl : fake.anthropicUrl,
    LLM_API_KEY: "test-key",
    LLM_MODEL: "fake-model",
    LLM_TIMEOUT_MS: timeoutMs,
  });
  const store = { recordNodeEvent: async (event: NodeEvent) => void events.push(event) } as AgentStore;
  const deps = { model, store, settings: { llmTimeoutMs: timeoutMs } as AgentDeps["settings"] };
  return { deps, events, model };
}

const always =
  (answer: FakeAnswer): Script =>
  () =>
    answer;

describe.each(["openai", "anthropic"] as const)("the %s adapter against its protocol fake", (provider) => {
  beforeEach(() => {
    fake.requests.length = 0;
    fake.streams.length = 0;
  });

  describe("understanding", () => {
    it("uses the model's understanding, merchant spelled as listed, and records the call with the tokens its answer reported", async () => {
      const json = JSON.stringify({ intent: "refund", reason: "duplicate", merchant: "coffee-corner", confidence: 0.77 });
      const { deps, events } = setup(provider, always({ kind: "text", text: `Here you are:\n${json}` }));
      const u = await understandWithFallback(deps, input, { record: target });
      expect(u).toEqual({ intent: "refund", reason: "duplicate", merchant: "Coffee Corner", confidence: 0.77 });
      expect(events).toEqual([
        expect.objectContaining({ ...target, node: "intake", system: "llm", outcome: "ok", inputTokens: 10, outputTokens: 10, costMicros: null }),
      ]);
      const [request] = fake.requests;
      expect(request).toMatchObject({ protocol: provider, stream: false, model: "fake-model" });
      expect(request!.system).toMatch(/intake step of a bank/);
      expect(lastCustomerText(request!)).toBe("coffee corner charged me twice");
      if (provider === "openai") expect(request!.headers.authorization).toBe("Bearer test-key");
      else expect(request!.headers["x-api-key"]).toBe("test-key");
    });

    it.each([
      ["malformed JSON", { kind: "text", text: '{"intent": "refund", "confidence": ' } as FakeAnswer, "llm:malformed"],
      ["JSON that is no understanding", { kind: "text", text: '{"intent":"approve_refund","confidence":1}' } as FakeAnswer, "llm:malformed"],
      ["a refusal", { kind: "refusal" } as FakeAnswer, "llm:refused"],
      ["HTTP 500, after one retry", { kind: "status", status: 500 } as FakeAnswer, "llm:unavailable"],
    ])("falls back to the offline model on %s and records a degraded intake event", async (_name, answer, code) => {
      const { deps, events } = setup(provider, always(answer));
      const u = await understandWithFallback(deps, input, { record: target });
      expect(u).toEqual(await offline());
      expect(u.intent).toBe("refund");
      expect(events).toEqual([
        expect.objectContaining({ ...target, node: "intake", system: "llm", outcome: "degraded", error: code, latencyMs: expect.any(Number) }),
      ]);
      expect(fake.requests).toHaveLength(answer.kind === "status" ? 2 : 1);
    });

    it("falls back when the model hangs, within the timeout", async () => {
      const { deps, events } = setup(provider, always({ kind: "hang" }), 400);
      const started = Date.now();
      expect(await understandWithFallback(deps, input, { record: target })).toEqual(await offline());
      expect(Date.now() - started).toBeLessThan(3000);
      expect(events.map((e) => e.error)).toEqual(["llm:timeout"]);
    });

    it("rethrows the caller's own abort instead of answering", async () => {
      const { deps, events } = setup(provider, always({ kind: "hang" }));
      const controller = new AbortController();
      setTimeout(() => controller.abort(new Error("run stopped")), 100);
      await expect(understandWithFallback(deps, input, { signal: controller.signal, record: target })).rejects.toThrow();
      expect(events).toEqual([]);
    });
  });

  describe("phrasing", () => {
    const brief = { facts: "We are open on weekdays.\nSource: Opening hours (FAQ)", fallback: "We are open on weekdays." };

    it("streams the model's words in order and keeps a citation it dropped", async () => {
      const { model } = setup(provider, (r) =>
        isPhrasing(r) ? { kind: "text", text: "Good news: we are open every weekday.", delayMs: 20 } : { kind: "status", status: 400 },
      );
      const tokens: string[] = [];
      const text = await phraseFreeText(model, brief, "when are you open?", { timeoutMs: 3000, onToken: (t) => tokens.push(t) });
      expect(tokens).toEqual(["Good ", "news: ", "we ", "are ", "open ", "every ", "weekday.", "\n\nSource: Opening hours (FAQ)"]);
      expect(text).toBe("Good news: we are open every weekday.\n\nSource: Opening hours (FAQ)");
      expect(fake.requests[0]).toMatchObject({ stream: true });
      expect(fake.requests[0]!.system).toContain("FACTS:\n<<<\nWe are open on weekdays.\nSource: Opening hours (FAQ)\n>>>");
      expect(fake.streams).toEqual([{ protocol: provider, completed: true }]);
    });

    it("asks for the answer in the customer's language, and keeps a Polish citation the model dropped", async () => {
      const { model } = setup(provider, (r) => (isPhrasing(r) ? { kind: "text", text: "Jesteśmy otwarci w dni robocze." } : { kind: "status", status: 400 }));
      const polish = {
        facts: "Pracujemy w dni robocze.\nŹródło: artykuł pomocy KB-010, „Godziny pracy”.",
        fallback: "Pracujemy w dni robocze.",
        language: "pl" as const,
      };
      const text = await phraseFreeText(model, polish, "kiedy jesteście otwarci?", { timeoutMs: 3000, onToken: () => undefined });
      expect(fake.requests[0]!.system).toContain("Write in Polish");
      expect(text).toBe("Jesteśmy otwarci w dni robocze.\n\nŹródło: artykuł pomocy KB-010, „Godziny pracy”.");
    });

    it("does not append a citation the model kept", async () => {
      const { model } = setup(provider, always({ kind: "text", text: "Open on weekdays.\nSource: Opening hours (FAQ)" }));
      expect(await phraseFreeText(model, brief, "hours?", { timeoutMs: 3000, onToken: () => undefined })).toBe(
        "Open on weekdays.\nSource: Opening hours (FAQ)",
      );
    });

    it.each([
      ["a refusal", { kind: "refusal" } as FakeAnswer, "llm:refused"],
      ["a refusal in words", { kind: "text", text: REFUSAL_TEXT } as FakeAnswer, "llm:refused"],
      ["a figure the facts lack", { kind: "text", text: "Your 49.90 refund is on its way." } as FakeAnswer, "llm:unsupported"],
      ["an empty reply", { kind: "text", text: "" } as FakeAnswer, "llm:malformed"],
      ["a runaway reply", { kind: "text", text: "weekdays ".repeat(200) } as FakeAnswer, "llm:malformed"],
      ["HTTP 500", { kind: "status", status: 500 } as FakeAnswer, "llm:unavailable"],
    ])("fails with its code on %s", async (_name, answer, code) => {
      const { model } = setup(provider, always(answer));
      const failure = await phraseFreeText(model, brief, "hours?", { timeoutMs: 3000, onToken: () => undefined }).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(LlmFailure);
      expect((failure as LlmFailure).code).toBe(code);
    });

    it("gives up on a stream slower than the timeout", async () => {
      const { model } = setup(provider, always({ kind: "text", text: "one two three four five six", delayMs: 200 }));
      const failure = await phraseFreeText(model, brief, "hours?", { timeoutMs: 500, onToken: () => undefined }).catch((e: unknown) => e);
      expect((failure as LlmFailure).code).toBe("llm:timeout");
    });
  });
});

describe("OpenAI's content filter", () => {
  it("is a refusal, for an understanding and for a reply", async () => {
    const { deps, events, model } = setup("openai", always({ kind: "content_filter", text: '{"intent":"greeting","confidence":0.9}' }));
    expect(await understandWithFallback(deps, input, { record: target })).toEqual(await offline());
    expect(events.map((e) => e.error)).toEqual(["llm:refused"]);
    const failure = await phraseFreeText(model, { facts: "Hello.", fallback: "Hello." }, "hi", { timeoutMs: 3000, onToken: () => undefined }).catch(
      (e: unknown) => e,
    );
    expect((failure as LlmFailure).code).toBe("llm:refused");
  });
});
