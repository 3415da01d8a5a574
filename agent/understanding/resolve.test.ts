import { describe, expect, it } from "vitest";
import { duplicatePairs, paymentsPointedBetween, pickDescribed, resolvePending, resolveTransaction } from "./resolve";
import { ALICE, BOB } from "./test-fixtures";
import type { PendingTxn, Resolution, Understanding } from "./types";

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
    // A shop of the customer's with another payment's amount: both readings are offered, newest first.
    expect(ids(resolveTransaction(refund({ merchant: "Electro Mart", amountMinor: 490 }), ALICE))).toEqual(["a3", "a2", "a4", "a5"]);
    expect(resolveTransaction(refund({ merchant: "IKEA", amountMinor: 490 }), ALICE)).toEqual({ kind: "none" });
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

  it("matches nothing without criteria: a claimed duplicate offers the one pair's later charge to confirm", () => {
    expect(resolveTransaction(refund({ reason: "other" }), ALICE)).toEqual({ kind: "none" });
    expect(resolveTransaction(refund({ reason: "duplicate" }), ALICE)).toMatchObject({ kind: "ambiguous", candidates: [{ id: "a3" }] });
    expect(resolveTransaction(refund({ reason: "duplicate" }), BOB)).toMatchObject({ kind: "ambiguous", candidates: [{ id: "b3" }] });
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

describe("resolvePending", () => {
  const PENDING: PendingTxn[] = [
    { id: "p-hotel", kind: "card_payment", merchant: "Hotel Adler", amountMinor: 18_000, currency: "EUR", postedAt: "2026-11-29T20:00:00Z" },
    { id: "p-transfer", kind: "transfer", merchant: "Maria Novak", amountMinor: 25_000, currency: "EUR", postedAt: "2026-11-30T00:00:00Z" },
    { id: "p-atm", kind: "cash_withdrawal", merchant: "ATM Centrum", amountMinor: 10_000, currency: "EUR", postedAt: "2026-11-29T15:00:00Z" },
    { id: "p-topup", kind: "top_up", merchant: "Top-up by bank transfer", amountMinor: 5_000, currency: "EUR", postedAt: "2026-11-30T00:00:00Z" },
  ];
  const pendingOf = (text: string, u: Partial<Understanding> = {}) => resolvePending(text, refund(u), PENDING, ALICE)?.id;

  it("finds an item not booked yet by its shop or recipient, in the words or carried over from the turn before", () => {
    expect(pendingOf("i dont recognise the hotel adler charge from yesterday")).toBe("p-hotel");
    expect(pendingOf("w hotelu Adler pobrali mi 180")).toBe("p-hotel");
    expect(pendingOf("money back for what i sent maria please")).toBe("p-transfer");
    expect(pendingOf("can you refund it?", { merchant: "Hotel Adler" })).toBe("p-hotel");
  });

  it("finds one by an amount no booked payment has, or by its kind when there is one of that kind", () => {
    expect(pendingOf("refund the 180 please", { amountMinor: 18_000 })).toBe("p-hotel");
    expect(pendingOf("the atm took my card and no cash came out")).toBe("p-atm");
    expect(pendingOf("cancel my top-up")).toBe("p-topup");
    expect(pendingOf("stop the transfer to my sister")).toBe("p-transfer");
  });

  it("reads 'my atm limit' as naming no cash machine", () => {
    expect(pendingOf("i want a refund for one of my payments. also whats my atm limit")).toBeUndefined();
    expect(pendingOf("the atm centrum one wasnt me")).toBe("p-atm");
  });

  it("leaves a request that names a booked payment, or nothing pending, to the booked payments", () => {
    expect(pendingOf("refund the coffee corner charge", { merchant: "Coffee Corner" })).toBeUndefined();
    expect(pendingOf("I was charged twice, transfer it back to me")).toBeUndefined();
    expect(pendingOf("please withdraw my refund claim")).toBeUndefined();
    expect(pendingOf("Hello, this is Alice Novak. My card number is 4111 1111 1111 1111.")).toBeUndefined();
    expect(pendingOf("refund 4.90", { amountMinor: 490 })).toBeUndefined();
    expect(resolvePending("the hotel adler charge", refund({}), [], ALICE)).toBeUndefined();
  });
});

describe("paymentsPointedBetween", () => {
  const idsOf = (txns: { id: string }[] | undefined) => txns?.map((t) => t.id);

  it("offers the shops a claim names as alternatives, newest first", () => {
    expect(idsOf(paymentsPointedBetween("i didnt buy these, maybe at orlen fuel or the gadget hub?? not sure", BOB))).toEqual(["b1", "b4"]);
    expect(idsOf(paymentsPointedBetween("something at electro mart or city parking", ALICE))).toEqual(["a5", "a7"]);
  });

  it("offers the payments over or under an amount the claim bounds", () => {
    expect(idsOf(paymentsPointedBetween("cos mi zeszlo z konta ponad 30 zl", BOB))).toEqual(["b1", "b4", "b5"]);
    expect(idsOf(paymentsPointedBetween("something over 30 euros i don't know", ALICE))).toEqual(["a5", "a8", "a7"]);
    expect(idsOf(paymentsPointedBetween("a charge under 5 euros", ALICE))).toEqual(["a3", "a2", "a4", "a6"]);
  });

  it("offers nothing that does not narrow the payments to a few", () => {
    expect(paymentsPointedBetween("refund please", ALICE)).toBeUndefined();
    expect(paymentsPointedBetween("over 1 euro", ALICE)).toBeUndefined();
  });
});

describe("a payment described among those offered", () => {
  const idsOf = (txns: { id: string }[] | undefined) => txns?.map((t) => t.id);

  it("offers shops named side by side only when the message then picks one by price or time, within one sentence", () => {
    expect(idsOf(paymentsPointedBetween("electro mart and city parking, the cheaper one first", ALICE))).toEqual(["a5", "a7"]);
    expect(paymentsPointedBetween("electro mart and city parking", ALICE)).toBeUndefined();
    expect(idsOf(paymentsPointedBetween("either electro mart or city parking. can u refund it", ALICE))).toEqual(["a5", "a7"]);
  });

  it("picks by price or time when that tells them apart, and nothing when it does not", () => {
    const offered = ALICE.filter((t) => ["a5", "a7"].includes(t.id));
    expect(pickDescribed(offered, "the cheaper one")?.id).toBe("a7");
    expect(pickDescribed(offered, "najpierw ta droższa")?.id).toBe("a5");
    expect(pickDescribed(offered, "ta wcześniejsza")?.id).toBe("a7");
    expect(pickDescribed(offered, "the later one")?.id).toBe("a5");
    expect(
      pickDescribed(
        ALICE.filter((t) => ["a2", "a3"].includes(t.id)),
        "the cheaper one",
      ),
    ).toBeUndefined();
    expect(pickDescribed(offered, "that one")).toBeUndefined();
  });
});

describe("what does not describe one of the payments offered", () => {
  const offered = ALICE.filter((t) => ["a5", "a7"].includes(t.id));

  it.each([
    "not sure, I'll check with my husband later",
    "ok I'll look at that one later",
    "to chyba starsza córka płaciła",
    "mniejsza z tym, zostawcie obie",
    "keep the cheaper one, cancel the bigger one",
  ])("%s picks none", (text) => {
    expect(pickDescribed(offered, text, { loose: true })).toBeUndefined();
  });

  it("offers no shops named beside a time word said of nothing, and reads amounts with a decimal point within one sentence", () => {
    expect(paymentsPointedBetween("the Orlen Fuel charge is wrong, not the Book Nook one I made later", BOB)).toBeUndefined();
    expect(paymentsPointedBetween("Orlen Fuel 210.00 or Book Nook 12.50", BOB)?.length).toBe(3);
  });
});
