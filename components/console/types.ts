import type { Checks } from "@/agent/state";

export type ApprovalStatus = "pending" | "approved" | "rejected" | "cancelled" | "expired" | "executing" | "executed";

/** One row of GET /api/approvals. */
export type ApprovalView = {
  approvalId: string;
  caseId: string;
  threadId: string;
  status: ApprovalStatus;
  version: number;
  mode: "policy" | "operator";
  amountMinor: number;
  currency: string;
  customerName: string;
  merchant: string;
  postedAt: string;
  caseReason: "duplicate" | "unrecognised" | "abroad" | "other";
  policyReason: string | null;
  checks: Checks | null;
  decidedBy: string | null;
  decisionReason: string | null;
  createdAt: string;
};

export type DecisionResult = { approvalId: string; status: ApprovalStatus; version: number };

export type Decision = "approve" | "reject";
