import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { AgentDeps } from "../deps";
import { triageRefund } from "../policy";
import { approvalInput } from "./approval-input";
import type { AgentStateType, AgentUpdate } from "../state";

/** Applies the refund policy of the conversation's bank; an auto-approval is recorded like an operator's decision. */
export const triage = (deps: AgentDeps) =>
  async function triage(state: AgentStateType, config: LangGraphRunnableConfig): Promise<AgentUpdate> {
    if (state.intent !== "refund" || !state.case) return {};
    const policy = await deps.policies.forTenant(state.tenantId);
    const verdict = triageRefund(state.case.amountMinor, state.checks, policy.refund, policy.currency);
    if (verdict.outcome !== "auto_approve") return { verdict };
    const approval = await deps.store.recordPolicyApproval(
      approvalInput(deps, policy, state, String(config.configurable?.thread_id), verdict.reason),
    );
    return { verdict, approval };
  };
