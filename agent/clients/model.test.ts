import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { understandMessage } from "../understanding";
import { createChatModel } from "./model";

/** A minimal OpenAI-compatible server on loopback that records what it was asked. */
let server: Server;
let baseUrl = "";
const received: { auth?: string; body: { model: string; messages: { role: string; content: string }[] } }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      received.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
      const content = JSON.stringify({
        intent: "refund",
        reason: "unrecognised",
        merchant: "Electro Mart",
        amountMinor: 124900,
        confidence: 0.9,
        approved: true,
      });
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({
          id: "chatcmpl-1",
          object: "chat.completion",
          created: 0,
          model: "local-model",
          choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content } }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("an OpenAI-compatible server behind LLM_BASE_URL", () => {
  it("is asked with the customer's transactions and its JSON answer becomes an understanding, never an approval", async () => {
    const model = createChatModel({ LLM_BASE_URL: baseUrl, LLM_API_KEY: "secret-key", LLM_MODEL: "local-model" });
    const transactions = [{ id: "tx-1", merchant: "Electro Mart", amountMinor: 124_900, currency: "EUR", postedAt: "2026-11-24T22:00:00.000Z", country: "DE" }];
    const understanding = await understandMessage(model, {
      messages: [{ role: "customer", text: "Electro Mart took 1249, not me" }],
      transactions,
      today: "2026-11-30",
    });
    expect(understanding).toMatchObject({ intent: "refund", reason: "unrecognised", merchant: "Electro Mart", amountMinor: 124_900 });
    expect(understanding).not.toHaveProperty("approved");
    const request = received.at(-1)!;
    expect(request.auth).toBe("Bearer secret-key");
    expect(request.body.model).toBe("local-model");
    expect(request.body.messages[0]!.content).toContain("Electro Mart");
    expect(request.body.messages.at(-1)).toMatchObject({ role: "user", content: "Electro Mart took 1249, not me" });
  });

  it("works with a server that needs no key", async () => {
    const model = createChatModel({ LLM_BASE_URL: baseUrl, LLM_MODEL: "local-model" });
    const understanding = await understandMessage(model, { messages: [{ role: "customer", text: "hi" }], transactions: [], today: "2026-11-30" });
    expect(understanding.intent).toBe("refund");
  });
});
