import { Command, type LangGraphRunnableConfig, type NodeError } from "@langchain/langgraph";
import type { AgentDeps } from "../deps";
import type { AgentUpdate, SystemName } from "../state";
import { degraded } from "./degraded";

/** What `Send` hands each parallel check. */
export type CheckTask = {
  system: SystemName;
  tenantId: string;
  customerId: string;
  threadId: string;
  transactionId?: string;
};

function ask(deps: AgentDeps, task: CheckTask, signal?: AbortSignal) {
  const ref = { tenantId: task.tenantId, customerId: task.customerId };
  switch (task.system) {
    case "limits":
      return deps.bank.limits(ref, signal);
    case "history":
      return deps.bank.history(ref, signal);
    case "antifraud":
      if (!task.transactionId) throw new Error("antifraud needs a transaction");
      return deps.bank.antifraud({ ...ref, transactionId: task.transactionId }, signal);
  }
}

function taskRequest(task: CheckTask) {
  return { customerId: task.customerId, ...(task.transactionId ? { transactionId: task.transactionId } : {}) };
}

/**
 * Asks one bank system. Runs beside the other checks in one superstep; retries and the
 * timeout come from the node's policy, and `degradeCheck` takes over once they are spent.
 * Every attempt is recorded with what was asked and answered.
 */
export const checkSystem = (deps: AgentDeps) =>
  async function checkSystem(task: CheckTask, config: LangGraphRunnableConfig): Promise<AgentUpdate> {
    const started = Date.now();
    const event = {
      tenantId: task.tenantId,
      threadId: task.threadId,
      node: "checkSystem",
      system: task.system,
      step: Number(config.metadata?.langgraph_step ?? -1),
      request: taskRequest(task),
    };
    try {
      const facts = await ask(deps, task, config.signal);
      const latencyMs = Date.now() - started;
      await deps.store.recordNodeEvent({ ...event, outcome: "ok", latencyMs, response: facts });
      return { checks: { [task.system]: { status: "ok", facts, latencyMs } } };
    } catch (error) {
      const message = (error as Error).message || String(error);
      await deps.store.recordNodeEvent({ ...event, outcome: "error", latencyMs: Date.now() - started, error: message });
      throw error;
    }
  };

/**
 * After the last retry: the check is recorded as unavailable instead of failing the turn,
 * and the turn goes on to triage (an error handler does not follow the node's own edges,
 * so a turn whose every check failed would otherwise end without an answer).
 */
export const degradeCheck = (deps: AgentDeps) =>
  async function degradeCheck(task: CheckTask, failure: NodeError, config?: LangGraphRunnableConfig): Promise<Command> {
    const reason = failure.error?.message || "no answer";
    degraded({ tenantId: task.tenantId, threadId: task.threadId, node: "checkSystem", system: task.system });
    await deps.store.recordNodeEvent({
      tenantId: task.tenantId,
      threadId: task.threadId,
      node: "checkSystem",
      system: task.system,
      outcome: "degraded",
      latencyMs: 0,
      error: reason,
      step: Number(config?.metadata?.langgraph_step ?? -1),
      request: taskRequest(task),
    });
    const update: AgentUpdate = { checks: { [task.system]: { status: "unavailable", reason } } };
    return new Command({ update, goto: "triage" });
  };
