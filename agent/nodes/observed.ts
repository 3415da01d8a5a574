import { isGraphBubbleUp, type LangGraphRunnableConfig } from "@langchain/langgraph";
import type { AgentDeps } from "../deps";
import type { AgentStateType, AgentUpdate } from "../state";
import { upgradeState } from "../upgrade";

type Node = (state: AgentStateType, config: LangGraphRunnableConfig) => Promise<AgentUpdate>;

/**
 * Runs a node on the state upgraded to the current schema version, and records one node
 * event per attempt (latency, outcome, error) for the incident viewer. An interrupt is
 * control flow, not a failure, and passes through unrecorded.
 */
export function observed(deps: AgentDeps, name: string, node: Node): Node {
  const run = async (stored: AgentStateType, config: LangGraphRunnableConfig) => {
    const state = upgradeState(stored);
    const started = Date.now();
    const event = {
      tenantId: state.tenantId,
      threadId: String(config.configurable?.thread_id),
      node: name,
      step: Number(config.metadata?.langgraph_step ?? -1),
    };
    try {
      const update = await node(state, config);
      await deps.store.recordNodeEvent({ ...event, outcome: "ok", latencyMs: Date.now() - started });
      return update;
    } catch (error) {
      if (!isGraphBubbleUp(error)) {
        await deps.store.recordNodeEvent({ ...event, outcome: "error", latencyMs: Date.now() - started, error: (error as Error).message });
      }
      throw error;
    }
  };
  Object.defineProperty(run, "name", { value: name });
  return run;
}
