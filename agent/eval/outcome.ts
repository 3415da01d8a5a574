/**
 * What a turn came to, read from the thread's state after it: the one place the
 * conversation evaluation turns graph state into a named outcome.
 */

/** Every outcome a turn of the conversation set may expect. */
export const OUTCOMES = [
  "refunded",
  "review",
  "already_known",
  "clarify_transaction",
  "clarify_intent",
  "clarify_request",
  "none_found",
  "not_booked",
  "answered",
  "card_frozen",
  "card_unfrozen",
  "replacement_requested",
  "pending_answered",
  "limits_answered",
  "status_answered",
  "cancelled",
  "nothing_to_cancel",
  "handed_over",
  "greeted",
] as const;

export type Outcome = (typeof OUTCOMES)[number];

/**
 * The parts of the agent's state an outcome is read from. Structural and optional on purpose:
 * a field the graph does not write yet reads as absent, so the turn gets no outcome instead
 * of the evaluation failing to compile or crashing.
 */
export type OutcomeState = {
  intent?: string | null;
  understanding?: { intent?: string; category?: string; also?: { intent?: string; category?: string } | null } | null;
  case?: { transactionId?: string; priorStatus?: string } | null;
  /** Policy's verdict: `review` leaves the thread waiting at the approval gate, before the approval reaches the state. */
  verdict?: { outcome?: string } | null;
  approval?: { status?: string } | null;
  refundOutcome?: { status?: string } | null;
  clarification?: { kind?: string } | null;
  /** The payment the conversation is about: a question about one payment is about it before any case. */
  focus?: { transactionId?: string } | null;
  /** The knowledge-base entries the answer cites. */
  knowledge?: { id?: string; category?: string; title?: string }[] | null;
  /** A waiting request this turn cancelled. */
  withdrawn?: { approvalId?: string } | null;
  /** A cancel asked beside a new claim: the request it was about. */
  alsoCancel?: { case?: { caseId?: string; priorStatus?: string } | null } | null;
  cardAction?: { action?: string; outcome?: string } | null;
  alsoCardAction?: { action?: string; outcome?: string } | null;
  checks?: { limits?: { status?: string }; history?: { status?: string } } | null;
  /** A hand-over to a person: `requested` when the customer asked for it, else the conversation went in circles. */
  handoff?: { reason?: string; requested?: boolean; handoverId?: string } | null;
};

/**
 * Each clarification's outcome and the intents it belongs to; one without intents is a
 * question about the message itself (which intent), and belongs to the turn's main intent.
 */
const CLARIFICATIONS: Record<string, { outcome: Outcome; intents?: string[] }> = {
  which_transaction: { outcome: "clarify_transaction", intents: ["refund"] },
  which_refund: { outcome: "clarify_transaction", intents: ["refund"] },
  none_found: { outcome: "none_found", intents: ["refund"] },
  not_booked: { outcome: "not_booked", intents: ["refund"] },
  which_request: { outcome: "clarify_request", intents: ["cancel", "status"] },
  which_intent: { outcome: "clarify_intent" },
  about_payment: { outcome: "clarify_intent" },
};

/** Case statuses with nothing left to cancel. */
const SETTLED = new Set(["refunded", "rejected", "cancelled", "expired", "approved", "failed"]);

const CARD_OUTCOMES: Record<string, Outcome> = { freeze: "card_frozen", unfreeze: "card_unfrozen", replacement: "replacement_requested" };
const CARD_OUTCOME_OF: Record<string, Outcome> = { freeze_card: "card_frozen", unfreeze_card: "card_unfrozen", replace_card: "replacement_requested" };

function clarificationOutcome(state: OutcomeState, intent: string, main: boolean): Outcome | null {
  const rule = state.clarification?.kind ? CLARIFICATIONS[state.clarification.kind] : undefined;
  if (!rule) return null;
  const belongs = rule.intents ? rule.intents.includes(intent) || (main && !state.understanding?.also) : main;
  return belongs ? rule.outcome : null;
}

function refundOutcome(state: OutcomeState): Outcome | null {
  if (state.case?.priorStatus) return "already_known";
  if (state.refundOutcome?.status === "executed") return "refunded";
  const waiting = state.approval ? state.approval.status === "pending" : state.verdict?.outcome === "review";
  if (state.case && waiting) return "review";
  return null;
}

function cancelOutcome(state: OutcomeState, main: boolean): Outcome | null {
  if (!main && state.alsoCancel) {
    const kase = state.alsoCancel.case;
    if (kase && state.withdrawn) return "cancelled";
    return !kase || (kase.priorStatus && SETTLED.has(kase.priorStatus)) ? "nothing_to_cancel" : null;
  }
  const prior = state.case?.priorStatus;
  if (state.withdrawn) return "cancelled";
  if (!state.case || (prior && SETTLED.has(prior))) return "nothing_to_cancel";
  return null;
}

/**
 * The outcome of `intent` (the turn's main intent unless given: a turn asking two things is
 * read once for each) in the state a turn left, or null when the state shows that intent
 * came to nothing the evaluation names. A hand-over (asked for, or the agent's own for the
 * main request) and a clarifying question about the request come first; then each intent
 * has the field its action writes.
 */
export function outcomeOf(state: OutcomeState, intent: string | null = state.intent ?? null): Outcome | null {
  if (!intent) return null;
  const main = intent === state.intent;
  const requested = Boolean(state.handoff?.requested);
  if (intent === "handover" && requested) return "handed_over";
  if (main && state.handoff && !requested) return "handed_over";
  const clarified = clarificationOutcome(state, intent, main);
  if (clarified) return clarified;
  switch (intent) {
    case "greeting":
      return "greeted";
    case "refund":
      return refundOutcome(state);
    case "cancel":
      return cancelOutcome(state, main);
    case "status":
      return "status_answered";
    case "limits":
      return state.checks?.limits?.status === "ok" ? "limits_answered" : null;
    case "pending":
      return state.checks?.history?.status === "ok" ? "pending_answered" : null;
    case "freeze_card":
    case "unfreeze_card":
    case "replace_card": {
      const result = [state.cardAction, state.alsoCardAction].find((r) => r && CARD_OUTCOMES[r.action ?? ""] === CARD_OUTCOME_OF[intent]) ?? state.cardAction;
      return result?.outcome === "done" ? (CARD_OUTCOMES[result.action ?? ""] ?? null) : null;
    }
    case "knowledge":
      return state.knowledge?.some((k) => k.id) ? "answered" : null;
    default:
      return null;
  }
}

/** Intents the agent cannot act on: a turn of one, without a question back or a hand-over, fell back. */
const FALLBACK_INTENTS = new Set(["other", "unclear"]);

/** What a turn came to, as release checks compare it: its intent and named outcome, and whether it asked back, handed over or fell back. */
export function turnKind(state: OutcomeState & { knowledge?: unknown[] | null }) {
  const intent = state.intent ?? null;
  const clarifying = Boolean(state.clarification);
  const handover = Boolean(state.handoff);
  const unanswered = FALLBACK_INTENTS.has(intent ?? "other") || (intent === "knowledge" && !(state.knowledge ?? []).length);
  return { intent, outcome: outcomeOf(state), clarifying, handover, fallback: !clarifying && !handover && unanswered };
}
