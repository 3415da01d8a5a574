/** The node event that records a language model's answer set aside for the offline model or the code's words. */
import type { AgentStore } from "../graph/deps";
import type { LlmFailure } from "./failure";

/** Where a degraded call is recorded: the turn's thread and, inside the graph, its superstep. */
export type LlmEventTarget = { tenantId: string; threadId: string; step?: number };

/** Records `failure` as a degraded `llm` call of `node`; the error is the failure's code, its detail the response. */
export function recordLlmDegraded(
  store: Pick<AgentStore, "recordNodeEvent">,
  target: LlmEventTarget,
  node: string,
  failure: LlmFailure,
  latencyMs: number,
): Promise<void> {
  return store.recordNodeEvent({
    ...target,
    node,
    system: "llm",
    outcome: "degraded",
    latencyMs,
    error: failure.code,
    response: { detail: failure.detail },
  });
}
