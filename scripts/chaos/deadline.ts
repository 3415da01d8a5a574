/**
 * Deadlines for the harnesses' waits (the chaos campaign's and the topology test's): a wait
 * that runs out rejects with a message naming what it waited for, so a stalled proof fails
 * and says where instead of hanging.
 */

/** A wait that ran out. */
export class DeadlineError extends Error {
  override name = "DeadlineError";
}

export const inSeconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/**
 * Runs `work` with a signal that aborts after `ms`. When the deadline passes first, rejects
 * with `chaos: <failure> within <ms> s` and `detail()` (what was seen last), whether or not
 * `work` heeds the signal.
 */
export function within<T>(ms: number, failure: string, work: (signal: AbortSignal) => Promise<T>, detail?: () => string): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const seen = detail?.();
      const error = new DeadlineError(`chaos: ${failure} within ${inSeconds(ms)}${seen ? ` (${seen})` : ""}`);
      controller.abort(error);
      reject(error);
    }, ms);
  });
  return Promise.race([work(controller.signal), late]).finally(() => clearTimeout(timer));
}

export type Answer = { status: number; text: string; headers: Headers };

/** One HTTP request, its answer read to the end, within `ms`; the deadline names the request. */
export function fetchWithin(url: string, ms: number, init: RequestInit = {}): Promise<Answer> {
  return within(ms, `${init.method ?? "GET"} ${url} got no complete answer`, async (signal) => {
    const res = await fetch(url, { ...init, signal: init.signal ? AbortSignal.any([init.signal, signal]) : signal });
    return { status: res.status, text: await res.text(), headers: res.headers };
  });
}
