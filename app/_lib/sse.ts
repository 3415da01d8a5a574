import { failureFields, log } from "@/observability/log";
import { ApiError, type ErrorCode } from "./errors";

/**
 * How every event stream of the app tells a failure (an `error` event, or the session's end as
 * `signed_out`): the API's error body, `{code, message}`, with `error` repeating the code,
 * which is where LangGraph's clients (the SDK, useStream) read an error's name.
 */
export type StreamError = { code: ErrorCode; message: string; error: ErrorCode };

export const streamError = (code: ErrorCode, message: string): StreamError => ({ code, message, error: code });

/** One server-sent event. */
export function sseEvent(event: string, data: unknown): Uint8Array {
  return new TextEncoder().encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** A comment line: keeps a quiet stream open through proxies. */
export function sseComment(text: string): Uint8Array {
  return new TextEncoder().encode(`: ${text}\n\n`);
}

/**
 * A failure as the stream's `error` event: a refusal or timeout by its code, anything else
 * logged (`stream.failed`, with `context`: the stream's name and ids, never data) and told as
 * ours, `internal:<surface>`.
 */
export function errorEvent(error: unknown, surface: string, context: { stream: string } & Record<string, string | undefined>): Uint8Array {
  if (error instanceof ApiError) return sseEvent("error", streamError(error.code, error.message));
  log().error({ event: "stream.failed", ...context, ...failureFields(error) });
  return sseEvent("error", streamError(`internal:${surface}`, "Something went wrong on our side."));
}

/** An event stream's response; `headers` adds to the stream's own (the run a LangGraph stream carries, say). */
export function sseResponse(body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache, no-transform", connection: "keep-alive", ...headers },
  });
}
