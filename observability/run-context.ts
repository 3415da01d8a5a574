import { AsyncLocalStorage } from "node:async_hooks";
import type { RunTrace } from "./graph-trace";

type Run = { runId: string; trace?: RunTrace };

const runs = new AsyncLocalStorage<Run>();

/**
 * Runs `work` as the graph run `runId`: node events logged inside it name the run, and
 * its spans (steps, nodes, checkpoint writes) go under `trace` when tracing is on.
 */
export function inRun<T>(runId: string, work: () => Promise<T>, trace?: RunTrace): Promise<T> {
  return runs.run({ runId, trace }, work);
}

/** The graph run the caller is part of, if any. */
export const currentRunId = (): string | undefined => runs.getStore()?.runId;

/** The spans of the graph run the caller is part of, when it is traced. */
export const currentRunTrace = (): RunTrace | undefined => runs.getStore()?.trace;
