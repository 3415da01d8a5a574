import { citation } from "../knowledge";
import { CARD_INTENTS } from "./cards";
import { formatMinor } from "@/vocabulary/money";
import type { AgentStateType, CardActionResult, CaseRef, KnowledgeRef, LimitsFacts, PendingItem, PendingOption, RequestOption } from "./state";

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

/** "A", "A and B", "A, B and C". */
export function listOf(items: string[], last = "and"): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${last} ${items.at(-1)}`;
}

/** A knowledge-base answer with the citation of its entry. */
export function knowledgeText(entry: KnowledgeRef): string {
  return `${entry.answer}\n${citation(entry)}`;
}

function cardsNamed(cards: CardActionResult["cards"]): string {
  const digits = cards.map((c) => c.last4);
  return digits.length === 1 ? `your card ending ${digits[0]}` : `your cards ending ${listOf(digits)}`;
}

/** What the cards system did, in the customer's words. */
export function cardActionText(result: CardActionResult, reason?: string, replacementOrdered = false): string {
  if (result.outcome === "unavailable") {
    const what =
      result.action === "freeze"
        ? "your card is not frozen yet"
        : result.action === "unfreeze"
          ? "your card is still frozen"
          : "no replacement has been ordered yet";
    return `I couldn't reach our card system just now, so ${what}. Please try again in a minute${result.action === "freeze" ? ", or freeze the card in the app under Cards" : ""}.`;
  }
  if (result.outcome === "no_card") {
    return result.cards.length > 0
      ? `None of your cards ends in those digits. Your cards end in ${listOf(result.cards.map((c) => c.last4))}: which one do you mean?`
      : "I couldn't find a card on your account.";
  }
  if (result.outcome === "ambiguous") {
    const verb = result.action === "unfreeze" ? "unfreeze" : result.action === "replacement" ? "replace" : "freeze";
    return `You have ${result.cards.length} cards that I could ${verb}: ${listOf(
      result.cards.map((c) => `the one ending ${c.last4}`),
      "and",
    )}. Which one do you mean?`;
  }
  const changed = result.cards.filter((c) => c.changed);
  const already = result.cards.filter((c) => !c.changed);
  switch (result.action) {
    case "freeze": {
      if (changed.length === 0)
        return `${capitalise(cardsNamed(already))} ${already.length === 1 ? "is" : "are"} already frozen, so no new payments can be made with ${already.length === 1 ? "it" : "them"}.`;
      const after =
        reason === "compromised" || reason === "stolen"
          ? " If you see payments you didn't make, tell me which ones and I'll open a refund request for each."
          : replacementOrdered
            ? " If you find it, tell me and I'll unfreeze it."
            : " If you find it, tell me and I'll unfreeze it; if not, I can order a replacement.";
      const it = changed.length === 1 ? "it" : "them";
      return `I've frozen ${cardsNamed(changed)}, so no new payments can be made with ${it}. Payments made before the freeze are not affected.${after}`;
    }
    case "unfreeze":
      if (changed.length === 0)
        return `${capitalise(cardsNamed(already))} ${already.length === 1 ? "isn't" : "aren't"} frozen, so there's nothing to unfreeze.`;
      return `I've unfrozen ${cardsNamed(changed)}; you can use ${changed.length === 1 ? "it" : "them"} again straight away.`;
    case "replacement": {
      const frozen = result.cards.filter((c) => c.status === "frozen");
      const old =
        frozen.length === 0
          ? ""
          : frozen.length === 1 && result.cards.length === 1
            ? " The old card stays frozen."
            : ` ${capitalise(cardsNamed(frozen))} stay${frozen.length === 1 ? "s" : ""} frozen.`;
      const ordered =
        changed.length === 0
          ? `A replacement for ${cardsNamed(result.cards)} is already on its way`
          : `I've ordered a replacement for ${cardsNamed(result.cards)}`;
      return `${ordered}. It will arrive within 5 working days.${old}`;
    }
  }
}

const PENDING_KIND: Record<PendingItem["kind"], string> = {
  card_payment: "card payment to",
  transfer: "transfer to",
  cash_withdrawal: "cash withdrawal at",
  top_up: "top-up from",
};

/** The customer's payments still in progress, from the history system. */
export function pendingText(items: PendingItem[]): string {
  if (items.length === 0) return "You have no pending payments, transfers or withdrawals right now: everything has gone through.";
  const lines = items.map(
    (p) =>
      `${capitalise(PENDING_KIND[p.kind])} ${p.counterparty}, ${formatMinor(p.amountMinor, p.currency)}, pending since ${day(p.createdAt)} and expected to complete by ${day(p.expectedBy)}`,
  );
  const count = items.length === 1 ? "one pending item" : `${items.length} pending items`;
  return `You have ${count}:\n${lines.map((l) => `- ${l}.`).join("\n")}\nThe money is reserved until then; you don't need to do anything.`;
}

