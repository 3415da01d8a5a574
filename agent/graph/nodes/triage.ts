import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { AgentDeps } from "../deps";
import { countingOwnRefunds, triageRefund } from "../policy";
import { approvalInput } from "./approval-input";
import type { AgentStateType, AgentUpdate, Checks } from "../state";

const DAY_MS = 86_400_000;

/**
 * Applies the refund policy of the conversation's bank; an auto-approval is recorded like an
 * operator's decision, after the rule is decided again under the customer's lock with the
 * refunds the app itself has approved for them (the history system only knows what the ledger paid)
 * and their claims still waiting for an operator.
 */
export const triage = (deps: AgentDeps) =>
  async function triage(state: AgentStateType, config: LangGraphRunnableConfig): Promise<AgentUpdate> {
    if (state.intent !== "refund" || !state.case) return {};
    const policy = await deps.policies.forTenant(state.tenantId);
    const judge = (checks: Checks, awaiting = 0) => triageRefund(state.case!.amountMinor, checks, policy.refund, policy.currency, awaiting);
    const verdict = judge(state.checks);
    if (verdict.outcome !== "auto_approve") return { verdict };
    const input = approvalInput(deps, policy, state, String(config.configurable?.thread_id), verdict.reason);
    const refundsSince = new Date(input.createdAt.getTime() - policy.refund.refundFreeDays * DAY_MS);
    const decided = await deps.store.recordPolicyApproval({ ...input, customerId: state.customerId, refundsSince }, (own) =>
      judge(countingOwnRefunds(state.checks, own.refunded), own.awaiting.length),
    );
    return decided.approval ? { verdict: decided.verdict, approval: decided.approval } : { verdict: decided.verdict };
  };
