import { describe, expect, it } from "vitest";
import { matchMerchant, merchantOfCountry, merchantOfKind, merchantScore } from "./merchants";
import { ALICE, BOB } from "./test-fixtures";

const names = [...ALICE, ...BOB].map((t) => t.merchant);

describe("matchMerchant", () => {
  it.each([
    ["coffee corner", "Coffee Corner"],
    ["Coffee-Corner", "Coffee Corner"],
    ["the coffee place", "Coffee Corner"],
    ["COFFEE CORNER!!", "Coffee Corner"],
    ["Electro Mar", "Electro Mart"],
    ["electromart", "Electro Mart"],
    ["electro-mart's shop", "Electro Mart"],
    ["Page and Co books", "Page & Co Books"],
    ["the parking", "City Parking"],
    ["book nook", "Book Nook"],
    ["orlen", "Orlen Fuel"],
  ])("%j -> %s", (text, merchant) => {
    expect(matchMerchant(text, names)).toBe(merchant);
  });

  it.each(["I want a refund", "took a look", "hello", "my card"])("matches nothing in %j", (text) => {
    expect(matchMerchant(text, names)).toBeUndefined();
  });

  it("scores a full name above a partial one", () => {
    expect(merchantScore("coffee corner", "Coffee Corner")).toBe(1);
    expect(merchantScore("coffee", "Coffee Corner")).toBe(0.5);
  });
});

describe("a shop named by its kind", () => {
  const payments = [
    { merchant: "Apteka Zdrowie", mcc: "5912" },
    { merchant: "Kino Atlantic", mcc: "7832" },
    { merchant: "Book Nook", mcc: "5942" },
    { merchant: "Page & Co Books", mcc: "5942" },
    { merchant: "Orlen", mcc: "5541" },
    { merchant: "Coffee Corner" },
  ];

  it.each([
    ["the pharmacy one", "Apteka Zdrowie"],
    ["ta z apteki", "Apteka Zdrowie"],
    ["and the cinema charge too", "Kino Atlantic"],
    ["to z kina", "Kino Atlantic"],
    ["the petrol station one", "Orlen"],
    ["ta za tankowanie", "Orlen"],
  ])("%j -> %s", (text, merchant) => {
    expect(merchantOfKind(text, payments)).toBe(merchant);
  });

  it("names no shop when several are of that kind, none is, none has a category, or a kind is merely mentioned", () => {
    expect(merchantOfKind("got charged 2 times at the pharmacy", payments)).toBeUndefined();
    expect(merchantOfKind("jakaś apteka pobrała ode mnie podwójnie", payments)).toBeUndefined();
    expect(merchantOfKind("the bookshop one", payments)).toBeUndefined();
    expect(merchantOfKind("the electronics one", payments)).toBeUndefined();
    expect(merchantOfKind("the coffee one", payments)).toBeUndefined();
    expect(merchantOfKind("the second one", payments)).toBeUndefined();
  });
});

describe("a payment pointed at by its country", () => {
  const payments = [
    { merchant: "City Parking", country: "DE" },
    { merchant: "Green Grocer", country: "DE" },
    { merchant: "Bar Tapas Sol", country: "ES" },
  ];

  it.each(["the one from spain", "the spanish one", "ta z hiszpanii", "tamta płatność z Hiszpanii"])("%j -> Bar Tapas Sol", (text) => {
    expect(merchantOfCountry(text, payments)).toBe("Bar Tapas Sol");
  });

  it("names no shop for a country merely mentioned, or one with several payments", () => {
    expect(merchantOfCountry("someone used my card while i was in spain", payments)).toBeUndefined();
    expect(merchantOfCountry("the one in germany", payments)).toBeUndefined();
    expect(merchantOfCountry("the one from france", payments)).toBeUndefined();
  });
});