/** What the customer can do about an item not booked yet, by its kind. */
const NOT_BOOKED_ADVICE: Record<PendingItem["kind"], (merchant: string) => string> = {
  card_payment: (merchant) =>
    `If the amount is wrong or you didn't make this payment, ask ${merchant} to release it; if it is booked and still wrong, tell me and I'll open a case.`,
  transfer: (merchant) =>
    `While it is pending you can still cancel it in the app under Payments; once it has gone, ${merchant}'s bank has to send it back, and I can ask a colleague to request that.`,
  cash_withdrawal: () =>
    "If the machine didn't give you the cash, the withdrawal is usually reversed when it is booked; if it is booked and you still didn't get the money, tell me and I'll open a case.",
  top_up: () => "You don't need to do anything: the money shows in your balance as soon as it is booked.",
};

/** Why an item not booked yet cannot be refunded now, when it should be booked, and what the customer can do meanwhile. */
export function notBookedText(item: PendingOption, pending?: PendingItem[]): string {
  const expected = pending?.find((p) => p.id === item.transactionId)?.expectedBy;
  // A top-up is named by its source ("Top-up by bank transfer"), the others by their counterparty.
  const named = item.kind === "top_up" ? item.merchant.toLowerCase() : `${PENDING_KIND[item.kind]} ${item.merchant}`;
  const what = `${named} of ${formatMinor(item.amountMinor, item.currency)} from ${day(item.postedAt)}`;
  const when = expected ? ` It should be booked by ${day(expected)}.` : "";
  return `The ${what} isn't booked yet, so there is nothing I can refund or open a case for right now.${when} ${NOT_BOOKED_ADVICE[item.kind](item.merchant)}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function requestNamed(o: RequestOption): string {
  return `the ${o.merchant} payment of ${formatMinor(o.amountMinor, o.currency)}`;
}

function clarificationText(state: AgentStateType): string | undefined {
  const c = state.clarification;
  switch (c?.kind) {
    case "which_transaction": {
      if (c.options.length === 1) {
        const [only] = c.options;
        return `I can see a payment at ${only!.merchant} of ${formatMinor(only!.amountMinor, only!.currency ?? "EUR")} on ${day(only!.postedAt)}, charged twice that day. Is that the one you mean?`;
      }
      const options = c.options.map((o, i) => `${i + 1}. ${o.merchant}, ${formatMinor(o.amountMinor, o.currency ?? "EUR")} on ${day(o.postedAt)}.`);
      return `I found ${options.length} payments that could match:\n${options.join("\n")}\nWhich one do you mean?`;
    }
    case "which_refund":
      return "I can help with that. Which payment is it about? Tell me the shop, the amount or the date, and whether it was charged twice, not made by you, or charged while you were abroad.";
    case "none_found": {
      const missing = c.named ? `I can't find a payment to ${c.named} on your card.` : "I couldn't find a payment on your card that matches.";
      if (!c.options?.length) return `${missing} Could you tell me the shop's name, the amount or the date as it appears on your statement?`;
      const options = c.options.map((o, i) => `${i + 1}. ${o.merchant}, ${formatMinor(o.amountMinor, o.currency)} on ${day(o.postedAt)}.`);
      return `${missing} The nearest I can see:\n${options.join("\n")}\nIs it one of these, or can you tell me the amount and the date as they appear on your statement?`;
    }
    case "not_booked":
      return notBookedText(c.item, state.checks.history?.status === "ok" ? state.checks.history.facts.pending : undefined);
    case "which_intent":
      return `I want to be sure I help with the right thing. Do you mean ${listOf(
        c.candidates.map((x) => x.topic),
        "or",
      )}?`;
    case "which_request":
      return `You have ${c.options.length} refund requests waiting for a decision: ${listOf(c.options.map(requestNamed))}. Which one should I cancel?`;
    default:
      return undefined;
  }
}

function statusText(state: AgentStateType): string {
  const standing = state.standing ?? [];
  if (!state.case && standing.length > 0)
    return `Your refund requests:\n${standing.map((c) => `- ${caseStandingText(c, c.priorStatus ?? "open")}`).join("\n")}`;
  if (!state.case) return "You don't have any refund requests with us right now.";
  return caseStandingText(state.case, state.case.priorStatus ?? "open");
}

