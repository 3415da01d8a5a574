import type { RunBody, RunResult } from "@/app/api/langgraph/schema";
import type { OpenSession } from "../session";
import { followSession, SESSION_ENDED } from "../session-streams";
import { sseEvent } from "../sse";

/** The stream modes a client asked for; the Platform streams `values` when none is named. */
export function streamModes(mode: RunBody["stream_mode"]): Set<string> {
  if (!mode) return new Set(["values"]);
  return new Set(Array.isArray(mode) ? mode : [mode]);
}

/**
 * Aborts when the client goes away: the request's own signal, or the stream's cancel (call
 * `stop` from it). Waits on the run pass it on and end with it.
 */
export function listenerSignal(req: Request): { signal: AbortSignal; stop: () => void } {
  const cancelled = new AbortController();
  return { signal: AbortSignal.any([req.signal, cancelled.signal]), stop: () => cancelled.abort() };
}

/**
 * Closes the stream with an `error` event (`unauthorized:session_ended`, as the SDK reads a
 * failure) when the session that opened it ends. `stop` stops the stream hearing its run and
 * says whether it still listened; the returned function stops following the session.
 */
export function endWithSession(session: OpenSession, controller: ReadableStreamDefaultController<Uint8Array>, stop: () => boolean): Promise<() => void> {
  return followSession(session, () => {
    if (!stop()) return;
    controller.enqueue(sseEvent("error", SESSION_ENDED));
    controller.close();
  });
}

/**
 * A finished run's events, as the Platform sends them: the values, then, while a refund
 * waits for a decision, the interrupt as a `values` chunk of its own (clients such as
 * useStream keep the values and add the interrupt) and as an `updates` chunk.
 */
export function resultEvents(result: RunResult, modes: Set<string>): Uint8Array[] {
  const { __interrupt__, ...values } = result;
  const events: Uint8Array[] = [];
  if (modes.has("updates") && __interrupt__) events.push(sseEvent("updates", { __interrupt__ }));
  if (modes.has("values")) {
    events.push(sseEvent("values", values));
    if (__interrupt__) events.push(sseEvent("values", { __interrupt__ }));
  }
  return events;
}
