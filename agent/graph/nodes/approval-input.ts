import { requiredApprovals } from "../approval-rules";
import type { AgentDeps, ApprovalInput } from "../deps";
import type { AgentStateType } from "../state";
import type { TenantPolicy } from "../policy";

/** The approval row a case opens, from the state the decision rests on and the bank's policy. */
export function approvalInput(deps: AgentDeps, policy: TenantPolicy, state: AgentStateType, threadId: string, policyReason: string): ApprovalInput {
  const kase = state.case!;
  const antifraud = state.checks.antifraud;
  const now = deps.clock();
  return {
    tenantId: state.tenantId,
    caseId: kase.caseId,
    threadId,
    amountMinor: kase.amountMinor,
    currency: kase.currency,
    policyReason,
    checks: state.checks,
    risk: antifraud?.status === "ok" ? antifraud.facts.risk : "unavailable",
    expiresAt: new Date(now.getTime() + policy.approvalTtlMs),
    createdAt: now,
    requiredApprovals: requiredApprovals(kase.amountMinor, policy.authority),
    operatorLimitMinor: policy.authority.operatorLimitMinor,
    fourEyesMinor: policy.authority.fourEyesMinor,
  };
}
