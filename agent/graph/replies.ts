import { wordsFor, type Words } from "@/i18n/words";
import { languageOr } from "@/i18n/languages";
import { CARD_INTENTS } from "./cards";
import type { AgentStateType, CardActionResult, CaseRef, KnowledgeRef, LimitsFacts, PendingItem, PendingOption, RequestOption } from "./state";

const ENGLISH = wordsFor("en");

/** The words of the language this turn is answered in. */
export function wordsOf(state: Pick<AgentStateType, "language">): Words {
  return wordsFor(languageOr(state.language));
}

function describe(kase: Pick<CaseRef, "merchant" | "amountMinor" | "currency">, w: Words): string {
  return w.t("case.payment", { merchant: kase.merchant, amount: w.money(kase.amountMinor, kase.currency) });
}

/** A conversation's own request, still with an operator, after the answer about another payment. */
export function stillWaitingText(kase: Pick<CaseRef, "merchant" | "amountMinor" | "currency">, w: Words = ENGLISH): string {
  return w.t("awaiting.stillWaiting", { what: describe(kase, w) });
}

/** The words for a case's standing, shared by the status answer and the reply to a new report. */
export function caseStandingText(kase: Pick<CaseRef, "merchant" | "amountMinor" | "currency" | "paidMinor">, status: string, w: Words = ENGLISH): string {
  const what = describe(kase, w);
  switch (status) {
    case "refunded":
      return kase.paidMinor !== undefined && kase.paidMinor !== kase.amountMinor
        ? w.t("case.refundedPart", { paid: w.money(kase.paidMinor, kase.currency), what })
        : w.t("case.refunded", { what });
    case "awaiting_approval":
    case "open":
      return w.t("case.waiting", { what });
    case "approved":
      return w.t("case.approved", { what });
    case "rejected":
      return w.t("case.rejected", { what });
    case "cancelled":
      return w.t("case.cancelled", { what });
    default:
      return w.t("case.other", { what, status: status.replaceAll("_", " ") });
  }
}

export function limitsText(facts: LimitsFacts, w: Words = ENGLISH): string {
  return facts.cards
    .map((c) =>
      w.t("limits.card", {
        last4: c.last4,
        daily: w.money(c.dailyLimitMinor, c.currency),
        spentToday: w.money(c.spentTodayMinor, c.currency),
        monthly: w.money(c.monthlyLimitMinor, c.currency),
        spentMonth: w.money(c.spentThisMonthMinor, c.currency),
        online: w.money(c.onlineLimitMinor, c.currency),
        atm: w.money(c.atmLimitMinor, c.currency),
      }),
    )
    .join("\n");
}

function refundText(state: AgentStateType, w: Words): string {
  const kase = state.case!;
  const what = describe(kase, w);
  const refund = state.refundOutcome;
  // The approved amount, named when an approver settled on less than the payment: the
  // customer reads the same figure the ledger pays.
  const paid = state.approval?.amountMinor ?? kase.amountMinor;
  const lower = paid === kase.amountMinor ? "none" : w.money(paid, kase.currency);
  if (refund?.status === "executed") {
    const review = state.approval?.decidedBy === "policy" || !state.approval?.decidedBy ? "no" : "yes";
    return w.t("refund.executed", { lower, what, review });
  }
  if (refund?.status === "failed") return w.t("refund.failed", { lower, what });
  const approval = state.approval;
  if (approval?.status === "rejected")
    return approval.reason ? w.t("refund.rejectedReason", { what, reason: approval.reason }) : w.t("refund.rejected", { what });
  if (approval?.status === "cancelled") return w.t("refund.cancelled", { what });
  if (approval?.status === "expired") return w.t("refund.expired", { what });
  return caseStandingText(kase, approval?.status === "pending" ? "awaiting_approval" : (approval?.status ?? "open"), w);
}

/** "A", "A and B", "A, B and C". */
export function listOf(items: string[], last: "and" | "or" = "and", w: Words = ENGLISH): string {
  return w.list(items, last);
}

