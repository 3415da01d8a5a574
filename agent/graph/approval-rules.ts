/** Who may decide what: the bank's approval authority, as pure functions. */
import { formatMinor } from "@/vocabulary/money";
import type { DeciderRole } from "@/vocabulary/roles";

export type AuthorityLimits = {
  /** Largest refund an operator may approve alone. */
  operatorLimitMinor: number;
  /** Refunds from this amount need two different approvers, one a supervisor. */
  fourEyesMinor: number;
};

export type PendingApproval = {
  /** The case's amount: no approval may pay more. */
  amountMinor: number;
  currency?: string;
  firstApprovedBy: string | null;
  firstApprovedRole: string | null;
  /** What the first of two approvers approved; the second approves this amount or nothing. */
  firstApprovedAmountMinor: number | null;
  /** The approvals it needed when it opened (absent: as today's limits say). */
  requiredApprovals?: number;
  /** The limits in force when it opened, null or absent on approvals that did not keep them. */
  operatorLimitMinor?: number | null;
  fourEyesMinor?: number | null;
};

/**
 * The limits a decision on this approval applies: the stricter of those it was opened under and
 * today's, each on its own. A policy loosened after the approval opened never loosens it; a
 * tightening reaches it at once. An approval that needed two when it opened and kept no
 * threshold needs two for any amount.
 */
export function limitsFor(approval: PendingApproval, today: AuthorityLimits): AuthorityLimits {
  const keptFourEyes = approval.fourEyesMinor ?? (approval.requiredApprovals !== undefined && approval.requiredApprovals >= 2 ? 1 : null);
  return {
    operatorLimitMinor: Math.min(today.operatorLimitMinor, approval.operatorLimitMinor ?? today.operatorLimitMinor),
    fourEyesMinor: Math.min(today.fourEyesMinor, keptFourEyes ?? today.fourEyesMinor),
  };
}

export type ApprovalStep =
  /** Settles the refund: `amountMinor` is what the ledger pays. */
  | { kind: "final"; amountMinor: number }
  /** The first of two approvals, for `amountMinor`; the refund waits for the second. */
  | { kind: "first_of_two"; amountMinor: number }
  | { kind: "forbidden"; code: "forbidden:amount_limit" | "forbidden:four_eyes"; message: string }
  /** A second approval for another amount than the first: refused, so both approvers agree on what is paid. */
  | { kind: "different_amount"; firstApprovedBy: string; firstApprovedAmountMinor: number; message: string }
  | { kind: "invalid"; message: string };

/** How many approvals a refund of this amount needs. */
export function requiredApprovals(amountMinor: number, limits: AuthorityLimits): 1 | 2 {
  return amountMinor >= limits.fourEyesMinor ? 2 : 1;
}

/**
 * What an approval by `actor` does to a pending refund: settle it, count as the first of
 * two, or be refused, by the stricter of the limits it opened under and `today`'s. `requestedMinor` is the amount the approver sent; without one, a
 * first approval approves the case's amount and a second approves the first approver's.
 *
 * The rule: the ledger pays only an amount every required approver approved. Below the
 * four-eyes threshold one approval settles it (an operator's only up to the operator
 * limit); from the threshold two different people must approve the same amount, one of
 * them a supervisor, and a second approval for any other amount is refused.
 */
export function approvalStep(
  approval: PendingApproval,
  actor: { username: string; role: DeciderRole },
  requestedMinor: number | undefined,
  today: AuthorityLimits,
): ApprovalStep {
  // test:guards limits-opened-under
  const limits = limitsFor(approval, today);
  const currency = approval.currency ?? "EUR";
  const first = approval.firstApprovedBy;
  const agreed = approval.firstApprovedAmountMinor ?? approval.amountMinor;
  const amount = requestedMinor ?? (first ? agreed : approval.amountMinor);
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > approval.amountMinor) {
    return { kind: "invalid", message: `The approved amount must be between 0.01 and the case's ${formatMinor(approval.amountMinor, currency)}.` };
  }
  if (first) {
    if (first === actor.username) {
      return { kind: "forbidden", code: "forbidden:four_eyes", message: "You gave the first approval; a second person must give the other." };
    }
    if (approval.firstApprovedRole !== "supervisor" && actor.role !== "supervisor") {
      return { kind: "forbidden", code: "forbidden:four_eyes", message: "One of the two approvals must come from a supervisor." };
    }
    // test:guards four-eyes-one-amount
    if (amount !== agreed) {
      return {
        kind: "different_amount",
        firstApprovedBy: first,
        firstApprovedAmountMinor: agreed,
        message: `${first} approved ${formatMinor(agreed, currency)}; approve that amount, or reject.`,
      };
    }
    return { kind: "final", amountMinor: amount };
  }
  if (requiredApprovals(amount, limits) === 2) return { kind: "first_of_two", amountMinor: amount };
  if (actor.role === "operator" && amount > limits.operatorLimitMinor) {
    return {
      kind: "forbidden",
      code: "forbidden:amount_limit",
      message: `Operators approve refunds up to ${formatMinor(limits.operatorLimitMinor, currency)} alone; ask a supervisor.`,
    };
  }
  return { kind: "final", amountMinor: amount };
}
