import type { CaseStatus, HandoverStatus, ThreadStatus } from "@/vocabulary/statuses";

export type { CaseStatus, ThreadStatus };

export type ChatMessage = { id: string; role: "customer" | "agent"; text: string; createdAt: string };

export type ThreadCase = {
  caseId: string;
  /** The shop of the payment the case is about. */
  merchant?: string;
  status: CaseStatus;
  amountMinor: number;
  currency: string;
  reason: string;
  approvalStatus: string | null;
  /** What the refund pays once approved (less than amountMinor when an approver settled on less); null before. */
  approvedAmountMinor?: number | null;
  /** An operator asked a question the customer has not answered yet. */
  openQuestion?: boolean;
};

/** The conversation's latest handover to a person: while open, someone from the bank answers here. */
export type ThreadHandover = { status: HandoverStatus; createdAt: string };

/** GET /api/threads/{id}: `cases` are all the conversation's refund cases, the latest changed first (`case` is the first). */
export type ThreadView = {
  threadId: string;
  status: ThreadStatus;
  messages: ChatMessage[];
  case: ThreadCase | null;
  cases?: ThreadCase[];
  handover: ThreadHandover | null;
};
