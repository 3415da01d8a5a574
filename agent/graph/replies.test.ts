import { describe, expect, it } from "vitest";
import { entryFor } from "../knowledge";
import { cardActionText, composeReply, listOf, pendingText, supersededText } from "./replies";
import { blankState, type AgentStateType, type ApprovalRef, type CardActionResult, type CaseRef, type PendingItem } from "./state";

/** What is wrong with a reply's wording; empty when a careful person could have written it. */
function replyProblems(text: string): string[] {
  const problems: string[] = [];
  if (/ {2,}|[ \t]$|^ /m.test(text)) problems.push("extra spaces");
  if (/undefined|null|NaN|\[object/.test(text)) problems.push("a missing value shows");
  if (/\s[.,;:?!]/.test(text)) problems.push("space before punctuation");
  for (const line of text.split("\n").filter(Boolean)) {
    const body = line.replace(/^(?:- |\d+\. )/, "");
    if (!/^[A-Z0-9"]/.test(body)) problems.push(`line does not start with a capital: ${line}`);
    if (!/[.?!:]$/.test(body)) problems.push(`line does not end a sentence: ${line}`);
  }
  for (const m of text.matchAll(/[.?!] +([^ ])/g)) if (!/[A-Z0-9"]/.test(m[1])) problems.push(`sentence starts in lower case: ...${m[0]}`);
  for (const m of text.matchAll(/([\d.,]+) EUR\b/g)) if (!/^\d{1,3}(?:,\d{3})*\.\d{2}$/.test(m[1])) problems.push(`amount not like 1,249.00 EUR: ${m[0]}`);
  if (/\d (?:eur|usd|pln|gbp)\b/.test(text)) problems.push("a currency in lower case");
  return problems;
}

const electro: CaseRef = {
  caseId: "c1",
  transactionId: "tx-alice-electro",
  merchant: "Electro Mart",
  amountMinor: 124_900,
  currency: "EUR",
  postedAt: "2026-11-24T22:00:00Z",
  reason: "unrecognised",
};
const books: CaseRef = {
  caseId: "c2",
  transactionId: "tx-bob-books-2",
  merchant: "Book Nook",
  amountMinor: 1_250,
  currency: "EUR",
  postedAt: "2026-11-25T11:00:00Z",
  reason: "duplicate",
};
const approval = (status: ApprovalRef["status"], extra: Partial<ApprovalRef> = {}): ApprovalRef => ({
  approvalId: "a1",
  amountMinor: 124_900,
  status,
  version: 2,
  ...extra,
});
const card = (
  outcome: CardActionResult["outcome"],
  action: CardActionResult["action"],
  last4s = outcome === "ambiguous" ? ["4242", "5151"] : ["4242"],
): CardActionResult => ({
  action,
  outcome,
  cards:
    outcome === "no_card" || outcome === "unavailable"
      ? []
      : last4s.map((last4) => ({
          cardId: `card-${last4}`,
          last4,
          status: action === "unfreeze" ? "active" : "frozen",
          changed: true,
          replacementRequested: action === "replacement",
        })),
});
const pending: PendingItem[] = [
  {
    id: "p1",
    kind: "card_payment",
    counterparty: "Hotel Adler",
    amountMinor: 18_000,
    currency: "EUR",
    createdAt: "2026-11-29T12:00:00Z",
    expectedBy: "2026-12-06T12:00:00Z",
  },
  {
    id: "p2",
    kind: "transfer",
    counterparty: "Maria Novak",
    amountMinor: 25_000,
    currency: "EUR",
    createdAt: "2026-11-30T09:00:00Z",
    expectedBy: "2026-12-01T09:00:00Z",
  },
];
const limitsFacts = {
  cards: [
    {
      cardId: "card-alice",
      last4: "4242",
      currency: "EUR",
      dailyLimitMinor: 150_000,
      monthlyLimitMinor: 500_000,
      onlineLimitMinor: 100_000,
      atmLimitMinor: 50_000,
      spentTodayMinor: 2_340,
      spentThisMonthMinor: 130_000,
    },
  ],
};
const activate = entryFor("demo-bank", "activate_my_card")!;
const transferTime = entryFor("demo-bank", "transfer_timing")!;

function state(patch: Partial<AgentStateType>): AgentStateType {
  return { ...blankState(), tenantId: "demo-bank", customerId: "cust-alice", ...patch };
}

/** Every outcome the agent can answer, by name. */
const OUTCOMES: Record<string, AgentStateType> = {
  greeting: state({ intent: "greeting" }),
  "nothing understood": state({ intent: "other" }),
  "which of two topics": state({
    intent: "unclear",
    clarification: {
      kind: "which_intent",
      candidates: [
        { category: "activate_my_card", topic: "activating a new card" },
        { category: "card_arrival", topic: "card delivery" },
      ],
    },
  }),
  "which of three topics": state({
    intent: "unclear",
    clarification: {
      kind: "which_intent",
      candidates: [
        { category: "a", topic: "activating a new card" },
        { category: "b", topic: "card delivery" },
        { category: "c", topic: "ordering a physical card" },
      ],
    },
  }),
  "which payment (list)": state({
    intent: "refund",
    clarification: {
      kind: "which_transaction",
      options: [
        { transactionId: "a2", merchant: "Coffee Corner", amountMinor: 490, currency: "EUR", postedAt: "2026-11-27T09:00:00Z" },
        { transactionId: "a4", merchant: "Sunrise Bakery", amountMinor: 490, currency: "EUR", postedAt: "2026-11-26T07:30:00Z" },
      ],
    },
  }),
  thanks: state({ intent: "greeting", understanding: { intent: "greeting", category: "thanks", confidence: 0.9 } }),
  "which payment (nothing named)": state({ intent: "refund", clarification: { kind: "which_refund" } }),
  "which payment (nothing named), the latest listed": state({
    intent: "refund",
    clarification: {
      kind: "which_refund",
      options: [
        { transactionId: "a1", merchant: "Green Grocer", amountMinor: 2_340, currency: "EUR", postedAt: "2026-11-29T17:00:00Z" },
        { transactionId: "a3", merchant: "Coffee Corner", amountMinor: 490, currency: "EUR", postedAt: "2026-11-27T09:00:00Z" },
      ],
    },
  }),
  "no payment matches": state({ intent: "refund", clarification: { kind: "none_found" } }),
  "a named shop not found, the nearest offered": state({
    intent: "refund",
    clarification: {
      kind: "none_found",
      named: "IKEA",
      options: [{ transactionId: "tx-bob-gadget", merchant: "Gadget Hub", amountMinor: 8_900, currency: "EUR", postedAt: "2026-11-28T23:00:00Z" }],
    },
  }),
  "a card payment not booked yet": state({
    intent: "refund",
    clarification: {
      kind: "not_booked",
      item: {
        transactionId: "tx-hotel",
        kind: "card_payment",
        merchant: "Hotel Adler",
        amountMinor: 18_000,
        currency: "EUR",
        postedAt: "2026-11-29T20:00:00Z",
      },
    },
    checks: {
      history: {
        status: "ok",
        latencyMs: 3,
        facts: {
          refundsLast30Days: 0,
          openCases: 0,
          casesTotal: 0,
          pending: [
            {
              id: "tx-hotel",
              kind: "card_payment",
              counterparty: "Hotel Adler",
              amountMinor: 18_000,
              currency: "EUR",
              createdAt: "2026-11-29T20:00:00Z",
              expectedBy: "2026-12-06",
            },
          ],
        },
      },
    },
  }),
  "a top-up not booked yet, the history system unreachable": state({
    intent: "refund",
    clarification: {
      kind: "not_booked",
      item: {
        transactionId: "tx-topup",
        kind: "top_up",
        merchant: "Top-up by bank transfer",
        amountMinor: 5_000,
        currency: "EUR",
        postedAt: "2026-11-30T00:00:00Z",
      },
    },
    checks: { history: { status: "unavailable", reason: "timeout" } },
  }),
  "which request to cancel": state({
    intent: "cancel",
    clarification: {
      kind: "which_request",
      options: [
        { caseId: "c1", approvalId: "a1", merchant: "Electro Mart", amountMinor: 124_900, currency: "EUR" },
        { caseId: "c3", approvalId: "a3", merchant: "City Parking", amountMinor: 3_800, currency: "EUR" },
      ],
    },
  }),
  "refunded by policy": state({
    intent: "refund",
    case: books,
    approval: approval("executed", { amountMinor: 1_250, decidedBy: "policy" }),
    refundOutcome: { status: "executed", entryId: "e", replayed: false },
  }),
  "refunded after review, less than asked": state({
    intent: "refund",
    case: electro,
    approval: approval("executed", { amountMinor: 100_000, decidedBy: "olga" }),
    refundOutcome: { status: "executed", entryId: "e", replayed: false },
  }),
  "refund approved, ledger silent": state({
    intent: "refund",
    case: electro,
    approval: approval("approved"),
    refundOutcome: { status: "failed", reason: "timeout" },
  }),
  "refund declined with a reason": state({
    intent: "refund",
    case: electro,
    approval: approval("rejected", { reason: "The merchant confirmed the purchase." }),
  }),
  "refund declined": state({ intent: "refund", case: electro, approval: approval("rejected") }),
  "refund cancelled": state({ intent: "refund", case: electro, approval: approval("cancelled") }),
  "refund expired": state({ intent: "refund", case: electro, approval: approval("expired") }),
  "refund waiting": state({ intent: "refund", case: electro, approval: approval("pending") }),
  ...Object.fromEntries(
    ["refunded", "awaiting_approval", "approved", "rejected", "cancelled", "expired", "open"].map((status) => [
      `already known (${status})`,
      state({ intent: "refund", case: { ...electro, priorStatus: status } }),
    ]),
  ),
  "status, nothing on file": state({ intent: "status" }),
  ...Object.fromEntries(
    ["refunded", "awaiting_approval", "approved", "rejected", "cancelled", "expired"].map((status) => [
      `status (${status})`,
      state({ intent: "status", case: { ...electro, priorStatus: status } }),
    ]),
  ),
  "status, paid less": state({ intent: "status", case: { ...electro, priorStatus: "refunded", paidMinor: 100_000 } }),
  "cancelled as asked": state({ intent: "cancel", case: { ...electro, priorStatus: "cancelled" }, withdrawn: { approvalId: "a1", caseId: "c1" } }),
  "nothing left to cancel": state({ intent: "cancel", case: { ...books, priorStatus: "refunded" } }),
  "no request to cancel": state({ intent: "cancel" }),
  limits: state({ intent: "limits", checks: { limits: { status: "ok", facts: limitsFacts, latencyMs: 3 } } }),
  "limits unavailable": state({ intent: "limits", checks: { limits: { status: "unavailable", reason: "timeout" } } }),
  "pending, two": state({
    intent: "pending",
    checks: { history: { status: "ok", facts: { refundsLast30Days: 0, openCases: 0, casesTotal: 0, pending }, latencyMs: 3 } },
  }),
  "pending, one": state({
    intent: "pending",
    checks: { history: { status: "ok", facts: { refundsLast30Days: 0, openCases: 0, casesTotal: 0, pending: pending.slice(0, 1) }, latencyMs: 3 } },
  }),
  "pending, none": state({
    intent: "pending",
    checks: { history: { status: "ok", facts: { refundsLast30Days: 0, openCases: 0, casesTotal: 0, pending: [] }, latencyMs: 3 } },
  }),
  "pending unavailable": state({ intent: "pending", checks: { history: { status: "unavailable", reason: "down" } } }),
  ...Object.fromEntries(
    (["freeze", "unfreeze", "replacement"] as const).flatMap((action) =>
      (["done", "unavailable", "no_card", "ambiguous"] as const).map((outcome) => [
        `card ${action} ${outcome}`,
        state({ intent: action === "freeze" ? "freeze_card" : action === "unfreeze" ? "unfreeze_card" : "replace_card", cardAction: card(outcome, action) }),
      ]),
    ),
  ),
  "two cards frozen": state({ intent: "freeze_card", cardAction: card("done", "freeze", ["4242", "5151"]) }),
  "card already frozen": state({
    intent: "freeze_card",
    cardAction: { ...card("done", "freeze"), cards: [{ cardId: "c", last4: "4242", status: "frozen", changed: false, replacementRequested: false }] },
  }),
  "card not frozen, unfreeze": state({
    intent: "unfreeze_card",
    cardAction: { ...card("done", "unfreeze"), cards: [{ cardId: "c", last4: "4242", status: "active", changed: false, replacementRequested: false }] },
  }),
  "no card with those digits": state({
    intent: "freeze_card",
    cardAction: {
      action: "freeze",
      outcome: "no_card",
      cards: [{ cardId: "c", last4: "4242", status: "active", changed: false, replacementRequested: false }],
    },
  }),
  "replacement already ordered, card active": state({
    intent: "replace_card",
    cardAction: {
      action: "replacement",
      outcome: "done",
      cards: [{ cardId: "c", last4: "4242", status: "active", changed: false, replacementRequested: true }],
    },
  }),
  "stolen card frozen": state({
    intent: "freeze_card",
    understanding: { intent: "freeze_card", cardReason: "stolen", confidence: 0.9 },
    cardAction: card("done", "freeze"),
  }),
  "knowledge answer": state({ intent: "knowledge", knowledge: [activate] }),
  "two knowledge answers": state({
    intent: "knowledge",
    understanding: { intent: "knowledge", confidence: 0.9, also: { intent: "knowledge", confidence: 0.9 } },
    knowledge: [activate, transferTime],
  }),
  "handed over on request": state({ intent: "handover", handoff: { reason: "The customer asked for a person.", requested: true } }),
  "handed over after circles": state({ intent: "refund", handoff: { reason: "Three times the same." } }),
  "card frozen and a refund waiting": state({
    intent: "refund",
    understanding: { intent: "refund", confidence: 0.9, also: { intent: "freeze_card", cardReason: "stolen", confidence: 0.9 } },
    case: electro,
    approval: approval("pending"),
    cardAction: card("done", "freeze"),
  }),
  "card frozen and a replacement ordered": state({
    intent: "freeze_card",
    understanding: { intent: "freeze_card", cardReason: "lost", confidence: 0.9, also: { intent: "replace_card", confidence: 0.9 } },
    cardAction: card("done", "freeze"),
    alsoCardAction: {
      action: "replacement",
      outcome: "done",
      cards: [{ cardId: "c", last4: "4242", status: "frozen", changed: true, replacementRequested: true }],
    },
  }),
  "a new report and the other requests' standing": state({
    intent: "refund",
    understanding: { intent: "refund", confidence: 0.9, also: { intent: "status", confidence: 0.9 } },
    case: books,
    approval: approval("executed", { amountMinor: 1_250, decidedBy: "policy" }),
    refundOutcome: { status: "executed", entryId: "e", replayed: false },
    standing: [{ ...electro, priorStatus: "awaiting_approval" }],
  }),
  "a new report and no other requests": state({
    intent: "refund",
    understanding: { intent: "refund", confidence: 0.9, also: { intent: "status", confidence: 0.9 } },
    case: books,
    approval: approval("pending"),
  }),
  "limits and a knowledge answer": state({
    intent: "limits",
    understanding: { intent: "limits", confidence: 0.9, also: { intent: "knowledge", category: "activate_my_card", confidence: 0.9 } },
    checks: { limits: { status: "ok", facts: limitsFacts, latencyMs: 3 } },
    knowledge: [activate],
  }),
};

describe("every reply", () => {
  it.each(Object.entries(OUTCOMES))("reads correctly: %s", (_name, s) => {
    const text = composeReply(s);
    expect(text.length).toBeGreaterThan(10);
    expect(replyProblems(text)).toEqual([]);
  });

  it.each(["refunded", "awaiting_approval", "rejected"])("keeps merchant names as written when superseded (%s)", (status) => {
    const text = supersededText(state({ intent: "refund", case: { ...books, priorStatus: status }, approval: approval("cancelled") }), {
      refundMade: false,
      withdrawn: true,
    });
    expect(replyProblems(text)).toEqual([]);
    expect(text).toContain("Book Nook");
  });

  it("finds what the grammar check is for", () => {
    expect(replyProblems("There's nothing left to cancel: your refund for the book nook payment of 12.50 eur has been paid back.")).not.toEqual([]);
    expect(replyProblems("Done. i've cancelled it.")).not.toEqual([]);
    expect(replyProblems("It cost 12.5 EUR.")).not.toEqual([]);
  });
});

describe("the words of some outcomes", () => {
  it("a cancel that finds nothing open keeps the case's own sentence, capitalised", () => {
    expect(composeReply(OUTCOMES["a named shop not found, the nearest offered"])).toBe(
      "I can't find a payment to IKEA on your card. The nearest I can see:\n1. Gadget Hub, 89.00 EUR on 28 Nov.\nIs it one of these, or can you tell me the amount and the date as they appear on your statement?",
    );
    expect(composeReply(OUTCOMES["a card payment not booked yet"])).toBe(
      "The card payment to Hotel Adler of 180.00 EUR from 29 Nov isn't booked yet, so there is nothing I can refund or open a case for right now. It should be booked by 6 Dec. If the amount is wrong or you didn't make this payment, ask Hotel Adler to release it; if it is booked and still wrong, tell me and I'll open a case.",
    );
    expect(composeReply(OUTCOMES["a top-up not booked yet, the history system unreachable"])).toMatch(
      /^The top-up by bank transfer of 50\.00 EUR from 30 Nov isn't booked yet/,
    );
    expect(composeReply(OUTCOMES["nothing left to cancel"])).toBe(
      "There's nothing left to cancel. Your refund for the Book Nook payment of 12.50 EUR has been paid back to your card.",
    );
  });

  it("a withdrawn request says which one and that nothing is paid", () => {
    expect(composeReply(OUTCOMES["cancelled as asked"])).toBe(
      "Done: I've cancelled your refund request for the Electro Mart payment of 1,249.00 EUR. Nothing will be paid back for it.",
    );
  });

  it("thanks are answered as thanks, not with a greeting", () => {
    expect(composeReply(OUTCOMES["thanks"])).toBe("You're welcome. Is there anything else I can help with?");
  });

  it("a refund asked for without a payment lists the latest payments to pick from", () => {
    expect(composeReply(OUTCOMES["which payment (nothing named), the latest listed"])).toBe(
      "I can help with that. Your latest payments:\n1. Green Grocer, 23.40 EUR on 29 Nov.\n2. Coffee Corner, 4.90 EUR on 27 Nov.\nWhich one is it about: its number, or the shop, the amount or the date? And was it charged twice, not made by you, or charged while you were abroad?",
    );
  });

  it("a clarifying question lists the topics with 'or'", () => {
    expect(composeReply(OUTCOMES["which of three topics"])).toBe(
      "I want to be sure I help with the right thing. Do you mean activating a new card, card delivery or ordering a physical card?",
    );
  });

  it("a knowledge answer cites its entry", () => {
    expect(composeReply(OUTCOMES["knowledge answer"])).toBe(`${activate.answer}\nSource: help article ${activate.id}, "${activate.title}".`);
  });

  it("a frozen card comes first when the message also reported a payment", () => {
    const text = composeReply(OUTCOMES["card frozen and a refund waiting"]);
    expect(text.indexOf("I've frozen your card ending 4242")).toBe(0);
    expect(text).toContain("Your refund request for the Electro Mart payment of 1,249.00 EUR is with one of our operators.");
  });

  it("a lost card frozen and replaced says both, and offers no second replacement", () => {
    const text = composeReply(OUTCOMES["card frozen and a replacement ordered"]);
    expect(text).toMatch(/^I've frozen your card ending 4242.*\n\nI've ordered a replacement for your card ending 4242\./s);
    expect(text).not.toMatch(/I can order a replacement/);
  });

  it("a status question beside a new report lists the other requests, not the new one", () => {
    const text = composeReply(OUTCOMES["a new report and the other requests' standing"]);
    expect(text).toMatch(/Book Nook/);
    expect(text).toMatch(/Your other refund requests:\n- .*Electro Mart/);
    expect(composeReply(OUTCOMES["a new report and no other requests"])).toMatch(/You have no other refund requests with us\./);
  });

  it("names one or several cards and pending items with the right number", () => {
    expect(cardActionText(card("done", "freeze", ["4242", "5151"]))).toContain("your cards ending 4242 and 5151");
    expect(cardActionText(card("done", "replacement", ["4242", "5151"]))).toContain("Your cards ending 4242 and 5151 stay frozen.");
    expect(pendingText(pending.slice(0, 1))).toMatch(
      /^You have one pending item:\n- Card payment to Hotel Adler, 180.00 EUR, pending since 29 Nov and expected to complete by 6 Dec\./,
    );
    expect(pendingText(pending)).toMatch(/^You have 2 pending items:/);
  });

  it("joins lists like a person", () => {
    expect(listOf(["a"])).toBe("a");
    expect(listOf(["a", "b"], "or")).toBe("a or b");
    expect(listOf(["a", "b", "c"])).toBe("a, b and c");
  });
});
