/** Who may decide what: the bank's approval authority, as pure functions. */

export type DeciderRole = "operator" | "supervisor";

export type AuthorityLimits = {
  /** Largest refund an operator may approve alone. */
  operatorLimitMinor: number;
  /** Refunds from this amount need two different approvers, one a supervisor. */
  fourEyesMinor: number;
};

export type PendingApproval = {
  amountMinor: number;
  firstApprovedBy: string | null;
  firstApprovedRole: string | null;
};

export type ApprovalStep =
  | { kind: "final" }
  | { kind: "first_of_two" }
  | { kind: "forbidden"; code: "forbidden:amount_limit" | "forbidden:four_eyes"; message: string };

/** How many approvals a refund of this amount needs. */
export function requiredApprovals(amountMinor: number, limits: AuthorityLimits): 1 | 2 {
  return amountMinor >= limits.fourEyesMinor ? 2 : 1;
}

/**
 * What an approval by `actor` does to a pending refund of `amountMinor` (the amount that
 * would actually be paid): settle it, count as the first of two, or be refused.
 */
export function approvalStep(
  approval: PendingApproval,
  actor: { username: string; role: DeciderRole },
  amountMinor: number,
  limits: AuthorityLimits,
): ApprovalStep {
  if (requiredApprovals(amountMinor, limits) === 2) {
    if (!approval.firstApprovedBy) return { kind: "first_of_two" };
    if (approval.firstApprovedBy === actor.username) {
      return { kind: "forbidden", code: "forbidden:four_eyes", message: "You gave the first approval; a second person must give the other." };
    }
    if (approval.firstApprovedRole !== "supervisor" && actor.role !== "supervisor") {
      return { kind: "forbidden", code: "forbidden:four_eyes", message: "One of the two approvals must come from a supervisor." };
    }
    return { kind: "final" };
  }
  if (actor.role === "operator" && amountMinor > limits.operatorLimitMinor) {
    return {
      kind: "forbidden",
      code: "forbidden:amount_limit",
      message: `Operators approve refunds up to ${(limits.operatorLimitMinor / 100).toFixed(2)} alone; ask a supervisor.`,
    };
  }
  return { kind: "final" };
}
