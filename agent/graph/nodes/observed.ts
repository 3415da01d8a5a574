import { isGraphBubbleUp, type LangGraphRunnableConfig } from "@langchain/langgraph";
import { context, trace } from "@opentelemetry/api";
import { errorClass, log } from "@/observability/log";
import { metrics, stopwatch } from "@/observability/metrics";
import { currentRunTrace } from "@/observability/graph-trace";
import { currentRunId, defined, recordFailure, tracer } from "@/observability/tracing";
import type { AgentDeps } from "../deps";
import type { AgentStateType, AgentUpdate } from "../state";
import { upgradeState } from "../upgrade";
import { InvalidState, validState } from "../state-schema";

/** The stored state, upgraded and checked; one that does not fit is counted and logged with the fields it got wrong. */
function readState(stored: AgentStateType, node: string): AgentStateType {
  try {
    return validState(upgradeState(stored));
  } catch (error) {
    if (error instanceof InvalidState) {
      metrics().invalidStates.inc({ node });
      log().error({ event: "state.invalid", tenantId: stored.tenantId, node, problems: error.problems });
    }
    throw error;
  }
}

type Node = (state: AgentStateType, config: LangGraphRunnableConfig) => Promise<AgentUpdate>;

/** What a node's input may say about where it runs: the state, or a check's task. */
type Located = { tenantId?: string; system?: string };

/**
 * Logs one `node.attempt` event per attempt of a node (thread, run, node, attempt,
 * latency, outcome, error class), measures its latency by node, and traces it: a span
 * named after the node, under its superstep's span, current while the node works (the bank
 * calls it makes are its children). Ids and classes only: the input, the update and error
 * messages never reach the log or the span. An interrupt or a drain is `interrupted`. The
 * node's database work is the tenant's its input names (row-level security holds it there).
 */
export function measured<I, O>(name: string, node: (input: I, config: LangGraphRunnableConfig) => Promise<O>) {
  const run = async (input: I, config: LangGraphRunnableConfig): Promise<O> => {
    const timer = stopwatch();
    const located = (input ?? {}) as Located;
    const attempt = config.executionInfo?.nodeAttempt ?? 1;
    const runTrace = currentRunTrace();
    const span = tracer().startSpan(
      name,
      {
        attributes: defined({
          "langgraph.node": name,
          "langgraph.step": config.metadata?.langgraph_step as number | undefined,
          "agent.attempt": attempt,
          "bank.system": typeof located.system === "string" ? located.system : undefined,
        }),
      },
      runTrace?.nodeContext(config) ?? context.active(),
    );
    runTrace?.taskRan(config, name, span);
    const done = (outcome: "ok" | "error" | "interrupted", error?: unknown) => {
      const latencyMs = timer.ms();
      metrics().nodeDuration.observe({ node: name, outcome }, timer.seconds());
      log()[outcome === "error" ? "warn" : "info"]({
        event: "node.attempt",
        tenantId: located.tenantId,
        threadId: config.configurable?.thread_id,
        runId: currentRunId(),
        node: name,
        ...(typeof located.system === "string" ? { system: located.system } : {}),
        attempt,
        latencyMs,
        outcome,
        ...(error === undefined ? {} : { errorClass: errorClass(error) }),
      });
      span.setAttribute("agent.outcome", outcome);
      if (outcome === "error") recordFailure(span, error);
      span.end();
    };
    try {
      const output = await context.with(trace.setSpan(context.active(), span), () => node(input, config));
      done("ok");
      return output;
    } catch (error) {
      done(isGraphBubbleUp(error) ? "interrupted" : "error", isGraphBubbleUp(error) ? undefined : error);
      throw error;
    }
  };
  Object.defineProperty(run, "name", { value: name });
  return run;
}

/**
 * Runs a node on the state upgraded to the current schema version and checked against the
 * state's schema, and records one node event per attempt (latency, outcome, error) for the
 * incident viewer. A state that does not fit fails the run, never used as it is: its node event
 * names the fields (`state:invalid: ...`), `bank_state_invalid_total` counts it and the ops page
 * shows it. An interrupt is control flow, not a failure, and passes through unrecorded. Every
 * attempt is logged and measured (`measured`).
 */
export function observed(deps: AgentDeps, name: string, node: Node): Node {
  const run = async (stored: AgentStateType, config: LangGraphRunnableConfig) => {
    const timer = stopwatch();
    const event = {
      tenantId: stored.tenantId,
      threadId: String(config.configurable?.thread_id),
      node: name,
      step: Number(config.metadata?.langgraph_step ?? -1),
    };
    try {
      const state = readState(stored, name);
      const update = await node(state, config);
      await deps.store.recordNodeEvent({ ...event, outcome: "ok", latencyMs: timer.ms() });
      return update;
    } catch (error) {
      if (!isGraphBubbleUp(error)) {
        await deps.store.recordNodeEvent({ ...event, outcome: "error", latencyMs: timer.ms(), error: (error as Error).message });
      }
      throw error;
    }
  };
  return measured(name, run);
}
