import { END, Send, START, StateGraph, type BaseCheckpointSaver } from "@langchain/langgraph";
import type { AgentDeps } from "./deps";
import { approvalGate } from "./nodes/approval-gate";
import { cardRequestOf } from "./cards";
import { CARD_ACTION_NODE, cardAction, cardActionFailed } from "./nodes/card-action";
import { checkSystem, degradeCheck, type CheckTask } from "./nodes/check-system";
import { intake } from "./nodes/intake";
import { measured, observed } from "./nodes/observed";
import { refund, refundFailed } from "./nodes/refund";
import { reply } from "./nodes/reply";
import { triage } from "./nodes/triage";
import { AgentState, type AgentStateType, type SystemName } from "./state";
import { DEFAULT_LLM_TIMEOUT_MS } from "../clients/model";

/** Node names are an API: paused threads name them in their checkpoints. */
/** How much longer than the model's own silence limit the reply node waits for a piece of its stream: LangGraph's cut is the backstop, the node's own comes first. */
const REPLY_IDLE_MARGIN_MS = 5_000;
/** How much longer than its own time limit a check's attempt may run before LangGraph cuts it. */
const CHECK_TIMEOUT_MARGIN_MS = 250;

export const NODES = ["intake", "checkSystem", CARD_ACTION_NODE, "triage", "approvalGate", "refund", "reply"] as const;

/** The bank systems each intent needs asked before the agent can answer. */
const SYSTEMS_FOR: Partial<Record<string, SystemName[]>> = { limits: ["limits"], pending: ["history"] };

/**
 * A refund case fans out to all three systems; a limits or pending question needs one; a
 * card to freeze, unfreeze or replace goes to the cards system. A second request in the
 * message adds its own.
 */
export function routeAfterIntake(state: AgentStateType, threadId: string): Send[] | "reply" {
  const task = (system: SystemName): Send =>
    new Send("checkSystem", {
      system,
      tenantId: state.tenantId,
      customerId: state.customerId,
      threadId,
      transactionId: state.case?.transactionId,
    } satisfies CheckTask);
  if (state.handoff && !state.handoff.requested) return "reply";
  const intents = [state.intent, state.understanding?.also?.intent];
  const systems = new Set(intents.flatMap((intent) => SYSTEMS_FOR[intent ?? ""] ?? []));
  if (state.intent === "refund" && state.case && !state.case.priorStatus) ["limits", "history", "antifraud"].forEach((s) => systems.add(s as SystemName));
  // An item not booked yet is explained with the day the history system expects it booked.
  if (state.clarification?.kind === "not_booked") systems.add("history");
  const sends = [...systems].map(task);
  if (cardRequestOf(state)) sends.push(new Send(CARD_ACTION_NODE, state));
  return sends.length > 0 ? sends : "reply";
}

export function routeAfterTriage(state: AgentStateType): "refund" | "approvalGate" | "reply" {
  if (state.intent !== "refund" || !state.verdict) return "reply";
  if (state.verdict.outcome === "auto_approve" && state.approval?.status === "approved") return "refund";
  if (state.approval && state.approval.status !== "pending") return "reply";
  return "approvalGate";
}

/** Only an approved decision leads to the refund node; everything else is final. */
export function routeAfterGate(state: AgentStateType): "refund" | "reply" {
  // test:guards refund-only-when-approved
  return state.approval?.status === "approved" ? "refund" : "reply";
}

/**
 * The agent's graph. `options.state` swaps in other channels of the same shape (the capacity
 * benchmark's variant that keeps every turn instead of a window).
 */
export function buildGraph(
  deps: AgentDeps,
  checkpointer?: BaseCheckpointSaver,
  options: { interruptBefore?: (typeof NODES)[number][]; state?: typeof AgentState } = {},
) {
  const { settings } = deps;
  const retry = (maxAttempts: number) => ({
    maxAttempts,
    initialInterval: settings.retryInitialMs,
    backoffFactor: 2,
    jitter: false,
    logWarning: false,
  });
  return (
    new StateGraph(options.state ?? AgentState)
      .addNode("intake", observed(deps, "intake", intake(deps)), { retryPolicy: retry(2) })
      .addNode("checkSystem", measured("checkSystem", checkSystem(deps)), {
        retryPolicy: retry(settings.checkMaxAttempts),
        // The node bounds each attempt itself (by the turn's time left too); LangGraph's cut is the backstop.
        timeout: settings.checkTimeoutMs + CHECK_TIMEOUT_MARGIN_MS,
        errorHandler: degradeCheck(deps),
      })
      .addNode(CARD_ACTION_NODE, measured(CARD_ACTION_NODE, cardAction(deps)), {
        retryPolicy: retry(settings.checkMaxAttempts),
        // As for checks: each attempt bounds itself by the turn's time left; LangGraph's cut is the backstop.
        timeout: settings.checkTimeoutMs + CHECK_TIMEOUT_MARGIN_MS,
        errorHandler: cardActionFailed(deps),
      })
      .addNode("triage", observed(deps, "triage", triage(deps)), { retryPolicy: retry(2) })
      .addNode("approvalGate", observed(deps, "approvalGate", approvalGate(deps)), { retryPolicy: retry(2) })
      .addNode("refund", observed(deps, "refund", refund(deps)), {
        retryPolicy: retry(settings.ledgerMaxAttempts),
        timeout: settings.ledgerTimeoutMs,
        errorHandler: refundFailed,
      })
      // A language model's wording streams: the node lives while pieces come (each a heartbeat) and is cut when the stream falls silent.
      .addNode("reply", observed(deps, "reply", reply(deps)), {
        timeout: { idleTimeout: (settings.llmTimeoutMs ?? DEFAULT_LLM_TIMEOUT_MS) + REPLY_IDLE_MARGIN_MS, refreshOn: "heartbeat" },
      })
      .addEdge(START, "intake")
      .addConditionalEdges("intake", (state, config) => routeAfterIntake(state, String(config?.configurable?.thread_id)), [
        "checkSystem",
        CARD_ACTION_NODE,
        "reply",
      ])
      .addEdge("checkSystem", "triage")
      .addEdge(CARD_ACTION_NODE, "triage")
      .addConditionalEdges("triage", routeAfterTriage, ["refund", "approvalGate", "reply"])
      .addConditionalEdges("approvalGate", routeAfterGate, ["refund", "reply"])
      .addEdge("refund", "reply")
      .addEdge("reply", END)
      .compile({ checkpointer, interruptBefore: options.interruptBefore })
  );
}

export type AgentGraph = ReturnType<typeof buildGraph>;
