/** Why a language model's answer was not used, and the bound every call to one runs under. */

/**
 * `unavailable`: no answer (connection refused, HTTP error after retries); `timeout`: no answer
 * in time; `refused`: the provider or the model declined; `malformed`: an answer that is not
 * what was asked for (no valid JSON, an empty or runaway reply); `unsupported`: a reply naming
 * figures its facts do not contain.
 */
export type LlmFailureCode = "llm:unavailable" | "llm:timeout" | "llm:refused" | "llm:malformed" | "llm:unsupported";

/** A language-model call whose answer the agent does not use; `code` is what the node event records. */
export class LlmFailure extends Error {
  constructor(
    readonly code: LlmFailureCode,
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
    this.name = "LlmFailure";
  }
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 300) || "no answer";
}

/**
 * Runs `call` with a signal that aborts when the caller's `signal` does or after `timeoutMs`.
 * Every failure of the model becomes an LlmFailure; the caller's own abort (the run was
 * stopped) is rethrown as it is, since then nobody waits for an answer at all.
 */
export async function callWithin<T>(timeoutMs: number, signal: AbortSignal | undefined, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new LlmFailure("llm:timeout", `no answer within ${timeoutMs} ms`)), timeoutMs);
  const bounded = signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal;
  try {
    return await call(bounded);
  } catch (error) {
    if (signal?.aborted) throw error;
    if (error instanceof LlmFailure) throw error;
    if (deadline.signal.aborted) throw deadline.signal.reason as LlmFailure;
    const name = error instanceof Error ? error.name : "";
    if (/timeout/i.test(name)) throw new LlmFailure("llm:timeout", describe(error));
    throw new LlmFailure("llm:unavailable", describe(error));
  } finally {
    clearTimeout(timer);
    // A call that ended early (a refusal mid-stream, a runaway reply) stops its request too.
    deadline.abort(new Error("the call is over"));
  }
}
