/**
 * A language-model server for tests, on loopback: OpenAI chat completions at
 * `/v1/chat/completions` and Anthropic Messages at `/v1/messages`, each streaming or not,
 * answering what the test's script says. It records every request and every stream a client
 * left before its end.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { answerAnthropic, anthropicError, readAnthropicRequest, streamAnthropic } from "./anthropic";
import { answerOpenAi, openAiError, readOpenAiRequest, streamOpenAi } from "./openai";
import type { FakeProtocol, FakeRequest, Script } from "./script";

export type LlmFake = {
  /** The base URL for LLM_BASE_URL with LLM_PROVIDER=openai (ends in /v1). */
  openaiUrl: string;
  /** The base URL for LLM_BASE_URL with LLM_PROVIDER=anthropic. */
  anthropicUrl: string;
  requests: FakeRequest[];
  /** Streams written to the end, and streams whose client went away before it. */
  streams: { protocol: FakeProtocol; completed: boolean }[];
  /** Replaces the script for the requests that follow. */
  answer(script: Script): void;
  close(): Promise<void>;
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => resolve(raw));
    req.on("error", reject);
  });
}

export async function startLlmFake(script: Script): Promise<LlmFake> {
  let current = script;
  const requests: FakeRequest[] = [];
  const streams: LlmFake["streams"] = [];
  const hanging = new Set<ServerResponse>();

  const server = createServer(async (req, res) => {
    const protocol: FakeProtocol | null =
      req.method === "POST" && req.url?.endsWith("/chat/completions") ? "openai" : req.method === "POST" && req.url?.endsWith("/messages") ? "anthropic" : null;
    if (!protocol) {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
      return;
    }
    const body = JSON.parse(await readBody(req));
    const read = protocol === "openai" ? readOpenAiRequest(body) : readAnthropicRequest(body);
    const request: FakeRequest = { protocol, ...read, headers: req.headers };
    requests.push(request);
    const answer = current(request);
    if (answer.kind === "status") {
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(JSON.stringify(protocol === "openai" ? openAiError(answer.status) : anthropicError(answer.status)));
      return;
    }
    if (answer.kind === "hang") {
      hanging.add(res);
      res.writeHead(200, { "content-type": request.stream ? "text/event-stream" : "application/json" });
      res.flushHeaders();
      res.on("close", () => hanging.delete(res));
      return;
    }
    if (!request.stream) {
      if (protocol === "openai") answerOpenAi(res, request.model, answer);
      else answerAnthropic(res, request.model, answer);
      return;
    }
    const entry = { protocol, completed: false };
    streams.push(entry);
    entry.completed =
      protocol === "openai"
        ? await streamOpenAi(res, request.model, answer, Boolean(body.stream_options?.include_usage))
        : await streamAnthropic(res, request.model, answer);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    openaiUrl: `${origin}/v1`,
    anthropicUrl: origin,
    requests,
    streams,
    answer(next) {
      current = next;
    },
    close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