function cancelText(state: AgentStateType): string {
  const kase = state.case;
  if (!kase) return "You don't have a refund request to cancel.";
  if (state.withdrawn) return `Done: I've cancelled your refund request for the ${describe(kase)}. Nothing will be paid back for it.`;
  return `There's nothing left to cancel. ${caseStandingText(kase, kase.priorStatus ?? "open")}`;
}

/** The answer to the money or case request of the turn (the graph's main path). */
function mainText(state: AgentStateType): string | undefined {
  const clarification = clarificationText(state);
  if (clarification) return clarification;
  switch (state.intent) {
    case "greeting":
      return "Hello! I can help with refunds for card payments, your card limits, a lost or stolen card, pending payments, and questions about your account. What can I do for you?";
    case "status":
      return statusText(state);
    case "cancel":
      return cancelText(state);
    case "refund":
      if (state.case?.priorStatus) return `I already have this one. ${caseStandingText(state.case, state.case.priorStatus)}`;
      if (state.case) return refundText(state);
      return "Which payment is it about?";
    default:
      return undefined;
  }
}

/** Answers that need no case: limits, pending items, card actions, knowledge; and the other requests' standing beside a new one. */
function factsText(state: AgentStateType, intent: string): string | undefined {
  switch (intent) {
    case "status": {
      if (state.intent === "status") return undefined;
      const others = state.standing ?? [];
      if (others.length === 0) return "You have no other refund requests with us.";
      const lines = others.map((c) => `- ${caseStandingText(c, c.priorStatus ?? "open")}`);
      return `Your other refund requests:\n${lines.join("\n")}`;
    }
    case "limits": {
      const limits = state.checks.limits;
      if (limits?.status === "ok") return `Here are your card limits:\n${limitsText(limits.facts)}`;
      return "I couldn't reach the card-limits system just now. Please try again in a few minutes.";
    }
    case "pending": {
      const history = state.checks.history;
      if (history?.status === "ok") return pendingText(history.facts.pending ?? []);
      return "I couldn't reach our payments history just now, so I can't see your pending payments. Please try again in a few minutes.";
    }
    case "freeze_card":
    case "unfreeze_card":
    case "replace_card": {
      const results = [state.cardAction, state.alsoCardAction].filter((r): r is CardActionResult => r !== null);
      const result = results.find((r) => r.action === CARD_INTENTS[intent as keyof typeof CARD_INTENTS]) ?? results[0];
      const replaced = results.some((r) => r.action === "replacement" && r.outcome === "done");
      return result ? cardActionText(result, state.understanding?.cardReason ?? state.understanding?.also?.cardReason, replaced) : undefined;
    }
    default:
      return undefined;
  }
}

const OFFER =
  "I can help with refunds for card payments (charged twice, not made by you, or charged while you were abroad), your card limits, a lost or stolen card, pending payments, and questions about cards, top-ups, transfers and your account. What would you like to do?";

/** The agent's answer, composed from state alone: the model never words a money outcome. */
export function composeReply(state: AgentStateType): string {
  if (state.handoff && !state.handoff.requested) {
    return "I don't seem to be getting anywhere with this, so I've passed our conversation to a colleague who will pick it up here. You don't need to repeat anything.";
  }
  const u = state.understanding;
  const intents = [state.intent ?? "other", ...(u?.also ? [u.also.intent] : [])];
  const parts: string[] = [];
  const main = mainText(state);
  if (main) parts.push(main);
  for (const intent of intents) {
    const text = factsText(state, intent);
    if (text && !parts.includes(text)) parts[intent === "freeze_card" ? "unshift" : "push"](text);
  }
  for (const entry of state.knowledge ?? []) parts.push(knowledgeText(entry));
  if (state.handoff?.requested) {
    parts.push(
      "I've passed your request to a colleague in our support team, with a summary so you don't need to repeat anything. They'll answer here in this chat.",
    );
  }
  return parts.length > 0 ? parts.join("\n\n") : OFFER;
}

/** The answer to a message whose run a newer message stopped (double-texting interrupt or rollback). */
export function supersededText(state: AgentStateType, outcome: { refundMade: boolean; withdrawn: boolean }): string {
  const settled = ["cancelled", "rejected", "expired", "executed"].includes(state.approval?.status ?? "");
  if (outcome.refundMade || (settled && !outcome.withdrawn)) return composeReply(state);
  const stopped = "I stopped working on this message to answer your newer one.";
  if (outcome.withdrawn && state.case) return `${stopped} The refund for the ${describe(state.case)} was not made and that request is closed.`;
  return stopped;
}
