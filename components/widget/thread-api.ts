import { Client } from "@langchain/langgraph-sdk";
import { apiErrorOf, ApiRequestError, networkError, requestJson } from "@/components/api/request-json";
import type { ThreadStatus, ThreadView } from "./types";

const threadUrl = (threadId: string) => `/api/threads/${encodeURIComponent(threadId)}`;

export function fetchThread(threadId: string, signal?: AbortSignal): Promise<ThreadView> {
  return requestJson<ThreadView>(threadUrl(threadId), { signal });
}

export function createThread(): Promise<{ threadId: string; status: ThreadStatus }> {
  return requestJson("/api/threads", { method: "POST" });
}

/** Thrown when the server refused the message before running the turn: nothing was kept. */
export class MessageRefused extends ApiRequestError {
  constructor(error: ApiRequestError) {
    super(error.status, error.code, error.message, error.body);
    this.name = "MessageRefused";
  }
}

/** The graph the app serves, by the name the LangGraph API also accepts as its assistant's id. */
const GRAPH = "agent";

/**
 * The official LangGraph SDK on the app's own LangGraph API, with the session cookie. It
 * never sends a message again by itself: a message whose answer was not heard stays in the
 * widget's outbox, and the widget sends it again under the same id.
 */
function langGraph(): Client {
  return new Client({ apiUrl: `${window.location.origin}/api/langgraph`, apiKey: null, callerOptions: { maxRetries: 0 } });
}

type Values = { messages?: { type: string; id?: string; content: unknown }[] };
type StreamError = { code?: unknown; message?: unknown };

/** The agent's stored answer to the message `messageId` in a run's last values: the first ai message after it. */
function answerTo(values: Values | null, messageId: string): string {
  const messages = values?.messages ?? [];
  const asked = messages.findIndex((m) => m.type === "human" && m.id === messageId);
  const answer = asked < 0 ? undefined : messages.slice(asked + 1).find((m) => m.type === "ai");
  return typeof answer?.content === "string" ? answer.content : "";
}

/** A failure told inside the run's stream: a session that ended is a 401, anything else ends the turn unheard. */
function streamFailure(data: StreamError): ApiRequestError {
  const code = String(data.code ?? "internal:run");
  const message = String(data.message ?? "The agent could not answer.");
  return new ApiRequestError(code.startsWith("unauthorized:") ? 401 : 0, code, message);
}

/**
 * Sends one message as a LangGraph run and streams the agent's reply: `onToken` gets each
 * piece as it is written, `onReset` says the pieces so far are withdrawn (the words that
 * replace them stream under a new message id); resolves with the stored answer once the
 * run ends (a message that waits behind another turn is answered in its turn), rejects with
 * the server's refusal (a MessageRefused: nothing was kept) or the stream's failure (a 401
 * when the session ends meanwhile). The message's id is the run's: sent again under the
 * same `clientMessageId`, it is stored and answered once.
 */
export async function streamMessage(
  threadId: string,
  text: string,
  clientMessageId: string,
  onToken: (piece: string) => void,
  onReset: () => void = () => undefined,
): Promise<string> {
  let heard = false;
  let wording: string | null = null;
  let values: Values | null = null;
  try {
    const run = langGraph().runs.stream(threadId, GRAPH, {
      input: { messages: [{ type: "human", id: clientMessageId, content: text }] },
      streamMode: ["messages-tuple", "values"],
    });
    for await (const { event, data } of run) {
      heard = true;
      if (event === "messages") {
        const [chunk] = data as [{ id?: string; content?: unknown }, unknown];
        if (wording !== null && chunk.id !== wording) onReset();
        wording = chunk.id ?? null;
        if (typeof chunk.content === "string" && chunk.content) onToken(chunk.content);
      } else if (event === "values" && Array.isArray((data as Values).messages)) {
        values = data as Values;
      } else if (event === "error") {
        throw streamFailure(data as StreamError);
      }
    }
  } catch (error) {
    if (error instanceof ApiRequestError) throw error;
    const refused = error as { status?: unknown; text?: unknown };
    if (!heard && typeof refused.status === "number") throw new MessageRefused(apiErrorOf(refused.status, String(refused.text ?? "")));
    if (!heard) throw new MessageRefused(networkError());
    throw new ApiRequestError(0, "network:stream", "The reply was cut off. The conversation below shows what the bank received.");
  }
  if (!values) throw new ApiRequestError(0, "network:stream", "The reply ended early. The conversation below shows what the bank received.");
  return answerTo(values, clientMessageId);
}
