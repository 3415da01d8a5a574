/**
 * The turn's deadline: when the customer must have an answer. A run carries it (the runtime
 * starts each run with one, from TURN_DEADLINE_MS); bank-system checks and language-model
 * calls bound their attempts by the time it leaves, and a check whose next attempt cannot
 * finish in that time degrades at once, as after its last attempt. A run without one (an
 * incident replay, `langgraph dev`) has all the time its own timeouts give it.
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** The turn's deadline (epoch milliseconds) for the work run inside it: `turnDeadline.run(at, work)`. */
export const turnDeadline = new AsyncLocalStorage<number>();

/** Milliseconds until the turn's deadline (0 once it passed); Infinity outside a turn with one. */
export function turnTimeLeftMs(now = Date.now()): number {
  const at = turnDeadline.getStore();
  return at === undefined ? Number.POSITIVE_INFINITY : Math.max(0, at - now);
}

/** `ms`, or less when the turn's deadline comes first. */
export function withinTurn(ms: number, now = Date.now()): number {
  return Math.min(ms, turnTimeLeftMs(now));
}
