import type { RunControl } from "@langchain/langgraph";
import type { SupersedeRequest } from "@/db/queries/threads";

/** A run answering one customer message, which a newer message on the thread may stop. */
export type TurnRun = { control: RunControl; messageId: number; superseded: boolean };

/**
 * This process's hold on a thread: how many calls hold (or are claiming) it, whether its
 * lease was lost or could not be renewed, and the graph run working on it.
 */
export type Hold = { count: number; lost: boolean; control?: RunControl };

/**
 * Runs in flight in this process, the customer turns among them by thread, the threads it
 * holds, whether it is draining, and who waits for the last run to end.
 */
export type RunRegistry = { active: Set<RunControl>; turns: Map<string, TurnRun>; held: Map<string, Hold>; draining: boolean; idle: Set<() => void> };

export const newRunRegistry = (): RunRegistry => ({ active: new Set(), turns: new Map(), held: new Map(), draining: false, idle: new Set() });

/** A run ended: it leaves the registry, and whoever waits for no run to be left hears once none is. */
export function runEnded(runs: RunRegistry, control: RunControl) {
  runs.active.delete(control);
  if (runs.active.size > 0) return;
  for (const wake of runs.idle) wake();
  runs.idle.clear();
}

/** Resolves true once no run is left in this process, or false when `timeoutMs` passes first. */
export function whenIdle(runs: RunRegistry, timeoutMs: number): Promise<boolean> {
  if (runs.active.size === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      runs.idle.delete(wake);
      resolve(false);
    }, timeoutMs);
    runs.idle.add(wake);
  });
}

/** Asks the run answering an older message on the thread, if this process holds it, to stop at the next boundary. */
export function supersede(runs: RunRegistry, request: SupersedeRequest) {
  const turn = runs.turns.get(request.threadId);
  if (turn && turn.messageId < request.messageId) stopTurn(turn);
}

/** Stops a customer turn's run at its next superstep boundary, once. */
export function stopTurn(turn: TurnRun) {
  if (turn.superseded) return;
  turn.superseded = true;
  turn.control.requestDrain("superseded by a newer customer message");
}
