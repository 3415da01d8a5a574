/** Where a refund approval stands. The database, the agent, the API and the console read these. */
export const APPROVAL_STATUSES = ["pending", "approved", "rejected", "cancelled", "expired", "executing", "executed"] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** An approval the refund goes ahead for: approved, being paid, or paid. */
export const APPROVED_STATUSES = ["approved", "executing", "executed"] as const satisfies readonly ApprovalStatus[];

/** An approval no one may change any more. */
export const FINAL_APPROVAL_STATUSES = ["approved", "executing", "executed", "rejected", "cancelled", "expired"] as const satisfies readonly ApprovalStatus[];

/** Where a customer's refund case stands. */
export const CASE_STATUSES = ["open", "awaiting_approval", "approved", "refunded", "rejected", "cancelled", "expired", "failed"] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/** A conversation: waiting for the customer, answering, or paused at an approval. */
export const THREAD_STATUSES = ["idle", "busy", "awaiting_approval"] as const;
export type ThreadStatus = (typeof THREAD_STATUSES)[number];

/** A conversation handed to a person: waiting, answered by staff, or closed. */
export const HANDOVER_STATUSES = ["open", "answered", "closed"] as const;
export type HandoverStatus = (typeof HANDOVER_STATUSES)[number];
