import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgent, type Agent } from "@/agent";
import { createChatModel } from "@/agent/clients/model";
import * as runStream from "@/app/api/langgraph/threads/[id]/runs/stream/route";
import { createSession } from "@/app/_lib/session";
import { agentHarness, FAST_SETTINGS } from "@/test/agent-support";
import { cookie } from "@/test/bad-input-corpus";
import { isPhrasing, words } from "@/test/llm-fakes/script";
import { startLlmFake, type LlmFake } from "@/test/llm-fakes/server";

/**
 * The LangGraph-compatible run stream with a language model that words a reply and then has
 * it withdrawn (a content filter after a few words): the words that replace it must not be
 * glued onto the withdrawn ones in a client that joins chunks by message id.
 */
const h = agentHarness();
const GREETING = '{"intent":"greeting","confidence":0.95}';
const FILTERED = "Hello there, let me see what I am allowed to say";
let fake: LlmFake;
let token: string;
const app = globalThis as unknown as { __bankAgent?: Agent };

beforeAll(async () => {
  await h.freshStart();
  fake = await startLlmFake((request) => (isPhrasing(request) ? { kind: "content_filter", text: FILTERED, delayMs: 5 } : { kind: "text", text: GREETING }));
  const model = createChatModel({ LLM_PROVIDER: "openai", LLM_BASE_URL: fake.openaiUrl, LLM_MODEL: "fake-model" });
  app.__bankAgent = createAgent({ db: h.db, pool: h.pool, deps: { model, settings: { ...FAST_SETTINGS, llmTimeoutMs: 5000 } } });
  token = (await createSession(h.db, "user-alice")).token;
});
afterAll(async () => {
  await app.__bankAgent?.close();
  delete app.__bankAgent;
  await fake.close();
  await h.pool.end();
});

/** The events of a server-sent event stream, in order. */
function events(text: string): { event: string; data: unknown }[] {
  return text
    .split("\n\n")
    .filter((block) => block.startsWith("event: "))
    .map((block) => {
      const [head, ...rest] = block.split("\n");
      return { event: head.slice("event: ".length), data: JSON.parse(rest.join("\n").replace(/^data: /, "")) };
    });
}

describe("the run stream when a wording is withdrawn midway", () => {
  it("streams the replacement under a new message id, and the final values hold only the stored answer", async () => {
    const thread = await h.newThread("cust-alice");
    const body = { assistant_id: "agent", input: { messages: [{ type: "human", content: "hello there" }] }, stream_mode: ["messages-tuple", "values"] };
    const req = new Request(`http://localhost/api/langgraph/threads/${thread}/runs/stream`, {
      method: "POST",
      headers: { cookie: cookie(token), "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const res = await runStream.POST(req, { params: Promise.resolve({ id: thread }) } as never);
    expect(res.status).toBe(200);
    const all = events(await res.text());

    const chunks = all.filter((e) => e.event === "messages").map((e) => (e.data as [{ id: string; content: string }])[0]);
    const ids = [...new Set(chunks.map((c) => c.id))];
    expect(ids).toHaveLength(2);
    const textOf = (id: string) =>
      chunks
        .filter((c) => c.id === id)
        .map((c) => c.content)
        .join("");
    expect(words(FILTERED).join("")).toContain(textOf(ids[0]!).trim());
    expect(textOf(ids[0]!).length).toBeGreaterThan(0);
    expect(textOf(ids[1]!)).toMatch(/^Hello! I can help with /);

    const values = all.filter((e) => e.event === "values").at(-1)!.data as { messages: { type: string; content: string }[] };
    expect(values.messages.map((m) => m.type)).toEqual(["human", "ai"]);
    expect(values.messages[1]!.content).toBe(textOf(ids[1]!));
  });
});
