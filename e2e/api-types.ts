/** The slices of API answers the specs assert on. */
export type ApprovalRow = {
  approvalId: string;
  caseId: string;
  threadId: string;
  status: string;
  version: number;
  mode: "policy" | "operator";
  amountMinor: number;
  merchant: string;
  customerName: string;
  decidedBy: string | null;
  risk: "low" | "medium" | "high" | "unavailable";
  claimedBy: string | null;
  requiredApprovals: 1 | 2;
  firstApprovedBy: string | null;
  firstApprovedAmountMinor: number | null;
  approvedAmountMinor: number | null;
  openQuestion: { questionId: string; question: string } | null;
};

export type LedgerEntry = { entryId: string; idempotencyKey: string; caseId: string; amountMinor: number; status: string };

/** The end of one customer turn (POST /api/threads/{id}/messages as JSON). */
export type Turn = { reply: string; status: string; caseId: string | null };
