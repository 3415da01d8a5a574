import { describe, expect, it } from "vitest";
import { outcomeOf, type OutcomeState } from "./outcome";

const refundCase = { transactionId: "tx-alice-coffee-2" };

describe("outcomeOf", () => {
  it("names a refund paid, waiting for an operator, or reported before", () => {
    expect(outcomeOf({ intent: "refund", case: refundCase, approval: { status: "executed" }, refundOutcome: { status: "executed" } })).toBe("refunded");
    expect(outcomeOf({ intent: "refund", case: refundCase, verdict: { outcome: "review" }, approval: null })).toBe("review");
    expect(outcomeOf({ intent: "refund", case: refundCase, verdict: { outcome: "review" }, approval: { status: "pending" } })).toBe("review");
    expect(outcomeOf({ intent: "refund", case: { ...refundCase, priorStatus: "refunded" } })).toBe("already_known");
  });

  it("gives no outcome to a refund that came to nothing it names", () => {
    expect(outcomeOf({ intent: "refund", case: refundCase, approval: { status: "approved" }, refundOutcome: { status: "failed" } })).toBeNull();
    expect(outcomeOf({ intent: "refund", case: refundCase, verdict: { outcome: "review" }, approval: { status: "rejected" } })).toBeNull();
    expect(outcomeOf({ intent: "refund" })).toBeNull();
    expect(outcomeOf({})).toBeNull();
  });

  it("reads each clarifying question as its outcome", () => {
    expect(outcomeOf({ intent: "refund", clarification: { kind: "which_transaction" } })).toBe("clarify_transaction");
    expect(outcomeOf({ intent: "refund", clarification: { kind: "which_refund" } })).toBe("clarify_transaction");
    expect(outcomeOf({ intent: "refund", clarification: { kind: "none_found" } })).toBe("none_found");
    expect(outcomeOf({ intent: "unclear", clarification: { kind: "which_intent" } })).toBe("clarify_intent");
    expect(outcomeOf({ intent: "cancel", clarification: { kind: "which_request" } })).toBe("clarify_request");
  });

  it("tells a cancelled request from one with nothing left to cancel", () => {
    const waiting = { ...refundCase, priorStatus: "awaiting_approval" };
    expect(
      outcomeOf({ intent: "cancel", case: { ...refundCase, priorStatus: "cancelled" }, approval: { status: "cancelled" }, withdrawn: { approvalId: "a-1" } }),
    ).toBe("cancelled");
    expect(outcomeOf({ intent: "cancel", case: null })).toBe("nothing_to_cancel");
    expect(outcomeOf({ intent: "cancel", case: { ...refundCase, priorStatus: "refunded" }, approval: { status: "executed" } })).toBe("nothing_to_cancel");
    expect(outcomeOf({ intent: "cancel", case: { ...refundCase, priorStatus: "cancelled" }, approval: { status: "cancelled" } })).toBe("nothing_to_cancel");
    expect(outcomeOf({ intent: "cancel", case: waiting, approval: { status: "pending" } })).toBeNull();
  });

  it("needs the system's answer for limits and pending, and a cited entry for knowledge", () => {
    expect(outcomeOf({ intent: "limits", checks: { limits: { status: "ok" } } })).toBe("limits_answered");
    expect(outcomeOf({ intent: "limits", checks: { limits: { status: "unavailable" } } })).toBeNull();
    expect(outcomeOf({ intent: "pending", checks: { history: { status: "ok" } } })).toBe("pending_answered");
    expect(outcomeOf({ intent: "pending", checks: {} })).toBeNull();
    expect(outcomeOf({ intent: "knowledge", knowledge: [{ id: "kb-change-pin", category: "change_pin", title: "Changing your PIN" }] })).toBe("answered");
    expect(outcomeOf({ intent: "knowledge", understanding: { category: "change_pin" } })).toBeNull();
    expect(outcomeOf({ intent: "status" })).toBe("status_answered");
    expect(outcomeOf({ intent: "greeting" })).toBe("greeted");
  });

  it("names a card action only when it was done", () => {
    expect(outcomeOf({ intent: "freeze_card", cardAction: { action: "freeze", outcome: "done" } })).toBe("card_frozen");
    expect(outcomeOf({ intent: "unfreeze_card", cardAction: { action: "unfreeze", outcome: "done" } })).toBe("card_unfrozen");
    expect(outcomeOf({ intent: "replace_card", cardAction: { action: "replacement", outcome: "done" } })).toBe("replacement_requested");
    expect(outcomeOf({ intent: "freeze_card", cardAction: { action: "freeze", outcome: "unavailable" } })).toBeNull();
    expect(outcomeOf({ intent: "freeze_card", cardAction: { action: "freeze", outcome: "no_card" } })).toBeNull();
    expect(outcomeOf({ intent: "freeze_card" })).toBeNull();
  });

  it("hands over on request and when the conversation went in circles", () => {
    expect(outcomeOf({ intent: "handover", handoff: { reason: "asked", requested: true, handoverId: "h-1" } })).toBe("handed_over");
    expect(outcomeOf({ intent: "handover" })).toBeNull();
    expect(outcomeOf({ intent: "refund", case: refundCase, handoff: { reason: "three times" } })).toBe("handed_over");
    expect(outcomeOf({ intent: "handover", handoff: { reason: "asked", requested: true } })).toBe("handed_over");
  });

  it("reads a second request of the same turn by its own intent, each question belonging to its intent", () => {
    const state: OutcomeState = {
      intent: "refund",
      understanding: { intent: "refund", also: { intent: "limits" } },
      clarification: { kind: "which_transaction" },
      checks: { limits: { status: "ok" } },
    };
    expect(outcomeOf(state)).toBe("clarify_transaction");
    expect(outcomeOf(state, "limits")).toBe("limits_answered");
    const frozen: OutcomeState = {
      intent: "freeze_card",
      understanding: { intent: "freeze_card", also: { intent: "handover" } },
      cardAction: { action: "freeze", outcome: "done" },
      handoff: { reason: "asked", requested: true, handoverId: "h-2" },
    };
    expect(outcomeOf(frozen)).toBe("card_frozen");
    expect(outcomeOf(frozen, "handover")).toBe("handed_over");
    expect(
      outcomeOf(
        { intent: "limits", clarification: { kind: "which_intent" }, checks: { limits: { status: "ok" } }, understanding: { also: { intent: "refund" } } },
        "refund",
      ),
    ).toBeNull();
  });
});