/** A knowledge-base answer with the citation of its entry. */
export function knowledgeText(entry: KnowledgeRef, w: Words = ENGLISH): string {
  return `${entry.answer}\n${w.t("knowledge.citation", { id: entry.id, title: entry.title })}`;
}

function cardsNamed(cards: CardActionResult["cards"], w: Words): string {
  const digits = cards.map((c) => c.last4);
  return digits.length === 1 ? w.t("cards.yourCard", { digits: digits[0]! }) : w.t("cards.yourCards", { digits: w.list(digits) });
}

/** What the cards system did, in the customer's words. */
export function cardActionText(result: CardActionResult, reason?: string, replacementOrdered = false, w: Words = ENGLISH): string {
  if (result.outcome === "unavailable") return w.t("cards.unavailable", { action: result.action });
  if (result.outcome === "no_card") {
    return result.cards.length > 0 ? w.t("cards.noSuchCard", { digits: w.list(result.cards.map((c) => c.last4)) }) : w.t("cards.noCard");
  }
  if (result.outcome === "ambiguous") {
    const cards = w.list(result.cards.map((c) => w.t("cards.theOneEnding", { digits: c.last4 })));
    return w.t("cards.ambiguous", { count: result.cards.length, action: result.action, cards });
  }
  const changed = result.cards.filter((c) => c.changed);
  const already = result.cards.filter((c) => !c.changed);
  switch (result.action) {
    case "freeze": {
      if (changed.length === 0) return w.t("cards.alreadyFrozen", { cards: capitalise(cardsNamed(already, w)), count: already.length });
      const after =
        reason === "compromised" || reason === "stolen"
          ? w.t("cards.afterCompromised")
          : replacementOrdered
            ? w.t("cards.afterReplaced")
            : w.t("cards.afterLost");
      return w.t("cards.frozen", { cards: cardsNamed(changed, w), count: changed.length }) + after;
    }
    case "unfreeze":
      if (changed.length === 0) return w.t("cards.notFrozen", { cards: capitalise(cardsNamed(already, w)), count: already.length });
      return w.t("cards.unfrozen", { cards: cardsNamed(changed, w), count: changed.length });
    case "replacement": {
      const frozen = result.cards.filter((c) => c.status === "frozen");
      const old =
        frozen.length === 0
          ? ""
          : frozen.length === 1 && result.cards.length === 1
            ? w.t("cards.oldStaysFrozen")
            : w.t("cards.staysFrozen", { cards: capitalise(cardsNamed(frozen, w)), count: frozen.length });
      const cards = cardsNamed(result.cards, w);
      return changed.length === 0 ? w.t("cards.replacementOnItsWay", { cards, old }) : w.t("cards.replacementOrdered", { cards, old });
    }
  }
}

/** The customer's payments still in progress, from the history system. */
export function pendingText(items: PendingItem[], w: Words = ENGLISH): string {
  if (items.length === 0) return w.t("pending.none");
  const lines = items.map((p) =>
    w.t("pending.line", {
      kind: capitalise(w.t("pending.kind", { kind: p.kind })),
      counterparty: p.counterparty,
      amount: w.money(p.amountMinor, p.currency),
      since: w.day(p.createdAt),
      expected: w.day(p.expectedBy),
    }),
  );
  return w.t("pending.list", { count: items.length, lines: lines.join("\n") });
}

/** What the customer can do about an item not booked yet, by its kind. */
const NOT_BOOKED_ADVICE = {
  card_payment: "pending.adviceCardPayment",
  transfer: "pending.adviceTransfer",
  cash_withdrawal: "pending.adviceCashWithdrawal",
  top_up: "pending.adviceTopUp",
} as const satisfies Record<PendingItem["kind"], string>;

