import { describe, expect, it } from "vitest";
import type { Expectation } from "./dataset";
import { judge, observe, passRate, summarise, type Observed, type TurnVerdict } from "./judge";
import { formatReport } from "./report";

const got = (over: Partial<Observed>): Observed => ({ fresh: true, intent: null, category: null, transaction: null, outcome: null, also: null, ...over });

describe("observe", () => {
  it("reads intent, cited category, transaction and outcome, and the second request", () => {
    const seen = observe(
      {
        intent: "knowledge",
        understanding: { intent: "knowledge", category: "card_arrival", also: { intent: "limits" } },
        knowledge: [{ id: "kb-1", category: "card_delivery_estimate", title: "Delivery" }],
        checks: { limits: { status: "ok" } },
      },
      true,
    );
    expect(seen).toEqual({
      fresh: true,
      intent: "knowledge",
      category: "card_delivery_estimate",
      transaction: null,
      outcome: "answered",
      also: { intent: "limits", category: null, outcome: "limits_answered" },
    });
    expect(observe({ intent: "refund", understanding: { category: "request_refund" }, case: { transactionId: "tx-bob-fuel" } }, true)).toMatchObject({
      category: "request_refund",
      transaction: "tx-bob-fuel",
      outcome: null,
    });
  });
});

describe("judge", () => {
  it("lets a second claim of the message open one case of its own, and no more", () => {
    const want = { intent: "refund", transaction: "tx-alice-electro", outcome: "review", also: { intent: "refund", outcome: "review" } } as const;
    const both = got({ intent: "refund", transaction: "tx-alice-electro", outcome: "review", also: { intent: "refund", category: null, outcome: "review" } });
    expect(judge(want, { ...both, opened: ["tx-alice-electro", "tx-alice-parking"] })).toEqual([]);
    expect(judge(want, { ...both, opened: ["tx-alice-electro", "tx-alice-parking", "tx-alice-grocer"] })).toEqual(["opened a case about tx-alice-grocer"]);
    expect(
      judge({ intent: "refund", transaction: "tx-alice-electro", outcome: "review" }, { ...both, opened: ["tx-alice-electro", "tx-alice-parking"] }),
    ).toEqual(["opened a case about tx-alice-parking"]);
  });

  it("passes a turn that matches and names every difference otherwise; the category only where an article answers", () => {
    const want = { intent: "refund", category: "transaction_charged_twice", transaction: "tx-alice-coffee-2", outcome: "refunded" } as const;
    expect(judge(want, got({ intent: "refund", category: "transaction_charged_twice", transaction: "tx-alice-coffee-2", outcome: "refunded" }))).toEqual([]);
    expect(judge(want, got({ intent: "refund", transaction: "tx-alice-coffee-1", outcome: "review" }))).toEqual([
      "outcome refunded != review",
      "transaction tx-alice-coffee-2 != tx-alice-coffee-1",
    ]);
    const article = { intent: "knowledge", category: "change_pin", outcome: "answered" } as const;
    expect(judge(article, got({ intent: "knowledge", category: "pin_blocked", outcome: "answered" }))).toEqual(["category change_pin != pin_blocked"]);
  });

  it("leaves out what the expectation does not give, and takes any of several transactions", () => {
    expect(judge({ intent: "limits", outcome: "limits_answered" }, got({ intent: "limits", category: "top_up_limits", outcome: "limits_answered" }))).toEqual(
      [],
    );
    const books: Expectation = { intent: "refund", transaction: ["tx-bob-books-1", "tx-bob-books-2"], outcome: "refunded" };
    expect(judge(books, got({ intent: "refund", transaction: "tx-bob-books-1", outcome: "refunded" }))).toEqual([]);
    expect(judge(books, got({ intent: "refund", transaction: null, outcome: "refunded" }))).toEqual(["transaction tx-bob-books-1 or tx-bob-books-2 != none"]);
  });

  it("fails a turn whose state is not its own", () => {
    expect(judge({ intent: "cancel", outcome: "cancelled" }, got({ fresh: false, intent: "cancel", outcome: "cancelled" }))).toEqual([
      "the thread's state is not this turn's (no graph run answered it)",
    ]);
  });

  it("takes two requests in either order, and fails a missing second one", () => {
    const want = { intent: "freeze_card", outcome: "card_frozen", also: { intent: "limits", outcome: "limits_answered" } } as const;
    const frozen = { intent: "freeze_card", outcome: "card_frozen" } as const;
    const limits = { intent: "limits", outcome: "limits_answered" } as const;
    expect(judge(want, got({ ...frozen, also: { ...limits, category: null } }))).toEqual([]);
    expect(judge(want, got({ ...limits, also: { ...frozen, category: null } }))).toEqual([]);
    expect(judge(want, got(frozen))).toEqual(["also intent limits != none", "also outcome limits_answered != none"]);
  });
});

const verdict = (intent: string, passed: boolean, category?: string): TurnVerdict => ({
  conversation: "refunds/x",
  turn: 1,
  text: `a ${intent} message`,
  expect: { intent: intent as "refund", outcome: "refunded", ...(category ? { category } : {}) },
  got: got({ intent }),
  reply: "the reply",
  mismatches: passed ? [] : ["outcome refunded != none"],
});

describe("summarise and the report", () => {
  const verdicts = [verdict("refund", true, "request_refund"), verdict("refund", false, "request_refund"), verdict("limits", true)];

  it("counts passes overall, by expected intent and by expected category", () => {
    const summary = summarise(verdicts);
    expect(summary.overall).toEqual({ passed: 2, total: 3 });
    expect([...summary.byIntent]).toEqual([
      ["limits", { passed: 1, total: 1 }],
      ["refund", { passed: 1, total: 2 }],
    ]);
    expect([...summary.byCategory]).toEqual([["request_refund", { passed: 1, total: 2 }]]);
    expect(passRate(summary.overall)).toBeCloseTo(2 / 3);
    expect(passRate({ passed: 0, total: 0 })).toBe(0);
  });

  it("prints the rates and each failure with what was expected, what came and the reply", () => {
    const report = formatReport(summarise(verdicts), verdicts);
    expect(report).toContain("conversation turns passed: 2 of 3 (66.7%)");
    expect(report).toMatch(/refund\s+1\s+2\s+50\.0%/);
    expect(report).toMatch(/request_refund\s+1\s+2\s+50\.0%/);
    expect(report).toContain('- refunds/x #1: "a refund message"');
    expect(report).toContain("expected refund / request_refund / refunded");
    expect(report).toContain("got      refund / no outcome");
    expect(report).toContain('reply    "the reply"');
    expect(formatReport(summarise(verdicts), [...verdicts, verdicts[1]!], { failures: 1 })).toContain("failures (2, first 1):");
  });
});
