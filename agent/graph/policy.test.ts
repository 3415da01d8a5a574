import { describe, expect, it } from "vitest";
import { DEFAULT_POLICY, refundIdempotencyKey, triageRefund } from "./policy";
import type { Checks } from "./state";

const clear: Checks = {
  limits: { status: "ok", facts: { cards: [] }, latencyMs: 5 },
  history: { status: "ok", facts: { refundsLast30Days: 0, openCases: 0, casesTotal: 0 }, latencyMs: 5 },
  antifraud: { status: "ok", facts: { risk: "low", score: 0, signals: [] }, latencyMs: 5 },
};

describe("refund policy", () => {
  it("auto-approves up to 50.00 with antifraud clear and no refund in 30 days", () => {
    expect(triageRefund(490, clear).outcome).toBe("auto_approve");
    expect(triageRefund(5_000, clear).outcome).toBe("auto_approve");
  });

  it("sends anything above 50.00 to an operator", () => {
    expect(triageRefund(5_001, clear)).toMatchObject({ outcome: "review", reason: expect.stringMatching(/limit/) });
  });

  it("never auto-approves when antifraud is unavailable", () => {
    const checks: Checks = { ...clear, antifraud: { status: "unavailable", reason: "timeout" } };
    expect(triageRefund(100, checks)).toMatchObject({ outcome: "review", reason: expect.stringMatching(/antifraud was unavailable/i) });
    expect(triageRefund(100, { ...clear, antifraud: undefined }).outcome).toBe("review");
  });

  it("never auto-approves when history is unavailable or shows an earlier refund", () => {
    expect(triageRefund(100, { ...clear, history: { status: "unavailable", reason: "503" } }).outcome).toBe("review");
    const refunded: Checks = { ...clear, history: { status: "ok", facts: { refundsLast30Days: 1, openCases: 0, casesTotal: 1 }, latencyMs: 1 } };
    expect(triageRefund(100, refunded).outcome).toBe("review");
  });

  it("sends medium or high antifraud risk to an operator", () => {
    for (const risk of ["medium", "high"] as const) {
      const checks: Checks = { ...clear, antifraud: { status: "ok", facts: { risk, score: 40, signals: ["location_mismatch"] }, latencyMs: 1 } };
      expect(triageRefund(100, checks)).toMatchObject({ outcome: "review", reason: expect.stringContaining("location_mismatch") });
    }
  });

  it("refuses amounts that are not positive whole minor units", () => {
    for (const amount of [0, -490, 4.9, Number.NaN]) expect(triageRefund(amount, clear).outcome).toBe("review");
  });

  it("keys a refund by its business operation", () => {
    expect(refundIdempotencyKey("demo-bank", "case-1")).toBe("refund:demo-bank:case-1");
  });
});

describe("the reason an operator reads", () => {
  it("names every rule the case fails, not only the first", () => {
    const risky: Checks = { ...clear, antifraud: { status: "ok", facts: { risk: "high", score: 80, signals: ["large_amount"] }, latencyMs: 1 } };
    const { reason } = triageRefund(124_900, risky);
    expect(reason).toMatch(/auto-approval limit/);
    expect(reason).toMatch(/high risk \(large_amount\)/);
  });
});

describe("what-if policy parameters", () => {
  it("can allow earlier refunds in the window", () => {
    const refunded: Checks = { ...clear, history: { status: "ok", facts: { refundsLast30Days: 1, openCases: 0, casesTotal: 1 }, latencyMs: 1 } };
    expect(triageRefund(490, refunded).outcome).toBe("review");
    expect(triageRefund(490, refunded, { ...DEFAULT_POLICY, maxRecentRefunds: 1 }).outcome).toBe("auto_approve");
  });
});
