import { requiredApprovals } from "../approval-rules";
import type { AgentDeps, ApprovalInput } from "../deps";
import type { AgentStateType } from "../state";

/** The approval row a case opens, from the state the decision rests on. */
export function approvalInput(deps: AgentDeps, state: AgentStateType, threadId: string, policyReason: string): ApprovalInput {
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
    expiresAt: new Date(now.getTime() + deps.settings.approvalTtlMs),
    createdAt: now,
    requiredApprovals: requiredApprovals(kase.amountMinor, deps.settings.authority),
  };
}
