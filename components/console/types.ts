import type { CardStatus } from "@/agent/clients/cards";
import type { Checks } from "@/agent/state";
import type { Role } from "@/vocabulary/roles";

export type ApprovalStatus = "pending" | "approved" | "rejected" | "cancelled" | "expired" | "executing" | "executed";

export type Risk = "low" | "medium" | "high" | "unavailable";

export type OpenQuestion = { questionId: string; question: string; askedBy: string; askedAt: string };

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
  risk: Risk;
  expiresAt: string;
  claimedBy: string | null;
  claimExpiresAt: string | null;
  requiredApprovals: 1 | 2;
  firstApprovedBy: string | null;
  /** What the first of two approvers approved; the second approval must be for this amount. */
  firstApprovedAmountMinor: number | null;
  /** What the refund pays once approved; null while pending or after a rejection. */
  approvedAmountMinor: number | null;
  openQuestion: OpenQuestion | null;
};

/** GET /api/approvals */
export type ApprovalPage = { now: string; approvals: ApprovalView[]; page: number; pageSize: number; total: number };

export type CaseMessage = { id: string; role: "customer" | "agent"; text: string; createdAt: string };
export type EarlierCase = { caseId: string; merchant: string; amountMinor: number; currency: string; status: string; createdAt: string };
export type Refund = { entryId: string; caseId: string; amountMinor: number; currency: string; committedAt: string };
export type AuditEvent = { id: string; actor: string; action: string; data: unknown; at: string };
export type Question = OpenQuestion & { answer: string | null; answeredAt: string | null };
/** The customer's cards as the cards system reported them for the case view, or why not. */
export type CustomerCards = { status: "ok"; cards: CardStatus[] } | { status: "unavailable"; reason: string };

/** GET /api/approvals/{approvalId} */
export type ApprovalDetail = {
  now: string;
  approval: ApprovalView;
  transaction: { id: string; merchant: string; amountMinor: number; currency: string; postedAt: string; country: string };
  customer: { id: string; name: string };
  messages: CaseMessage[];
  earlierCases: EarlierCase[];
  refunds: Refund[];
  audit: AuditEvent[];
  questions: Question[];
  cards: CustomerCards;
};

export type DecisionResult = { approvalId: string; status: ApprovalStatus; version: number; approvalsNeeded?: number };
export type ClaimResult = { approvalId: string; claimedBy: string | null; claimExpiresAt: string | null; version: number };

export type Decision = "approve" | "reject";

/** Who is looking at the console, as the server told the page. */
export type Viewer = { username: string; role: Role };

export type StatusFilter = ApprovalStatus | "all";
export type RiskFilter = Risk | "any";
export type ClaimFilter = "me" | "others" | "none" | "any";
export type SortOrder = "oldest" | "newest" | "amount_desc" | "amount_asc" | "expiry";

/** The queue's filters, sort and page, as they appear in `/console?...`. */
export type QueueQuery = {
  status: StatusFilter;
  risk: RiskFilter;
  minAmount: number | null;
  maxAmount: number | null;
  claimed: ClaimFilter;
  sort: SortOrder;
  page: number;
};

/**
 * Runs one action against the server: `action` resolves with the words to show on
 * success. Resolves true when it succeeded; a refusal is shown by the page, which reloads.
 */
export type Perform = (action: () => Promise<string>) => Promise<boolean>;

export type HandoverStatus = "open" | "answered" | "closed";

/** One handover of GET /api/handovers: a conversation the agent handed to a person. */
export type HandoverView = {
  handoverId: string;
  threadId: string;
  customerId: string;
  customerName: string;
  summary: string;
  reason: "needs_person" | "stagnation" | "customer_asked";
  category: string | null;
  status: HandoverStatus;
  version: number;
  createdAt: string;
  answeredBy: string | null;
  answeredAt: string | null;
  answer: string | null;
  closedBy: string | null;
  closedAt: string | null;
};

/** GET /api/handovers */
export type HandoverList = { now: string; handovers: HandoverView[] };

/** GET /api/handovers/{handoverId} */
export type HandoverDetail = { now: string; handover: HandoverView; messages: CaseMessage[]; audit: AuditEvent[] };

export type HandoverChange = { handoverId: string; status: HandoverStatus; version: number; messageId?: number };
