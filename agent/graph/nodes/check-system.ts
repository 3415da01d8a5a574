import { Command, type LangGraphRunnableConfig, type NodeError } from "@langchain/langgraph";
import type { AgentDeps } from "../deps";
import type { AgentUpdate, SystemName } from "../state";
import { degraded } from "./degraded";
import { turnTimeLeftMs, withinTurn } from "../deadline";

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

/** The wait before attempt `attempt + 1` (LangGraph's retry: the first interval, doubled after each attempt). */
const backoffMs = (deps: AgentDeps, attempt: number) => deps.settings.retryInitialMs * 2 ** (attempt - 1);

/**
 * Asks one bank system. Runs beside the other checks in one superstep; retries and the
 * timeout come from the node's policy, and `degradeCheck` takes over once they are spent.
 * Every attempt is recorded with what was asked and answered. The turn's deadline bounds it
 * too: an attempt waits no longer than the time the turn has left, and when another attempt
 * could not finish in that time (its wait and its timeout), the check degrades now, as after
 * its last attempt, so the customer's answer comes within the deadline.
 */
export const checkSystem = (deps: AgentDeps) =>
  async function checkSystem(task: CheckTask, config: LangGraphRunnableConfig): Promise<AgentUpdate> {
    const started = Date.now();
    const attempt = config.executionInfo?.nodeAttempt ?? 1;
    const event = {
      tenantId: task.tenantId,
      threadId: task.threadId,
      node: "checkSystem",
      system: task.system,
      step: Number(config.metadata?.langgraph_step ?? -1),
      request: taskRequest(task),
    };
    const { checkTimeoutMs, checkMaxAttempts } = deps.settings;
    // A retry starts only when it can finish before the deadline.
    if (attempt > 1 && turnTimeLeftMs() < checkTimeoutMs) return outOfTime(deps, task, config, `no time left in the turn for attempt ${attempt}`);
    const limitMs = withinTurn(checkTimeoutMs);
    const bound = AbortSignal.timeout(Math.max(1, limitMs));
    try {
      const facts = await ask(deps, task, config.signal ? AbortSignal.any([config.signal, bound]) : bound);
      const latencyMs = Date.now() - started;
      await deps.store.recordNodeEvent({ ...event, outcome: "ok", latencyMs, response: facts });
      return { checks: { [task.system]: { status: "ok", facts, latencyMs } } };
    } catch (caught) {
      const timedOut = bound.aborted && !config.signal?.aborted;
      const error = timedOut ? new CheckTimeout(`${task.system} gave no answer within ${limitMs} ms`) : (caught as Error);
      const message = error.message || String(error);
      await deps.store.recordNodeEvent({ ...event, outcome: "error", latencyMs: Date.now() - started, error: message });
      if (config.signal?.aborted) throw caught;
      if (attempt < checkMaxAttempts && turnTimeLeftMs() < backoffMs(deps, attempt) + checkTimeoutMs)
        return outOfTime(deps, task, config, `${message}; no time left in the turn for another attempt`);
      throw error;
    }
  };

/** An attempt cut by its own time limit: retried like LangGraph's node timeout. */
class CheckTimeout extends Error {
  override name = "CheckTimeout";
}

/** The check as after its last attempt, when the turn has no time for another: unavailable, recorded and counted as degraded. */
async function outOfTime(deps: AgentDeps, task: CheckTask, config: LangGraphRunnableConfig, reason: string): Promise<AgentUpdate> {
  await recordDegraded(deps, task, reason, config);
  return { checks: { [task.system]: { status: "unavailable", reason } } };
}

/** Records a check as unavailable (a `degraded` node event) and counts it. */
async function recordDegraded(deps: AgentDeps, task: CheckTask, reason: string, config?: LangGraphRunnableConfig) {
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
}

/**
 * After the last retry: the check is recorded as unavailable instead of failing the turn,
 * and the turn goes on to triage (an error handler does not follow the node's own edges,
 * so a turn whose every check failed would otherwise end without an answer).
 */
export const degradeCheck = (deps: AgentDeps) =>
  async function degradeCheck(task: CheckTask, failure: NodeError, config?: LangGraphRunnableConfig): Promise<Command> {
    const reason = failure.error?.message || "no answer";
    await recordDegraded(deps, task, reason, config);
    const update: AgentUpdate = { checks: { [task.system]: { status: "unavailable", reason } } };
    return new Command({ update, goto: "triage" });
  };
