import { describe, expect, it } from "vitest";
import { duplicatePairs, resolveTransaction } from "./resolve";
import { ALICE, BOB } from "./test-fixtures";
import type { Resolution, Understanding } from "./types";

const refund = (u: Partial<Understanding>): Understanding => ({ intent: "refund", confidence: 1, ...u });
const ids = (r: Resolution) => (r.kind === "match" ? [r.transaction.id, r.reason] : r.kind === "ambiguous" ? r.candidates.map((t) => t.id) : []);

describe("resolveTransaction", () => {
  it("matches the later charge of a duplicate pair", () => {
    const r = resolveTransaction(refund({ merchant: "coffee corner", reason: "unrecognised" }), ALICE);
    expect(r.kind).toBe("match");
    expect(ids(r)).toEqual(["a3", "duplicate"]);
  });

  it("matches one candidate with the understanding's reason, or other", () => {
    expect(ids(resolveTransaction(refund({ amountMinor: 124900, reason: "unrecognised" }), ALICE))).toEqual(["a5", "unrecognised"]);
    expect(ids(resolveTransaction(refund({ merchant: "Electro Mart" }), ALICE))).toEqual(["a5", "other"]);
  });

  it("narrows by merchant, amount and day together", () => {
    expect(ids(resolveTransaction(refund({ amountMinor: 490, date: "2026-11-26" }), ALICE))).toEqual(["a4", "other"]);
    expect(resolveTransaction(refund({ merchant: "Electro Mart", amountMinor: 490 }), ALICE)).toEqual({ kind: "none" });
  });

  it("tolerates a day either side when the exact day has nothing", () => {
    expect(ids(resolveTransaction(refund({ merchant: "Electro Mart", date: "2026-11-25" }), ALICE))).toEqual(["a5", "other"]);
    expect(resolveTransaction(refund({ merchant: "Electro Mart", date: "2026-11-20" }), ALICE)).toEqual({ kind: "none" });
  });

  it("is ambiguous with several candidates, newest first", () => {
    expect(ids(resolveTransaction(refund({ amountMinor: 490 }), ALICE))).toEqual(["a3", "a2", "a4"]);
  });

  it("picks the one duplicate pair among candidates when the reason is duplicate", () => {
    expect(ids(resolveTransaction(refund({ amountMinor: 490, reason: "duplicate" }), ALICE))).toEqual(["a3", "duplicate"]);
  });

  it("is none without criteria, unless a duplicate is claimed and there is exactly one pair", () => {
    expect(resolveTransaction(refund({ reason: "other" }), ALICE)).toEqual({ kind: "none" });
    expect(ids(resolveTransaction(refund({ reason: "duplicate" }), ALICE))).toEqual(["a3", "duplicate"]);
    expect(ids(resolveTransaction(refund({ reason: "duplicate" }), BOB))).toEqual(["b3", "duplicate"]);
    const twoPairs = [...ALICE, ...BOB];
    expect(resolveTransaction(refund({ reason: "duplicate" }), twoPairs)).toEqual({ kind: "none" });
  });

  it("is none for an unknown merchant", () => {
    expect(resolveTransaction(refund({ merchant: "Zalando" }), ALICE)).toEqual({ kind: "none" });
  });

  it("does not mutate its inputs", () => {
    const copy = structuredClone(ALICE);
    resolveTransaction(refund({ amountMinor: 490 }), ALICE);
    expect(ALICE).toEqual(copy);
  });
});

describe("duplicatePairs", () => {
  it("finds same merchant, amount and UTC day", () => {
    expect(duplicatePairs(ALICE).map((p) => p.map((t) => t.id))).toEqual([["a2", "a3"]]);
    expect(duplicatePairs(BOB).map((p) => p.map((t) => t.id))).toEqual([["b2", "b3"]]);
  });
});
