import { formatMinor } from "./policy";
import type { AgentStateType, CaseRef, LimitsFacts } from "./state";

function day(iso: string): string {
  if (!iso) return "";
  return new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
}

function describe(kase: Pick<CaseRef, "merchant" | "amountMinor" | "currency">): string {
  return `${kase.merchant} payment of ${formatMinor(kase.amountMinor, kase.currency)}`;
}

/** The words for a case's standing, shared by the status answer and the reply to a new report. */
export function caseStandingText(kase: Pick<CaseRef, "merchant" | "amountMinor" | "currency" | "paidMinor">, status: string): string {
  const what = describe(kase);
  switch (status) {
    case "refunded":
      return kase.paidMinor !== undefined && kase.paidMinor !== kase.amountMinor
        ? `${formatMinor(kase.paidMinor, kase.currency)} of the ${what} has been paid back to your card.`
        : `Your refund for the ${what} has been paid back to your card.`;
    case "awaiting_approval":
    case "open":
      return `Your refund request for the ${what} is with one of our operators. I'll let you know here as soon as they decide.`;
    case "approved":
      return `Your refund for the ${what} is approved and being paid out.`;
    case "rejected":
      return `Your refund request for the ${what} was declined.`;
    case "cancelled":
      return `Your refund request for the ${what} was cancelled, as you asked.`;
    default:
      return `Your request about the ${what} is ${status.replaceAll("_", " ")}.`;
  }
}

export function limitsText(facts: LimitsFacts): string {
  return facts.cards
    .map(
      (c) =>
        `Card ending ${c.last4}: daily limit ${formatMinor(c.dailyLimitMinor, c.currency)} (${formatMinor(c.spentTodayMinor, c.currency)} used today), ` +
        `monthly ${formatMinor(c.monthlyLimitMinor, c.currency)} (${formatMinor(c.spentThisMonthMinor, c.currency)} used), ` +
        `online ${formatMinor(c.onlineLimitMinor, c.currency)}, cash withdrawals ${formatMinor(c.atmLimitMinor, c.currency)} a day.`,
    )
    .join("\n");
}

function refundText(state: AgentStateType): string {
  const kase = state.case!;
  const what = describe(kase);
  const refund = state.refundOutcome;
  // The approved amount, named when an approver settled on less than the payment: the
  // customer reads the same figure the ledger pays.
  const paid = state.approval?.amountMinor ?? kase.amountMinor;
  const lower = paid === kase.amountMinor ? null : formatMinor(paid, kase.currency);
  if (refund?.status === "executed") {
    const by = state.approval?.decidedBy === "policy" || !state.approval?.decidedBy ? "" : " after review";
    return `Good news: I've refunded${lower ? ` ${lower} of` : ""} the ${what}${by}. It will show on your card within 1-3 business days.`;
  }
  if (refund?.status === "failed") {
    return `Your refund${lower ? ` of ${lower}` : ""} for the ${what} is approved, but our payment system did not confirm it yet. It will be retried; you don't need to do anything.`;
  }
  const approval = state.approval;
  if (approval?.status === "rejected") {
    return `An operator reviewed your request about the ${what} and declined the refund${approval.reason ? `: ${approval.reason}` : "."}`;
  }
  if (approval?.status === "cancelled") return `Done: I've cancelled your refund request for the ${what}.`;
  if (approval?.status === "expired") return `Your refund request for the ${what} expired before it was reviewed.`;
  return caseStandingText(kase, approval?.status === "pending" ? "awaiting_approval" : (approval?.status ?? "open"));
}

/** The agent's answer, composed from state alone: the model never words a money outcome. */
export function composeReply(state: AgentStateType): string {
  if (state.handoff) {
    return "I don't seem to be getting anywhere with this, so I've passed our conversation to a colleague who will pick it up here. You don't need to repeat anything.";
  }
  const clarification = state.clarification;
  if (clarification?.kind === "which_transaction") {
    const options = clarification.options.map((o) => `${o.merchant}, ${formatMinor(o.amountMinor)} on ${day(o.postedAt)}`);
    return `I found ${options.length} payments that could match: ${options.join("; ")}. Which one do you mean?`;
  }
  if (clarification?.kind === "which_refund") {
    return "I can help with that. Which payment is it about? Tell me the shop, the amount or the date, and whether it was charged twice, not made by you, or charged while you were abroad.";
  }
  if (clarification?.kind === "none_found") {
    return "I couldn't find a payment on your card that matches. Could you tell me the shop's name, the amount or the date as it appears on your statement?";
  }
  switch (state.intent) {
    case "greeting":
      return "Hello! I can help with card payments you want refunded, your card limits, or the status of a refund. What can I do for you?";
    case "limits": {
      const limits = state.checks.limits;
      if (limits?.status === "ok") return `Here are your card limits:\n${limitsText(limits.facts)}`;
      return "I couldn't reach the card-limits system just now. Please try again in a few minutes.";
    }
    case "status":
      if (!state.case) return "You don't have any refund requests with us right now.";
      return caseStandingText(state.case, state.case.priorStatus ?? "open");
    case "cancel":
      if (!state.case) return "There's no open request to cancel.";
      return `There's nothing left to cancel: ${caseStandingText(state.case, state.case.priorStatus ?? "open").toLowerCase()}`;
    case "refund":
      if (state.case?.priorStatus) return `I already have this one. ${caseStandingText(state.case, state.case.priorStatus)}`;
      if (state.case) return refundText(state);
      return "Which payment is it about?";
    default:
      return "I can help with refunds for card payments (charged twice, not made by you, or charged while you were abroad), your card limits, and the status of a refund. What would you like to do?";
  }
}

/** The answer to a message whose run a newer message stopped (double-texting interrupt or rollback). */
export function supersededText(state: AgentStateType, outcome: { refundMade: boolean; withdrawn: boolean }): string {
  const settled = ["cancelled", "rejected", "expired", "executed"].includes(state.approval?.status ?? "");
  if (outcome.refundMade || (settled && !outcome.withdrawn)) return composeReply(state);
  const stopped = "I stopped working on this message to answer your newer one.";
  if (outcome.withdrawn && state.case) return `${stopped} The refund for the ${describe(state.case)} was not made and that request is closed.`;
  return stopped;
}
