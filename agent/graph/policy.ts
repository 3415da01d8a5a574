import type { Language } from "@/i18n/languages";
import { DEFAULT_AUTO_APPROVE_MAX_MINOR, formatMinor } from "@/vocabulary/money";
import type { Risk } from "@/vocabulary/risks";
import type { CheckResult, Checks, HistoryFacts, Triage } from "./state";
import type { AuthorityLimits } from "./approval-rules";

/**
 * The auto-approval rule of the bank's refund policy. Each bank's limit is in its `tenants`
 * row (see `agent/runtime/tenant-policy.ts`); DEFAULT_POLICY is what a bank without one follows.
 */
export type RefundPolicy = {
  /** Largest refund, in minor units, that policy may approve without an operator. */
  autoApproveMaxMinor: number;
  /** Antifraud risk levels that count as clear. */
  clearRisks: Risk[];
  /** No earlier refund for the customer within this many days. */
  refundFreeDays: number;
  /** How many earlier refunds in that window still allow auto-approval. */
  maxRecentRefunds: number;
};

/**
 * The version of the business rules written in code: the auto-approval rule below and the
 * approval rules (`approval-rules.ts`). Raise it with any change to what they decide; a
 * revision of the agent records it, so an incident review tells old rules from new.
 */
export const BUSINESS_RULES_VERSION = 1;

export const DEFAULT_POLICY: RefundPolicy = {
  autoApproveMaxMinor: DEFAULT_AUTO_APPROVE_MAX_MINOR,
  clearRisks: ["low"],
  refundFreeDays: 30,
  maxRecentRefunds: 0,
};

function ok<F>(check: CheckResult<F> | undefined): F | undefined {
  return check?.status === "ok" ? check.facts : undefined;
}

/**
 * Decides whether a refund may be approved by policy alone. Anything the rule cannot
 * prove (a check unavailable, a risk signal, an earlier refund, a large amount) goes to
 * an operator, and so does a claim while another of the customer's waits for one: an operator
 * approving that one later would make this one a second refund in the window. The model's
 * reading of the chat never enters this decision.
 */
export function triageRefund(
  amountMinor: number,
  checks: Checks,
  policy: RefundPolicy = DEFAULT_POLICY,
  currency?: string,
  claimsAwaitingDecision = 0,
): Triage {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) {
    return { outcome: "review", reason: "The amount is not a positive whole number of cents." };
  }
  const antifraud = ok(checks.antifraud);
  const history: HistoryFacts | undefined = ok(checks.history);
  const concerns: string[] = [];
  if (amountMinor > policy.autoApproveMaxMinor) {
    concerns.push(`The amount is above the ${formatMinor(policy.autoApproveMaxMinor, currency)} auto-approval limit.`);
  }
  if (!antifraud) concerns.push("Antifraud was unavailable, so the payment could not be cleared.");
  else if (!policy.clearRisks.includes(antifraud.risk)) {
    concerns.push(`Antifraud rates the payment ${antifraud.risk} risk (${antifraud.signals.join(", ") || "no signals"}).`);
  }
  if (!history) concerns.push("Case history was unavailable, so earlier refunds could not be ruled out.");
  else if (history.refundsLast30Days > policy.maxRecentRefunds) {
    concerns.push(`The customer already had ${history.refundsLast30Days} refund(s) in the last ${policy.refundFreeDays} days.`);
  } else if (history.refundsLast30Days + claimsAwaitingDecision > policy.maxRecentRefunds) {
    const earlier = history.refundsLast30Days > 0 ? `${history.refundsLast30Days} refund(s) in the last ${policy.refundFreeDays} days and ` : "";
    concerns.push(
      `The customer has ${earlier}${claimsAwaitingDecision} other refund claim(s) waiting for an operator's decision; approved, they would count against this one.`,
    );
  }
  if (concerns.length > 0) return { outcome: "review", reason: concerns.join(" ") };
  return {
    outcome: "auto_approve",
    reason: `Up to ${formatMinor(policy.autoApproveMaxMinor, currency)}, antifraud clear, no refund in the last ${policy.refundFreeDays} days.`,
  };
}

/**
 * The checks with the app's own refunds for the customer added to the history system's count:
 * approvals it recorded (by policy or an operator) that are approved, being paid or paid within
 * the policy's window. Those the history system already names are not counted twice; when it
 * names none, every one of them is added, so a claim is never cleared by a count that missed
 * one. Triage reads this under the customer's lock (`recordPolicyApproval`), so parallel claims
 * of one customer see each other's approvals before the ledger has paid any of them.
 */
export function countingOwnRefunds(checks: Checks, ownRefundCaseIds: readonly string[]): Checks {
  const history = checks.history;
  if (history?.status !== "ok") return checks;
  const known = new Set(history.facts.refundCaseIds ?? []);
  const unseen = ownRefundCaseIds.filter((caseId) => !known.has(caseId)).length;
  if (unseen === 0) return checks;
  return { ...checks, history: { ...history, facts: { ...history.facts, refundsLast30Days: history.facts.refundsLast30Days + unseen } } };
}

/** The ledger's idempotency key: the business operation, never a time or a random value. */
export function refundIdempotencyKey(tenantId: string, caseId: string): string {
  // test:guards ledger-key-per-case
  return `refund:${tenantId}:${caseId}`;
}

/** One bank's refund policy, as the agent applies it to that bank's conversations. */
export type TenantPolicy = {
  /** The currency the bank's limits are written in. */
  currency: string;
  /** The language the bank speaks to its customers, unless a customer writes in another. */
  language: Language;
  /** The auto-approval rule (its limit is the bank's; the risk and history rules are the code's). */
  refund: RefundPolicy;
  authority: AuthorityLimits;
  /** How long an approval waits for a decision before it expires. */
  approvalTtlMs: number;
};
