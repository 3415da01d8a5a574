import { interrupt, type LangGraphRunnableConfig } from "@langchain/langgraph";
import type { AgentDeps } from "../deps";
import type { AgentStateType, AgentUpdate } from "../state";
import { approvalInput } from "./approval-input";

/** What the operator console is asked; the answer comes back through the approvals table. */
export type ApprovalRequest = {
  approvalId: string;
  caseId: string;
  amountMinor: number;
  currency: string;
  merchant: string;
  policyReason: string;
};

/**
 * Waits for the decision. Re-runs from its first line on resume, so everything before
 * `interrupt()` is an upsert keyed by the case. The resume value only wakes the gate:
 * the decision itself is read back from the approvals table.
 */
export const approvalGate = (deps: AgentDeps) =>
  async function approvalGate(state: AgentStateType, config: LangGraphRunnableConfig): Promise<AgentUpdate> {
    const kase = state.case!;
    const policy = await deps.policies.forTenant(state.tenantId);
    const opened = await deps.store.openApproval(
      approvalInput(deps, policy, state, String(config.configurable?.thread_id), state.verdict?.reason ?? "Sent to review."),
    );
    if (opened.status !== "pending") return { approval: opened };
    const request: ApprovalRequest = {
      approvalId: opened.approvalId,
      caseId: kase.caseId,
      amountMinor: kase.amountMinor,
      currency: kase.currency,
      merchant: kase.merchant,
      policyReason: state.verdict?.reason ?? "",
    };
    interrupt(request);
    const decided = await deps.store.getApproval(state.tenantId, opened.approvalId);
    return { approval: decided ?? opened };
  };
