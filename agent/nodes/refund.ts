import { Command, type LangGraphRunnableConfig, type NodeError } from "@langchain/langgraph";
import { log } from "@/observability/log";
import { metrics } from "@/observability/metrics";
import type { AgentDeps } from "../deps";
import { refundIdempotencyKey } from "../policy";
import type { AgentStateType, AgentUpdate } from "../state";

/**
 * The only node that moves money. Admission first (approved -> executing, fenced by the
 * decision's version), then the ledger with the case's idempotency key, so a re-run
 * after a crash or a retry never pays twice.
 */
export const refund = (deps: AgentDeps) =>
  async function refund(state: AgentStateType, config: LangGraphRunnableConfig): Promise<AgentUpdate> {
    const kase = state.case;
    const approval = state.approval;
    if (!kase || !approval) return { refundOutcome: { status: "not_admitted", approvalStatus: "missing" } };
    const admission = await deps.store.admitRefund({
      tenantId: state.tenantId,
      approvalId: approval.approvalId,
      version: approval.version,
    });
    if (!admission.admitted) return { refundOutcome: { status: "not_admitted", approvalStatus: admission.status } };
    const request = {
      tenantId: state.tenantId,
      caseId: kase.caseId,
      customerId: state.customerId,
      transactionId: kase.transactionId,
      amountMinor: approval.amountMinor,
      currency: kase.currency,
    };
    const idempotencyKey = refundIdempotencyKey(state.tenantId, kase.caseId);
    const event = {
      tenantId: state.tenantId,
      threadId: String(config.configurable?.thread_id),
      node: "refund",
      system: "ledger",
      step: Number(config.metadata?.langgraph_step ?? -1),
      request,
      idempotencyKey,
    };
    const started = Date.now();
    let receipt;
    try {
      receipt = await deps.bank.refund(request, idempotencyKey, config.signal);
    } catch (error) {
      await deps.store.recordNodeEvent({ ...event, outcome: "error", latencyMs: Date.now() - started, error: (error as Error).message });
      throw error;
    }
    await deps.store.recordNodeEvent({ ...event, outcome: "ok", latencyMs: Date.now() - started, response: receipt });
    await deps.store.completeRefund({ tenantId: state.tenantId, approvalId: approval.approvalId, caseId: kase.caseId });
    metrics().refunds.inc({ outcome: "executed" });
    log().info({ event: "refund.executed", tenantId: state.tenantId, threadId: event.threadId, caseId: kase.caseId, approvalId: approval.approvalId, replayed: receipt.replayed });
    return {
      refundOutcome: { status: "executed", entryId: receipt.entryId, replayed: receipt.replayed },
      approval: { ...approval, status: "executed", version: admission.version },
    };
  };

/**
 * The ledger stayed unreachable after every retry: the case waits, admitted, for the
 * recovery job's retry (same idempotency key), and the turn goes on to tell the customer
 * (an error handler does not follow the node's own edge to reply).
 */
export function refundFailed(state: AgentStateType, failure: NodeError): Command {
  metrics().refunds.inc({ outcome: "failed" });
  log().warn({ event: "refund.failed", tenantId: state.tenantId, caseId: state.case?.caseId, approvalId: state.approval?.approvalId });
  const update: AgentUpdate = { refundOutcome: { status: "failed", reason: failure.error?.message || "ledger unavailable" } };
  return new Command({ update, goto: "reply" });
}
