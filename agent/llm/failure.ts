/** Why a language model's answer was not used, and the bound every call to one runs under. */
import type { TokenUsage } from "./usage";

/**
 * `unavailable`: no answer (connection refused, HTTP error after retries); `timeout`: no answer
 * in time; `refused`: the provider or the model declined; `malformed`: an answer that is not
 * what was asked for (no valid JSON, an empty or runaway reply); `unsupported`: a reply naming
 * figures its facts do not contain.
 */
export type LlmFailureCode = "llm:unavailable" | "llm:timeout" | "llm:refused" | "llm:malformed" | "llm:unsupported";

/** A language-model call whose answer the agent does not use; `code` is what the node event records, `usage` the tokens the answer reported. */
export class LlmFailure extends Error {
  constructor(
    readonly code: LlmFailureCode,
    readonly detail: string,
    readonly usage?: TokenUsage,
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
export function callWithin<T>(timeoutMs: number, signal: AbortSignal | undefined, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  return callWhileAlive({ firstMs: timeoutMs }, signal, (bounded) => call(bounded));
}

/**
 * `callWithin` for a stream: the first piece must come within `firstMs`, and each next one
 * within `idleMs` of the last (the call calls `alive()` for each), so a slow stream lives as
 * long as it keeps writing and a silent one is cut. Without `idleMs`, `firstMs` bounds the call.
 */
export async function callWhileAlive<T>(
  limits: { firstMs: number; idleMs?: number },
  signal: AbortSignal | undefined,
  call: (signal: AbortSignal, alive: () => void) => Promise<T>,
): Promise<T> {
  const deadline = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const wait = (ms: number, what: string) => {
    clearTimeout(timer);
    timer = setTimeout(() => deadline.abort(new LlmFailure("llm:timeout", `${what} within ${ms} ms`)), ms);
  };
  wait(limits.firstMs, "no answer");
  const { idleMs } = limits;
  const alive = idleMs === undefined ? () => undefined : () => wait(idleMs, "no more of the answer");
  const bounded = signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal;
  try {
    return await call(bounded, alive);
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
