import { describe, expect, it } from "vitest";
import { applyRules } from "./rules";
import { topicRule } from "./topic-rules";

describe("help-article topics told apart by the bank's own words", () => {
  it.each([
    ["how long does a transfer to another bank take?", "transfer_timing"],
    ["what's the cut-off time for a same day transfer", "transfer_timing"],
    ["sent money from my other account yesterday and the balance is the same", "balance_not_updated_after_bank_transfer"],
    ["I paid in a cheque and my balance hasn't changed", "balance_not_updated_after_cheque_or_cash_deposit"],
    ["do you charge for topping up from my other bank account", "top_up_by_bank_transfer_charge"],
    ["I was charged a fee when I topped up with my card", "top_up_by_card_charge"],
    ["how much money can i load onto my account at once", "top_up_limits"],
    ["how do i add money with a debit card from another bank", "topping_up_by_card"],
    ["is there a fee for sending money abroad", "transfer_fee_charged"],
    ["why did my payment to another account fail", "failed_transfer"],
    ["why won't it let me send money to this payee", "beneficiary_not_allowed"],
    ["what details do I give to get paid into my account", "receiving_money"],
    ["what's my account number for bank transfers in", "transfer_into_account"],
    ["I only have the virtual card, how do i get a real one", "order_physical_card"],
    ["where do i create a single-use card", "get_disposable_virtual_card"],
    ["how many times can I use a disposable card", "disposable_card_limits"],
    ["how to add my card to my iphone wallet", "apple_pay_or_google_pay"],
    ["will my card work in shops in the US", "card_acceptance"],
    ["I want a new pin number, I keep forgetting this one", "change_pin"],
    ["if i order a new card today when will it get here", "card_delivery_estimate"],
    ["withdrew dollars in new york and you gave me a bad rate", "wrong_exchange_rate_for_cash_withdrawal"],
    ["I paid for dinner in Prague and the exchange rate you used was way off", "card_payment_wrong_exchange_rate"],
    ["is there a charge when I convert currencies", "exchange_charge"],
    ["is it possible to swap my EUR balance to USD through the app", "exchange_via_app"],
    ["do you support japanese yen", "fiat_currency_support"],
    ["why is there a random extra charge on my account this month", "extra_charge_on_statement"],
    ["what do you need to verify who I am", "verify_my_identity"],
    ["can i open an account if I live in Norway", "country_support"],
    ["my physical card still hasn't come in the post", "card_arrival"],
    ["my apple pay top up failed", "top_up_failed"],
    ["tried adding 100 from my other card three times and it keeps saying something went wrong", "top_up_failed"],
    ["the new card came today but it's greyed out in the app, what do I do before I can use it", "activate_my_card"],
    ["someone pinched my phone on the bus and my banking app is on it", "lost_or_stolen_phone"],
    ["can I hold bitcoin with you?", "fiat_currency_support"],
    ["the app wants a 4 digit code from a small charge on my other card, where is it", "verify_top_up"],
    ["is it free to take cash out at a hole in the wall or do you charge", "cash_withdrawal_charge"],
    ["do you charge anything when I pay by card in a shop?", "card_payment_fee_charged"],
    ["could I get a spare card to keep at home?", "getting_spare_card"],
    ["a terminal is asking for my PIN, where can I find it?", "get_physical_card"],
    ["if I send it by transfer from my other bank, do you charge for that?", "top_up_by_bank_transfer_charge"],
  ])("%s -> %s", (text, category) => {
    expect(topicRule(text)).toEqual({ intent: "knowledge", category });
    expect(applyRules(text)).toEqual({ intent: "knowledge", category });
  });

  it.each([
    // one payment of the customer's, or a card to stop: the claim and card rules decide
    "I sent money 3 days ago and it still hasn't arrived",
    "where is my card, did you even send it",
    "there's an extra charge from Electro Mart, I want my money back",
    "I was charged twice for my transfer",
    "my card was stolen, can I still use apple pay",
    "why do you need to verify my identity",
    "my top up was declined",
    "my card got stuck in the atm and didn't come back out",
    "Bar Tapas Sol 41.50, I paid cash there so the card charge shouldn't exist",
  ])("%s is no topic of its own", (text) => {
    expect(topicRule(text)).toBeUndefined();
  });

  it("leaves a claim, a stolen card and a limits question to their own rules", () => {
    expect(applyRules("I sent money 3 days ago and it still hasn't arrived")?.intent).toBe("pending");
    expect(applyRules("my physical card was stolen on the train")?.intent).toBe("freeze_card");
    expect(applyRules("Coffee Corner charged me twice and I want a refund")).toMatchObject({ intent: "refund", reason: "duplicate" });
    expect(applyRules("what are my card limits for online payments")?.intent).toBe("limits");
    expect(applyRules("is there a limit on how much I can add by card")).toEqual({ intent: "knowledge", category: "top_up_limits" });
  });
});
