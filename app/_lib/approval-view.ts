import type { ApprovalRow } from "@/db/queries/approvals";
import { APPROVED_STATUSES } from "@/vocabulary/statuses";

type Joined = {
  approval: ApprovalRow;
  case: { id: string; reason: string };
  customerName: string;
  merchant: string;
  postedAt: Date;
  openQuestion: { questionId: string; question: string; askedBy: string; askedAt: string } | null;
};

/**
 * What an approval paid or will pay, once it is approved; null while undecided or after a
 * rejection. Approvals decided before every approval recorded its amount paid the case's.
 */
function approvedAmount(a: ApprovalRow): number | null {
  if (!(APPROVED_STATUSES as readonly string[]).includes(a.status)) return null;
  return a.approvedAmountMinor ?? a.amountMinor;
}

/** One approval as the console sees it. */
export function toApprovalView(r: Joined) {
  const a = r.approval;
  return {
    approvalId: a.id,
    caseId: r.case.id,
    threadId: a.threadId,
    status: a.status,
    version: a.version,
    mode: a.mode,
    amountMinor: a.amountMinor,
    currency: a.currency,
    customerName: r.customerName,
    merchant: r.merchant,
    postedAt: r.postedAt,
    caseReason: r.case.reason,
    policyReason: a.policyReason,
    checks: a.checks,
    risk: a.risk,
    expiresAt: a.expiresAt,
    claimedBy: a.claimedBy,
    claimExpiresAt: a.claimExpiresAt,
    requiredApprovals: a.requiredApprovals,
    firstApprovedBy: a.firstApprovedBy,
    firstApprovedAmountMinor: a.firstApprovedBy ? a.firstApprovedAmountMinor : null,
    approvedAmountMinor: approvedAmount(a),
    openQuestion: r.openQuestion,
    decidedBy: a.decidedBy,
    decisionReason: a.decisionReason,
    createdAt: a.createdAt,
  };
}
