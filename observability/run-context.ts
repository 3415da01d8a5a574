import { AsyncLocalStorage } from "node:async_hooks";

const runs = new AsyncLocalStorage<string>();

/** Runs `work` as the graph run `runId`: node events logged inside it name the run. */
export function inRun<T>(runId: string, work: () => Promise<T>): Promise<T> {
  return runs.run(runId, work);
}

/** The graph run the caller is part of, if any. */
export const currentRunId = (): string | undefined => runs.getStore();
