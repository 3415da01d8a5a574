/** How the bank's antifraud system rates a payment. */
export const RISKS = ["low", "medium", "high"] as const;
export type Risk = (typeof RISKS)[number];

/** The risk an approval records: antifraud's rating, or `unavailable` when antifraud could not say. */
export const APPROVAL_RISKS = [...RISKS, "unavailable"] as const;
export type ApprovalRisk = (typeof APPROVAL_RISKS)[number];