/** Why an item not booked yet cannot be refunded now, when it should be booked, and what the customer can do meanwhile. */
export function notBookedText(item: PendingOption, pending?: PendingItem[], w: Words = ENGLISH): string {
  const expected = pending?.find((p) => p.id === item.transactionId)?.expectedBy;
  // A top-up is named by its source ("Top-up by bank transfer"), the others by their counterparty.
  const what = w.t("pending.notBookedWhat", {
    kind: item.kind,
    source: item.merchant.toLowerCase(),
    kindWords: w.t("pending.kind", { kind: item.kind }),
    counterparty: item.merchant,
    amount: w.money(item.amountMinor, item.currency),
    day: w.day(item.postedAt),
  });
  const when = expected ? w.t("pending.expected", { day: w.day(expected) }) : "";
  return w.t("pending.notBooked", { what, when, advice: w.t(NOT_BOOKED_ADVICE[item.kind], { merchant: item.merchant }) });
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function optionLines(options: { merchant: string; amountMinor: number; currency?: string; postedAt: string }[], w: Words): string {
  return options
    .map((o, i) => w.t("clarify.option", { n: i + 1, merchant: o.merchant, amount: w.money(o.amountMinor, o.currency ?? "EUR"), day: w.day(o.postedAt) }))
    .join("\n");
}

function requestNamed(o: RequestOption, w: Words): string {
  return w.t("clarify.requestNamed", { merchant: o.merchant, amount: w.money(o.amountMinor, o.currency) });
}

function clarificationText(state: AgentStateType, w: Words): string | undefined {
  const c = state.clarification;
  switch (c?.kind) {
    case "which_transaction": {
      if (c.options.length === 1) {
        const [only] = c.options;
        return w.t("clarify.confirmDuplicate", {
          merchant: only!.merchant,
          amount: w.money(only!.amountMinor, only!.currency ?? "EUR"),
          day: w.day(only!.postedAt),
        });
      }
      return w.t("clarify.whichOfMany", { count: c.options.length, options: optionLines(c.options, w) });
    }
    case "which_refund":
      return c.options?.length ? w.t("clarify.whichRefundListed", { options: optionLines(c.options, w) }) : w.t("clarify.whichRefund");
    case "none_found": {
      const missing = c.named ? w.t("clarify.noneNamed", { named: c.named }) : w.t("clarify.noneMatching");
      if (!c.options?.length) return w.t("clarify.askDetails", { missing });
      return w.t("clarify.nearest", { missing, options: optionLines(c.options, w) });
    }
    case "not_booked":
      return notBookedText(c.item, state.checks.history?.status === "ok" ? state.checks.history.facts.pending : undefined, w);
    case "which_intent":
      return w.t("clarify.whichIntent", {
        topics: w.list(
          c.candidates.map((x) => x.topic),
          "or",
        ),
      });
    case "about_payment":
      return w.t("clarify.aboutPayment", {
        merchant: c.option.merchant,
        amount: w.money(c.option.amountMinor, c.option.currency ?? "EUR"),
        day: w.day(c.option.postedAt),
      });
    case "which_request":
      return w.t("clarify.whichRequest", { count: c.options.length, requests: w.list(c.options.map((o) => requestNamed(o, w))) });
    default:
      return undefined;
  }
}

function standingLines(cases: CaseRef[], w: Words): string {
  return cases.map((c) => w.t("status.line", { text: caseStandingText(c, c.priorStatus ?? "open", w) })).join("\n");
}

function statusText(state: AgentStateType, w: Words): string {
  const standing = state.standing ?? [];
  if (!state.case && standing.length > 0) return w.t("status.list", { lines: standingLines(standing, w) });
  if (!state.case) return w.t("status.none");
  return caseStandingText(state.case, state.case.priorStatus ?? "open", w);
}

/** The answer to a cancel: the request withdrawn, or where the request named stands when nothing is left to cancel. */
function cancelText(kase: CaseRef | null, withdrawn: boolean, w: Words): string {
  if (!kase) return w.t("cancel.nothing");
  if (withdrawn) return w.t("cancel.done", { what: describe(kase, w) });
  return w.t("cancel.nothingLeft", { standing: caseStandingText(kase, kase.priorStatus ?? "open", w) });
}

/** The answer to the money or case request of the turn (the graph's main path). */
function mainText(state: AgentStateType, w: Words): string | undefined {
  const clarification = clarificationText(state, w);
  if (clarification) return clarification;
  switch (state.intent) {
    case "greeting":
      return state.understanding?.category === "thanks" ? w.t("reply.thanks") : w.t("reply.greeting");
    case "status":
      return statusText(state, w);
    case "cancel":
      return cancelText(state.case, state.withdrawn !== null, w);
    case "refund":
      if (state.case?.priorStatus) return w.t("refund.already", { standing: caseStandingText(state.case, state.case.priorStatus, w) });
      if (state.case) return refundText(state, w);
      return w.t("refund.whichPayment");
    default:
      return undefined;
  }
}

/** Answers that need no case: limits, pending items, card actions, knowledge; and the other requests' standing beside a new one. */
function factsText(state: AgentStateType, intent: string, w: Words): string | undefined {
  switch (intent) {
    case "status": {
      if (state.intent === "status") return undefined;
      const others = state.standing ?? [];
      if (others.length === 0) return w.t("status.noOthers");
      return w.t("status.others", { lines: standingLines(others, w) });
    }
    case "cancel": {
      const beside = state.intent === "cancel" ? null : state.alsoCancel;
      return beside ? cancelText(beside.case, state.withdrawn !== null, w) : undefined;
    }
    case "limits": {
      const limits = state.checks.limits;
      if (limits?.status === "ok") return w.t("limits.intro", { lines: limitsText(limits.facts, w) });
      return w.t("limits.unavailable");
    }
    case "pending": {
      const history = state.checks.history;
      if (history?.status === "ok") return pendingText(history.facts.pending ?? [], w);
      return w.t("pending.unavailable");
    }
    case "freeze_card":
    case "unfreeze_card":
    case "replace_card": {
      const results = [state.cardAction, state.alsoCardAction].filter((r): r is CardActionResult => r !== null);
      const result = results.find((r) => r.action === CARD_INTENTS[intent as keyof typeof CARD_INTENTS]) ?? results[0];
      const replaced = results.some((r) => r.action === "replacement" && r.outcome === "done");
      return result ? cardActionText(result, state.understanding?.cardReason ?? state.understanding?.also?.cardReason, replaced, w) : undefined;
    }
    default:
      return undefined;
  }
}

/** The agent's answer, composed from state alone: the model never words a money outcome. */
export function composeReply(state: AgentStateType): string {
  const w = wordsOf(state);
  if (state.handoff && !state.handoff.requested) return w.t("reply.stuck");
  const u = state.understanding;
  const intents = [state.intent ?? "other", ...(u?.also ? [u.also.intent] : [])];
  const parts: string[] = [];
  const main = mainText(state, w);
  if (main) parts.push(main);
  for (const intent of intents) {
    const text = factsText(state, intent, w);
    if (text && !parts.includes(text)) parts[intent === "freeze_card" ? "unshift" : "push"](text);
  }
  for (const entry of state.knowledge ?? []) parts.push(knowledgeText(entry, w));
  if (state.handoff?.requested) parts.push(w.t("reply.handedOver"));
  return parts.length > 0 ? parts.join("\n\n") : w.t("reply.offer");
}

/** The answer to a message whose run a newer message stopped (double-texting interrupt or rollback). */
export function supersededText(state: AgentStateType, outcome: { refundMade: boolean; withdrawn: boolean }): string {
  const w = wordsOf(state);
  const settled = ["cancelled", "rejected", "expired", "executed"].includes(state.approval?.status ?? "");
  if (outcome.refundMade || (settled && !outcome.withdrawn)) return composeReply(state);
  if (outcome.withdrawn && state.case) return w.t("reply.stoppedWithdrawn", { what: describe(state.case, w) });
  return w.t("reply.stopped");
}
