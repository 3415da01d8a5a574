import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { listMessagesByThread } from "../../db/queries/threads";
import { nodeEvents } from "../../db/schema";
import { agentHarness, FAST_SETTINGS, TENANT } from "../../test/agent-support";
import { isPhrasing, words, type FakeAnswer } from "../../test/llm-fakes/script";
import { startLlmFake, type LlmFake } from "../../test/llm-fakes/server";
import { createAgent } from "../index";
import { createChatModel, type LlmProvider } from "../clients/model";
import type { ModelPrice } from "../llm/usage";
import { languageModelUseOf } from "../incidents/timeline";
import { metrics } from "@/observability/metrics";
import { opsSummary } from "@/app/_lib/ops-summary";

const h = agentHarness();
let fake: LlmFake;
const agents: ReturnType<typeof createAgent>[] = [];

beforeAll(async () => {
  fake = await startLlmFake(() => ({ kind: "status", status: 500 }));
});
beforeEach(async () => {
  await h.freshStart();
  fake.requests.length = 0;
  fake.streams.length = 0;
});
afterEach(async () => {
  await Promise.all(agents.splice(0).map((agent) => agent.close()));
});
afterAll(async () => {
  await fake.close();
  await h.pool.end();
});

const GREETING = '{"intent":"greeting","confidence":0.95}';
const WORDED = "Hello and welcome! I can help you with card payments you want refunded, your card limits, or where a refund stands. What can I do for you?";
/** The start of composeReply's greeting, the code's own words. */
const CODE_GREETING = /^Hello! I can help with /;

/** An agent on the integration database whose language model is the fake, speaking `provider`, priced by `llmPrice` when given. */
function agentWith(provider: LlmProvider, understanding: FakeAnswer, phrasing: FakeAnswer, llmPrice?: ModelPrice, llmTimeoutMs = 5000) {
  fake.answer((request) => (isPhrasing(request) ? phrasing : understanding));
  const model = createChatModel({ LLM_PROVIDER: provider, LLM_BASE_URL: provider === "openai" ? fake.openaiUrl : fake.anthropicUrl, LLM_MODEL: "fake-model" });
  const agent = createAgent({ db: h.db, pool: h.pool, deps: { model, settings: { ...FAST_SETTINGS, llmTimeoutMs, ...(llmPrice ? { llmPrice } : {}) } } });
  agents.push(agent);
  return agent;
}

/** What the turn's stream carried: each token, and `<reset>` where the streamed words were withdrawn. */
async function turn(agent: ReturnType<typeof createAgent>, threadId: string, text: string) {
  const stream: string[] = [];
  const result = await agent.sendMessage({ tenantId: TENANT, threadId, customerId: "cust-alice", text, actor: "alice" }, (token, options) => {
    if (options?.reset) stream.push("<reset>");
    if (token) stream.push(token);
  });
  if (result.kind !== "ok") throw new Error(`turn was ${result.kind}`);
  return { result, stream };
}

/** The node events of the thread's language-model calls, in the order they were made. */
const llmRows = (threadId: string) =>
  h.db
    .select()
    .from(nodeEvents)
    .where(and(eq(nodeEvents.threadId, threadId), eq(nodeEvents.system, "llm")))
    .orderBy(nodeEvents.id);

async function llmEvents(threadId: string) {
  return (await llmRows(threadId)).map((r) => ({ node: r.node, outcome: r.outcome, error: r.error }));
}

/** What the thread's language-model calls cost, in the order they were made. */
async function llmCosts(threadId: string) {
  return (await llmRows(threadId)).map((r) => ({
    node: r.node,
    inputTokens: r.inputTokens,
    outputTokens: r.outputTokens,
    costMicros: r.costMicros,
    costCurrency: r.costCurrency,
    revisionId: r.revisionId,
  }));
}

/** A metric's value for these labels, 0 when it has none. */
async function metricValue(metric: { get(): Promise<{ values: { labels: Record<string, unknown>; value: number }[] }> }, labels: Record<string, string>) {
  const { values } = await metric.get();
  return values.find((v) => Object.entries(labels).every(([key, value]) => v.labels[key] === value))?.value ?? 0;
}

const PRICE: ModelPrice = { inputPerMTok: 0.15, outputPerMTok: 0.6, currency: "USD" };

async function storedAnswer(threadId: string) {
  return (await listMessagesByThread(h.db, TENANT, threadId)).filter((m) => m.role === "agent").map((m) => m.text);
}

