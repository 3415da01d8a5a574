import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, type BaseMessage, type MessageContent } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { describe, expect, it } from "vitest";
import { buildUnderstandingMessages, parseUnderstanding, understandMessage } from "./index";
import { extractJsonObject } from "./parse-understanding";
import { readSystemContext } from "./prompt";
import { BANKING77_CATEGORIES } from "../knowledge/categories";
import { ALICE, TODAY } from "./test-fixtures";
import { INTENTS } from "./types";

/** Answers with a fixed content and records what it was sent. */
class ScriptedModel extends BaseChatModel {
  seen: BaseMessage[][] = [];
  signals: (AbortSignal | undefined)[] = [];
  constructor(private readonly content: MessageContent) {
    super({});
  }
  _llmType() {
    return "scripted";
  }
  async _generate(messages: BaseMessage[], options: this["ParsedCallOptions"]): Promise<ChatResult> {
    this.seen.push(messages);
    this.signals.push(options.signal);
    const message = new AIMessage({ content: this.content });
    return { generations: [{ text: typeof this.content === "string" ? this.content : "", message }] };
  }
}

const input = {
  messages: [
    { role: "customer" as const, text: "hi" },
    { role: "agent" as const, text: "Hello, how can I help?" },
    { role: "customer" as const, text: "coffee corner charged me twice" },
  ],
  transactions: ALICE,
  today: TODAY,
};

describe("buildUnderstandingMessages", () => {
  it("sends instructions, today and the transactions, then the transcript", () => {
    const [system, ...turns] = buildUnderstandingMessages(input);
    expect(system.getType()).toBe("system");
    const text = String(system.content);
    expect(text).toMatch(/never decide, approve/i);
    expect(text).toContain('"amountMinor": integer');
    expect(readSystemContext(text)).toEqual({ today: TODAY, transactions: ALICE, pending: [] });
    expect(turns.map((m) => [m.getType(), m.content])).toEqual([
      ["human", "hi"],
      ["ai", "Hello, how can I help?"],
      ["human", "coffee corner charged me twice"],
    ]);
  });

  it("sends the items not booked yet, which the offline model reads back", () => {
    const pending = [
      { id: "p1", kind: "transfer" as const, merchant: "Maria Novak", amountMinor: 25_000, currency: "EUR", postedAt: `${TODAY}T00:00:00.000Z` },
    ];
    const text = String(buildUnderstandingMessages({ ...input, pending })[0]!.content);
    expect(text).toMatch(/not booked yet/);
    expect(readSystemContext(text)).toEqual({ today: TODAY, transactions: ALICE, pending });
  });

  it("asks for every intent, field and Banking77 category the agent acts on, so a language model can do what the offline model does", () => {
    const text = String(buildUnderstandingMessages(input)[0]!.content);
    for (const intent of INTENTS) expect(text).toContain(`"${intent}"`);
    for (const category of BANKING77_CATEGORIES) expect(text).toContain(category);
    for (const field of ["category", "cardReason", "cardLast4", "ordinal", "candidates", "also"]) expect(text).toContain(`"${field}"`);
  });

  it("keeps only the recent transcript", () => {
    const long = Array.from({ length: 40 }, (_, i) => ({ role: "customer" as const, text: `m${i}` }));
    const messages = buildUnderstandingMessages({ ...input, messages: long });
    expect(messages.length).toBeLessThan(20);
    expect(messages.at(-1)?.content).toBe("m39");
  });
});

describe("parseUnderstanding", () => {
  it("reads the first JSON object, in fences or prose", () => {
    const answer = 'Sure!\n```json\n{"intent":"refund","reason":"duplicate","merchant":"Coffee Corner","confidence":0.8}\n```';
    expect(parseUnderstanding(answer)).toEqual({ intent: "refund", reason: "duplicate", merchant: "Coffee Corner", confidence: 0.8 });
    expect(extractJsonObject('x {"a":"}{"} y {"b":1}')).toBe('{"a":"}{"}');
  });

  it("keeps every Banking77 category name, the one with a question mark too", () => {
    expect(parseUnderstanding('{"intent":"knowledge","category":"reverted_card_payment?","confidence":0.9}')).toMatchObject({
      category: "reverted_card_payment?",
    });
  });

  it("normalises amounts to integer minor units and drops nulls", () => {
    expect(parseUnderstanding('{"intent":"refund","amountMinor":49.9,"date":null,"confidence":1}')).toEqual({
      intent: "refund",
      amountMinor: 4990,
      confidence: 1,
    });
    expect(parseUnderstanding('{"intent":"refund","amountMinor":"€1,249.00","confidence":1}').amountMinor).toBe(124900);
  });

  it("keeps a reason only for refunds and strips unknown fields", () => {
    const u = parseUnderstanding('{"intent":"limits","reason":"duplicate","approved":true,"confidence":0.7}');
    expect(u).toEqual({ intent: "limits", confidence: 0.7 });
  });

  it.each([
    "no json here",
    "{not json}",
    '{"intent":"approve_refund","confidence":1}',
    '{"intent":"refund","confidence":7}',
    '{"intent":"refund"}',
    '{"intent":"refund","date":"2026-02-31","confidence":1}',
    '{"intent":"refund","amountMinor":"lots","confidence":1}',
  ])("falls back to other/0 for %j", (answer) => {
    expect(parseUnderstanding(answer)).toEqual({ intent: "other", confidence: 0 });
  });
});

describe("understandMessage", () => {
  it("invokes the model with the built messages and normalises the merchant to the list", async () => {
    const model = new ScriptedModel('{"intent":"refund","reason":"duplicate","merchant":"coffee-corner","confidence":0.9}');
    const u = await understandMessage(model, input);
    expect(u).toEqual({ intent: "refund", reason: "duplicate", merchant: "Coffee Corner", confidence: 0.9 });
    expect(model.seen[0].map((m) => m.getType())).toEqual(["system", "human", "ai", "human"]);
  });

  it("keeps a merchant the list does not have as the customer named it", async () => {
    const model = new ScriptedModel('{"intent":"refund","merchant":"Zalando","confidence":0.9}');
    expect((await understandMessage(model, input)).merchant).toBe("Zalando");
  });

  it("reads content blocks", async () => {
    const model = new ScriptedModel([{ type: "text", text: '{"intent":"status","confidence":0.6}' }]);
    expect(await understandMessage(model, input)).toEqual({ intent: "status", confidence: 0.6 });
  });

  it("passes the abort signal to the model", async () => {
    const model = new ScriptedModel('{"intent":"status","confidence":0.6}');
    const controller = new AbortController();
    await understandMessage(model, input, { signal: controller.signal });
    expect(model.signals[0]).toBeInstanceOf(AbortSignal);
    controller.abort();
    expect(model.signals[0]?.aborted).toBe(true);
  });
});
