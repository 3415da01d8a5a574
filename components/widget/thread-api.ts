import { ApiRequestError, networkError, readApiError, requestJson } from "@/components/api/request-json";
import { readSse } from "./sse";
import type { ThreadStatus, ThreadView, TurnDone } from "./types";

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

/**
 * Sends one message and streams the agent's reply: `onToken` gets each piece as it is
 * written, `onReset` says the pieces so far are withdrawn (the bank's own words follow);
 * resolves with the `done` event, whose reply is the stored answer, rejects with the
 * server's error (a 401 when the session ends meanwhile). A message sent again with the same `clientMessageId` is stored and
 * answered once.
 */
export async function streamMessage(
  threadId: string,
  text: string,
  clientMessageId: string,
  onToken: (piece: string) => void,
  onReset: () => void = () => undefined,
): Promise<TurnDone> {
  let res: Response;
  try {
    res = await fetch(`${threadUrl(threadId)}/messages`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify({ text, clientMessageId }),
    });
  } catch {
    throw new MessageRefused(networkError());
  }
  if (!res.ok) throw new MessageRefused(await readApiError(res));
  if (!res.body || !(res.headers.get("content-type") ?? "").includes("text/event-stream")) {
    const done = (await res.json()) as TurnDone;
    onToken(done.reply);
    return done;
  }
  try {
    for await (const { event, data } of readSse(res.body)) {
      const payload = JSON.parse(data) as Record<string, unknown>;
      if (event === "token" && typeof payload.text === "string") onToken(payload.text);
      else if (event === "reset") onReset();
      else if (event === "done") return payload as unknown as TurnDone;
      else if (event === "queued") return { reply: "", status: "busy", caseId: null };
      else if (event === "error") {
        throw new ApiRequestError(0, String(payload.code ?? "internal:turn"), String(payload.message ?? "The agent could not answer."));
      } else if (event === "signed_out") {
        // The session ended mid-reply (signed out elsewhere, expired): the reply is stored, but not for this visitor to read.
        throw new ApiRequestError(401, String(payload.code), String(payload.message));
      }
    }
  } catch (error) {
    if (error instanceof ApiRequestError) throw error;
    throw new ApiRequestError(0, "network:stream", "The reply was cut off. The conversation below shows what the bank received.");
  }
  throw new ApiRequestError(0, "network:stream", "The reply ended early. The conversation below shows what the bank received.");
}
