import type { LangGraphRunnableConfig, NodeError } from "@langchain/langgraph";
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
    const receipt = await deps.bank.refund(
      {
        tenantId: state.tenantId,
        caseId: kase.caseId,
        customerId: state.customerId,
        transactionId: kase.transactionId,
        amountMinor: approval.amountMinor,
        currency: kase.currency,
      },
      refundIdempotencyKey(state.tenantId, kase.caseId),
      config.signal,
    );
    await deps.store.completeRefund({ tenantId: state.tenantId, approvalId: approval.approvalId, caseId: kase.caseId });
    return {
      refundOutcome: { status: "executed", entryId: receipt.entryId, replayed: receipt.replayed },
      approval: { ...approval, status: "executed", version: admission.version },
    };
  };

/** The ledger stayed unreachable after every retry: the case waits, admitted, for a retry. */
export function refundFailed(_state: AgentStateType, failure: NodeError): AgentUpdate {
  return { refundOutcome: { status: "failed", reason: failure.error?.message || "ledger unavailable" } };
}