describe.each(["openai", "anthropic"] as const)("a turn with the %s adapter", (provider) => {
  it("streams a free-text answer token by token, in order, through the graph, and stores the same answer", async () => {
    const agent = agentWith(provider, { kind: "text", text: GREETING }, { kind: "text", text: WORDED, delayMs: 15 });
    const thread = await h.newThread();
    const { result, stream } = await turn(agent, thread, "hello there");
    expect(stream).toEqual(words(WORDED));
    expect(result.reply).toBe(WORDED);
    expect(await storedAnswer(thread)).toEqual([WORDED]);
    expect((await agent.state(TENANT, thread)).values.answer).toBe(WORDED);
    expect(await llmEvents(thread)).toEqual([
      { node: "intake", outcome: "ok", error: null },
      { node: "reply", outcome: "ok", error: null },
    ]);
    expect(fake.streams).toEqual([{ protocol: provider, completed: true }]);
  });

  it("withdraws a refused wording, answers in the code's words and records a degraded reply", async () => {
    const agent = agentWith(provider, { kind: "text", text: GREETING }, { kind: "refusal", text: "I am not able to answer this.", delayMs: 5 });
    const thread = await h.newThread();
    const { result, stream } = await turn(agent, thread, "hello there");
    const reset = stream.indexOf("<reset>");
    expect(reset).toBeGreaterThanOrEqual(0);
    // Anthropic streams the refused words before its stop reason; OpenAI streams them in `refusal`, never as content.
    expect(stream.slice(0, reset).join("")).toBe(provider === "anthropic" ? "I am not able to answer this." : "");
    expect(result.reply).toMatch(CODE_GREETING);
    expect(stream.slice(reset + 1).join("")).toBe(result.reply);
    expect(await storedAnswer(thread)).toEqual([result.reply]);
    expect(await llmEvents(thread)).toEqual([
      { node: "intake", outcome: "ok", error: null },
      { node: "reply", outcome: "degraded", error: "llm:refused" },
    ]);
  });

  it("reads a malformed understanding with the offline model, records it under intake, and words limits in code", async () => {
    const agent = agentWith(provider, { kind: "text", text: "{intent: limits" }, { kind: "text", text: "this must never be asked for" });
    const thread = await h.newThread();
    const { result } = await turn(agent, thread, "what are my card limits");
    expect(result.reply).toMatch(/daily limit 1,500.00 EUR/);
    expect(await llmEvents(thread)).toEqual([{ node: "intake", outcome: "degraded", error: "llm:malformed" }]);
    expect(fake.requests.filter(isPhrasing)).toEqual([]);
  });

  it("records each call's tokens and their cost by the model's price, on the node events, the metrics and the incident report", async () => {
    const agent = agentWith(
      provider,
      { kind: "text", text: GREETING, usage: { input: 1200, output: 40 } },
      { kind: "text", text: WORDED, usage: { input: 800, output: 60 } },
      PRICE,
    );
    const labels = { tenant: TENANT, revision: agent.revision.id };
    const before = {
      intake: await metricValue(metrics().llmCost, { ...labels, node: "intake", currency: "USD" }),
      output: await metricValue(metrics().llmTokens, { ...labels, node: "reply", direction: "output" }),
    };
    const thread = await h.newThread();
    await turn(agent, thread, "hello there");
    // 1,200 tokens at 0.15 a million and 40 at 0.60: 180 + 24 millionths of a dollar.
    expect(await llmCosts(thread)).toEqual([
      { node: "intake", inputTokens: 1200, outputTokens: 40, costMicros: 204, costCurrency: "USD", revisionId: agent.revision.id },
      { node: "reply", inputTokens: 800, outputTokens: 60, costMicros: 156, costCurrency: "USD", revisionId: agent.revision.id },
    ]);
    expect((await metricValue(metrics().llmCost, { ...labels, node: "intake", currency: "USD" })) - before.intake).toBe(204);
    expect((await metricValue(metrics().llmTokens, { ...labels, node: "reply", direction: "output" })) - before.output).toBe(60);
    expect(languageModelUseOf(await agent.incidents.timeline(TENANT, thread))).toEqual({
      calls: 2,
      inputTokens: 2000,
      outputTokens: 100,
      cost: [{ currency: "USD", micros: 360 }],
      callsWithoutUsage: 0,
    });
    expect((await opsSummary(h.db, TENANT)).languageModel).toEqual([
      {
        revision: agent.revision.id,
        answers: 1,
        calls: 2,
        callsWithoutUsage: 0,
        inputTokens: 2000,
        outputTokens: 100,
        cost: [{ currency: "USD", micros: 360 }],
        costPerAnswer: [{ currency: "USD", micros: 360 }],
      },
    ]);
  });

  it("answers when the provider reports no tokens, and says the cost is unknown", async () => {
    const agent = agentWith(provider, { kind: "text", text: GREETING, usage: null }, { kind: "text", text: WORDED, usage: null }, PRICE);
    const before = await metricValue(metrics().llmCallsWithoutUsage, { tenant: TENANT, revision: agent.revision.id });
    const thread = await h.newThread();
    const { result } = await turn(agent, thread, "hello there");
    // An Anthropic stream whose start carries no usage is one the Anthropic client cannot read: the code's words answer instead.
    const phrased = provider === "openai";
    if (phrased) expect(result.reply).toBe(WORDED);
    else expect(result.reply).toMatch(CODE_GREETING);
    expect((await llmCosts(thread)).map(({ inputTokens, outputTokens, costMicros }) => ({ inputTokens, outputTokens, costMicros }))).toEqual([
      { inputTokens: null, outputTokens: null, costMicros: null },
      { inputTokens: null, outputTokens: null, costMicros: null },
    ]);
    expect((await metricValue(metrics().llmCallsWithoutUsage, { tenant: TENANT, revision: agent.revision.id })) - before).toBe(phrased ? 2 : 1);
    expect(languageModelUseOf(await agent.incidents.timeline(TENANT, thread))).toMatchObject({ calls: 2, cost: [], callsWithoutUsage: 2 });
  });

  it("lets a slow wording stream past the model's timeout while it keeps writing, and cuts one that never starts", async () => {
    // 24 words 120 ms apart: about 2.9 s in all, never 0.8 s without a word.
    const slow = agentWith(provider, { kind: "text", text: GREETING }, { kind: "text", text: WORDED, delayMs: 120 }, undefined, 800);
    const thread = await h.newThread();
    const started = Date.now();
    const { result } = await turn(slow, thread, "hello there");
    expect(result.reply).toBe(WORDED);
    expect(Date.now() - started).toBeGreaterThan(2000);
    expect(await llmEvents(thread)).toEqual([
      { node: "intake", outcome: "ok", error: null },
      { node: "reply", outcome: "ok", error: null },
    ]);

    const silent = agentWith(provider, { kind: "text", text: GREETING }, { kind: "hang" }, undefined, 800);
    const other = await h.newThread();
    const cutAt = Date.now();
    const cut = await turn(silent, other, "hello there");
    expect(cut.result.reply).toMatch(CODE_GREETING);
    expect(Date.now() - cutAt).toBeLessThan(800 + 1500);
    expect(await llmEvents(other)).toEqual([
      { node: "intake", outcome: "ok", error: null },
      { node: "reply", outcome: "degraded", error: "llm:timeout" },
    ]);
  });

  it("never lets the model word a money outcome", async () => {
    const refund = '{"intent":"refund","reason":"duplicate","merchant":"Coffee Corner","confidence":0.9}';
    const agent = agentWith(provider, { kind: "text", text: refund }, { kind: "text", text: "Your refund was declined." });
    const thread = await h.newThread();
    const { result, stream } = await turn(agent, thread, "Coffee Corner charged me twice");
    expect(result.reply).toMatch(/^Good news: I've refunded the Coffee Corner payment of 4.90 EUR/);
    expect(stream.join("")).toBe(result.reply);
    expect(fake.requests.map(isPhrasing)).toEqual([false]);
    expect(await h.ledgerRows(result.caseId)).toHaveLength(1);
  });
});

describe("an incident replay of a turn a language model read", () => {
  it("reads the message as production did, without asking the model again", async () => {
    // Words the offline model would not read as a refund: the replay can only follow production by reusing what the model read.
    const refund = '{"intent":"refund","reason":"duplicate","merchant":"Coffee Corner","confidence":0.9}';
    const agent = agentWith("openai", { kind: "text", text: refund }, { kind: "text", text: "never asked" });
    const thread = await h.newThread();
    const { result } = await turn(agent, thread, "the usual place did the thing again");
    expect(result.reply).toMatch(/Coffee Corner/);
    expect((await agent.state(TENANT, thread)).values.heard).toMatchObject({ intent: "refund", merchant: "Coffee Corner" });
    const asked = fake.requests.length;

    const input = (await agent.incidents.timeline(TENANT, thread)).find((e) => e.kind === "checkpoint" && e.source === "input") as { checkpointId: string };
    const replay = await agent.incidents.replay(TENANT, thread, { checkpointId: input.checkpointId, systems: "recorded" });
    expect(replay?.differs).toBe(false);
    expect(replay?.sandbox.outcome).toMatchObject({ triage: "auto_approve", refund: "executed" });
    expect(fake.requests.length).toBe(asked);
  });
});
