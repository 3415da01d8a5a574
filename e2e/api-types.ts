/** The slices of API answers the specs assert on. */
export type ApprovalRow = {
  approvalId: string;
  caseId: string;
  threadId: string;
  status: string;
  mode: "policy" | "operator";
  amountMinor: number;
  merchant: string;
  customerName: string;
  decidedBy: string | null;
};

export type LedgerEntry = { entryId: string; idempotencyKey: string; caseId: string; amountMinor: number; status: string };
