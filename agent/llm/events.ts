/** The node events that record a language model's calls: what each cost, and why an answer was set aside. */
import { trace } from "@opentelemetry/api";
import type { AgentStore } from "../graph/deps";
import type { LlmFailure } from "./failure";
import { costOf, type ModelPrice, type TokenUsage } from "./usage";

/** Where a call is recorded: the turn's thread and, inside the graph, its superstep. */
export type LlmEventTarget = { tenantId: string; threadId: string; step?: number };

/** One call: how long it took, the tokens its answer reported, and, when the answer was set aside, why. */
export type LlmCall = { latencyMs: number; usage?: TokenUsage; price?: ModelPrice; failure?: LlmFailure };

/**
 * Records a call of `node` as an `llm` node event: `ok` when its answer was used, `degraded`
 * when the offline model or the code's words answered instead (the error is the failure's code,
 * its detail the response). Either way it carries the tokens the answer reported and their cost
 * by the model's price, and puts them on the node's span.
 */
export function recordLlmCall(store: Pick<AgentStore, "recordNodeEvent">, target: LlmEventTarget, node: string, call: LlmCall): Promise<void> {
  const cost = costOf(call.usage, call.price);
  trace.getActiveSpan()?.setAttributes({
    ...(cost.inputTokens !== null ? { "gen_ai.usage.input_tokens": cost.inputTokens, "gen_ai.usage.output_tokens": cost.outputTokens ?? 0 } : {}),
    ...(cost.costMicros !== null ? { "agent.llm.cost_micros": cost.costMicros, "agent.llm.cost_currency": cost.costCurrency ?? "" } : {}),
  });
  return store.recordNodeEvent({
    ...target,
    node,
    system: "llm",
    outcome: call.failure ? "degraded" : "ok",
    latencyMs: call.latencyMs,
    ...cost,
    ...(call.failure ? { error: call.failure.code, response: { detail: call.failure.detail } } : {}),
  });
}
