import { describe, expect, it } from "vitest";
import { applyRules, asksWhatItIs } from "./rules";
import { labelForCategory } from "./banking77";
import {
  CARD_GUESS_FLOOR,
  classifyText,
  extractEntities,
  findOrdinal,
  asksAboutOutcome,
  understandCustomerText,
  understandLatest,
  withoutLetterFrame,
} from "./offline-understanding";
import { pickOffered } from "./merchants";
import { ALICE, BOB, TODAY } from "./test-fixtures";
import { languageOfMessage } from "./language";
import type { ChatTurn } from "./types";

const alice = { today: TODAY, transactions: ALICE };
const bob = { today: TODAY, transactions: BOB };

describe("keyword rules that keep a question from becoming an action", () => {
  it.each([
    ["I typed the wrong PIN three times and now it's blocked", "pin_blocked"],
    ["my pin is locked, how do i unblock it", "pin_blocked"],
    ["forgot passcode!!!", "passcode_forgotten"],
    ["how do i report an atm withdrawal that wasnt me", "cash_withdrawal_not_recognised"],
    ["who is this direct debit from, i don't know it", "direct_debit_payment_not_recognised"],
    ["cash machine dispensed the wrong amount, what do i do", "wrong_amount_of_cash_received"],
    ["a card payment was reversed, why", "reverted_card_payment?"],
    ["top-up went through then got reverted an hour later??", "top_up_reverted"],
    ["tried to take cash out and the machine said declined", "declined_cash_withdrawal"],
    ["tried sending money to my sister but it was declined", "declined_transfer"],
    ["my card got declined at the supermarket", "declined_card_payment"],
    ["contactless isnt working on my card", "contactless_not_working"],
    ["the virtual card details don't work on amazon", "virtual_card_not_working"],
  ])("%s -> the %s article", (text, category) => {
    expect(applyRules(text)).toEqual({ intent: "knowledge", category });
  });

  it.each([
    "ok so is anyone actually looking at it or",
    "Could you kindly inform me when a decision can be expected?",
    "hello, where do all my claims stand at the moment?",
    "where are we with both",
    "r u still reviewing the parking thing",
    "i jak, ktos juz to sprawdzil?",
    "czy moje zgloszenie jest jeszcze rozpatrywane?",
    "jak stoja obie sprawy?",
  ])("asks where a request stands: %s", (text) => {
    expect(understandCustomerText(text, { today: TODAY, transactions: [] }).intent).toBe("status");
  });

  it("reads money someone else never got as pending, and a thing the customer never got as no such question", () => {
    expect(applyRules("my sister says she never got the money i sent")).toEqual({ intent: "pending" });
    expect(applyRules("they rang up a cake I never got")?.intent).not.toBe("pending");
  });

  it("tells a question about what a payment is from a claim about it", () => {
    expect(asksWhatItIs("what is this city parking charge??")).toBe(true);
    expect(asksWhatItIs("hey whats the orlen fuel payment from last week")).toBe(true);
    expect(asksWhatItIs("Apteka Gemini 46,20 zł - co to w ogóle jest?")).toBe(true);
    expect(asksWhatItIs("WHAT is this 1249 euro charge from electro mart?? I did not buy anything there")).toBe(false);
    expect(asksWhatItIs("Co to jest za obciążenie 46,20 zł z Apteki Gemini? Nie przypominam sobie takich zakupów")).toBe(false);
    expect(asksWhatItIs("what is this charge from coffee corner, i was charged twice")).toBe(false);
    expect(asksWhatItIs("the green grocer payment is wrong")).toBe(false);
  });

  it("hands a transfer to recall to a person instead of cancelling a refund request", () => {
    expect(applyRules("I sent money to the wrong person, can I cancel the transfer?")).toEqual({ intent: "handover", category: "cancel_transfer" });
    expect(applyRules("cancel my refund request")?.intent).toBe("cancel");
  });

  it("reads twice and abroad as a claim only beside a charge", () => {
    expect(applyRules("it failed twice this morning")).toBeUndefined();
    expect(applyRules("can i withdraw cash at any atm abroad")).toEqual({ intent: "knowledge", category: "atm_support" });
    expect(applyRules("I was charged twice at Coffee Corner")).toMatchObject({ intent: "refund", reason: "duplicate" });
    expect(applyRules("City Parking charged me while I was abroad")).toMatchObject({ intent: "refund", reason: "abroad" });
    expect(applyRules("I took cash out abroad and the exchange rate was terrible")?.intent).not.toBe("refund");
    expect(applyRules("and how do i send money abroad in the app?")?.intent).not.toBe("refund");
    expect(applyRules("A jak zrobić przelew zagraniczny w aplikacji?")?.intent).not.toBe("refund");
    expect(applyRules("why did you charge me abroad")).toMatchObject({ intent: "refund", reason: "abroad" });
    expect(applyRules("jak to możliwe, że pobrali mi 30 zł za granicą?")).toMatchObject({ intent: "refund", reason: "abroad" });
  });

  it("never acts on a card for a question that only sounds like a loss or a find", () => {
    expect(applyRules("quick one: where can I look up my card's PIN? I've gone blank")?.intent).not.toBe("freeze_card");
    expect(applyRules("my card's gone, I think it fell out of my pocket")).toMatchObject({ intent: "freeze_card" });
    expect(applyRules("the new card turned up this morning but the app still shows it greyed out")?.intent).not.toBe("unfreeze_card");
    expect(applyRules("my card turned up under the sofa")).toEqual({ intent: "unfreeze_card" });
  });

  it("reads a refusal or a failed try counted twice as tries, not a payment taken twice", () => {
    expect(applyRules("my card got declined twice at the chemist though there is money on the account, why?")?.intent).not.toBe("refund");
    expect(applyRules("tried adding 100 from that card three times now and it keeps saying something went wrong")?.intent).not.toBe("refund");
    expect(applyRules("the terminal declined it and then charged me twice")).toMatchObject({ intent: "refund", reason: "duplicate" });
  });

  it("orders a replacement when asked for one, never for a question about cards", () => {
    expect(applyRules("can you send me a new card")?.intent).toBe("replace_card");
    expect(applyRules("I need a new card, mine snapped")?.intent).toBe("replace_card");
    expect(applyRules("can i get a new card sent to my home address? mine is bent and the terminals won't read it")?.intent).toBe("replace_card");
    expect(applyRules("how do I get a new card")?.intent).not.toBe("replace_card");
    expect(applyRules("is it possible to get a spare card just in case")?.intent).not.toBe("replace_card");
  });

  it("keeps a top-up maximum apart from the card limits, and hears a cap as limits", () => {
    expect(applyRules("whats the maximum I can top up")?.intent).not.toBe("limits");
    expect(applyRules("I'm buying a laptop for 1,100 euros, is there a cap")?.intent).toBe("limits");
  });
});

describe("a card changed on the classifier's guess alone", () => {
  it("only when the guess is sure; below CARD_GUESS_FLOOR the agent asks", () => {
    const texts = ["ktos moze to miec", "can someone else see it", "is it with someone", "moja karta chyba jest u kogos", "someone has it now i think"];
    const read = texts
      .map((text) => classifyText(text))
      .filter((c) => !c.byRule && c.labels && labelForCategory(c.labels[0]!.category).intent === "freeze_card");
    const unsure = read.filter((c) => c.labels![0]!.p < CARD_GUESS_FLOOR);
    expect(unsure.length, "some of these are unsure guesses").toBeGreaterThan(0);
    for (const c of unsure) expect(c.intent).toBe("unclear");
    for (const c of read.filter((r) => r.labels![0]!.p >= CARD_GUESS_FLOOR)) expect(c.intent).toBe("freeze_card");
  });
});

describe("reading a message", () => {
  it("asks back when a message names no topic", () => {
    for (const text of ["help", "???", "hmm something is wrong", "what about the thing from before"]) {
      const u = understandCustomerText(text, alice);
      expect(u.intent, text).toBe("unclear");
      expect(u.candidates, text).toEqual(["request_refund", "lost_or_stolen_card", "pending_card_payment"]);
    }
    expect(understandCustomerText("card", alice)).toMatchObject({ intent: "unclear" });
    expect(understandCustomerText("top up", alice)).toMatchObject({ intent: "unclear" });
    expect(understandCustomerText("thanks", alice).intent).not.toBe("unclear");
  });

  it("asks back about a message that names nothing but 'it'", () => {
    for (const text of ["it doesn't work", "can you check it", "it says error"]) expect(understandCustomerText(text, alice).intent, text).toBe("unclear");
  });

  it("reads '...and I don't know what it's for' as part of the question before it, not as a second claim", () => {
    const u = understandCustomerText("there's an extra 1 euro charge on my statement and i dont know what its for", bob);
    expect(u).toMatchObject({ intent: "knowledge", category: "extra_charge_on_statement" });
    expect(u.also).toBeUndefined();
    expect(understandCustomerText("my card was stolen and someone used it at Electro Mart", alice).also).toMatchObject({
      intent: "refund",
      merchant: "Electro Mart",
    });
  });

  it("reads a confident question that starts with 'it' on its own, without the message before", () => {
    const turns: ChatTurn[] = [
      { role: "customer", text: "the money I topped up disappeared from my balance" },
      { role: "agent", text: "A top-up that was reverted comes back to the card it came from within a few days." },
      { role: "customer", text: "it wants me to verify the card I topped up with, what is that code" },
    ];
    expect(understandLatest(turns, bob)).toMatchObject({ intent: "knowledge", category: "verify_top_up" });
  });

  it("reads a charge by one of the customer's own shops as a claim about it, never guessing it was taken twice", () => {
    const u = understandCustomerText("Green Grocer charged me 99 euros!!", alice);
    expect(u).toMatchObject({ intent: "refund", merchant: "Green Grocer", amountMinor: 9900 });
    expect(u.reason).not.toBe("duplicate");
  });

  it("reads a payment recognised after all as a cancel", () => {
    expect(understandCustomerText("i recognise the payment now, it was my son", bob).intent).toBe("cancel");
  });

  it("reads cents in words and never an approximate amount as the exact one", () => {
    expect(understandCustomerText("Book Nook took twelve euros fifty from my card twice", bob)).toMatchObject({ amountMinor: 1250 });
    const over = understandCustomerText("theres a charge at electro mart for over a thousand euros and it was not me", alice);
    expect(over).toMatchObject({ intent: "refund", merchant: "Electro Mart" });
    expect(over.amountMinor).toBeUndefined();
  });

  it("keeps a shop that is not among the payments, so the search finds nothing instead of another payment", () => {
    expect(understandCustomerText("I was charged twice at Starbucks yesterday", alice)).toMatchObject({ intent: "refund", merchant: "Starbucks" });
    expect(understandCustomerText("I was charged twice at Green Grocer on Monday", alice).merchant).toBe("Green Grocer");
    expect(understandCustomerText("IKEA charged me 2x for the same shelf", bob).merchant).toBe("IKEA");
    expect(understandCustomerText("Netflix took 15.99 from me and I cancelled in May", alice).merchant).toBe("Netflix");
    expect(understandCustomerText("Rossmann policzył mi podwójnie", bob).merchant).toBe("Rossmann");
    expect(understandCustomerText("amazon charged me 59 euros i never ordered anything", bob).merchant).toBe("Amazon");
    expect(understandCustomerText("Rossmann 46 zł to nie ja, oddajcie", bob).merchant).toBe("Rossmann");
    expect(understandCustomerText("zabka 23 zl nie moja", bob).merchant).toBe("Zabka");
  });

  it("takes no shop from a word opening the message that only says who took money, or when", () => {
    expect(understandCustomerText("you charged me twice", bob).merchant).toBeUndefined();
    expect(understandCustomerText("somebody took 40 from my account", bob).merchant).toBeUndefined();
    expect(understandCustomerText("EUR 89 charged twice", bob).merchant).not.toBe("EUR");
    expect(understandCustomerText("purchase 23.40 not mine", bob).merchant).toBeUndefined();
    expect(understandCustomerText("Opłata 5 zł to nie ja", bob).merchant).toBeUndefined();
    expect(understandCustomerText("hotel charged me twice", bob).merchant).toBeUndefined();
    expect(understandCustomerText("someone took 40 from my account", bob).merchant).toBeUndefined();
    expect(understandCustomerText("yesterday 46 eur went out twice", bob).merchant).toBeUndefined();
    expect(understandCustomerText("wczoraj 46 zł pobrali dwa razy", bob).merchant).toBeUndefined();
    expect(understandCustomerText("green grocer 23.40 not me", alice).merchant).toBe("Green Grocer");
  });

  it("takes no shop from capitals that are not a name: a shouted message, a PIN, an ATM", () => {
    expect(understandCustomerText("WHY WAS I CHARGED TWICE AT THE BAKERY", alice).merchant).not.toBe("WHY");
    expect(understandCustomerText("my PIN got blocked at the ATM", alice).merchant).toBeUndefined();
  });

  it("opens a refund for a payment named with its amount, even without a reason the rules know", () => {
    expect(understandCustomerText("Orlen Fuel 210 euros, I wasn't even driving that week", bob)).toMatchObject({
      intent: "refund",
      merchant: "Orlen Fuel",
      amountMinor: 21000,
    });
  });

  it("does not guess that a payment was taken twice: only the customer's words say so", () => {
    const u = understandCustomerText("the conversion on my card payment abroad looks wrong, I got charged more than I should have", bob);
    if (u.intent === "refund") expect(u.reason).not.toBe("duplicate");
  });

  it("opens nothing for a card that will not work, even where a shop's word and 'take' appear", () => {
    const u = understandCustomerText("my card seems dead. none of the terminals will take it, not even at the corner shop where it always worked", alice);
    expect(u.intent).not.toBe("refund");
  });

  it("takes no case request from a fragment only the classifier reads, naming no payment", () => {
    const u = understandCustomerText("machine wouldnt give me any money, just said declined. i definitely have enough in there", alice);
    expect(u).toMatchObject({ intent: "knowledge", category: "declined_cash_withdrawal" });
    expect(u.also).toBeUndefined();
  });

  it("reads a place in a list the agent gave newest first, and never '4th one' as a day", () => {
    expect(findOrdinal("the later one")).toBe(1);
    expect(findOrdinal("the earlier one")).toBe(-1);
    const fourth = extractEntities("4th one pls", alice);
    expect(fourth).toEqual({ ordinal: 4 });
  });

  it("takes the payment a customer settles on after correcting themselves", () => {
    expect(extractEntities("the electro mart... no wait, sorry, I mean the metro ticket, 2.90", alice)).toMatchObject({
      merchant: "Metro Transit",
      amountMinor: 290,
    });
  });

  it("keeps a lower-case shop the customer has no payment with, but not a kind of purchase", () => {
    expect(extractEntities("please refund my ikea purchase", alice).merchant).toBe("Ikea");
    expect(extractEntities("please refund my last purchase", alice).merchant).toBeUndefined();
  });

  it("hears thanks as thanks, and a question after thanks as the question", () => {
    expect(applyRules("thank you, that was quick")).toEqual({ intent: "greeting", category: "thanks" });
    expect(applyRules("dzięki, to wszystko")).toEqual({ intent: "greeting", category: "thanks" });
    expect(applyRules("thanks. my refund still isn't showing on my account though")?.intent).toBe("status");
  });

  it("freezes a card whose number and code the customer gave away", () => {
    expect(applyRules("got an sms asking for my card number and cvv and i actually sent them")).toMatchObject({
      intent: "freeze_card",
      category: "compromised_card",
    });
  });

  it("takes a second request only when its clause asks something", () => {
    expect(understandCustomerText("can you cancel my refund request? i recognise the payment now, it was my son", bob).also).toBeUndefined();
  });
});

describe("reading a message with the one before it", () => {
  const turns = (...texts: string[]): ChatTurn[] => texts.map((text, i) => ({ role: i % 2 === 0 ? "customer" : "agent", text }));

  it("joins a vague answer or a follow-up to the customer's message before", () => {
    expect(understandLatest(turns("can you tell me my atm and online limits please", "Here are your card limits.", "and the monthly one?"), bob).intent).toBe(
      "limits",
    );
    expect(
      understandLatest(turns("transfer", "Do you mean a declined transfer, a failed transfer or transfer fees?", "it got declined, why"), bob),
    ).toMatchObject({ intent: "knowledge", category: "declined_transfer" });
    expect(
      understandLatest(turns("top up", "Do you mean a pending top-up, a failed top-up or top-up limits?", "it failed twice this morning"), alice),
    ).toMatchObject({ intent: "knowledge", category: "top_up_failed" });
  });

  it("reads an apology that names the payment as a correction, not a cancel", () => {
    const u = understandLatest(
      turns(
        "refund the 57.30 from zara",
        "I couldn't find a payment on your card that matches. Could you tell me the shop's name?",
        "sorry my mistake, it was green grocer, 23.40 yesterday",
      ),
      alice,
    );
    expect(u).toMatchObject({ intent: "refund", merchant: "Green Grocer", amountMinor: 2340 });
  });
});

describe("picking one of the payments offered", () => {
  it("takes any word of a merchant's name", () => {
    expect(pickOffered("the tapas one", ["Bar Tapas Sol", "City Parking"])).toBe("Bar Tapas Sol");
    expect(pickOffered("the coffee one", ["Coffee Corner", "Coffee Corner"])).toBe("Coffee Corner");
    expect(pickOffered("neither", ["Bar Tapas Sol", "City Parking"])).toBeUndefined();
  });
});

describe("a message read against the conversation and the items not booked yet", () => {
  const pending = [
    { id: "p-hotel", kind: "card_payment" as const, merchant: "Hotel Adler", amountMinor: 18_000, currency: "EUR", postedAt: `${TODAY}T20:00:00.000Z` },
    { id: "p-transfer", kind: "transfer" as const, merchant: "Maria Novak", amountMinor: 25_000, currency: "EUR", postedAt: `${TODAY}T00:00:00.000Z` },
  ];
  const withPending = { ...alice, pending };

  it("takes a question about an item not booked yet as a second request", () => {
    const u = understandCustomerText("sunrise bakery 4.90 was not me and when is my transfer to maria novak going to go through", withPending);
    expect([u.intent, u.also?.intent]).toEqual(["refund", "pending"]);
    // Without the items it names, the same clause is too unsure to be a request of its own.
    expect(understandCustomerText("sunrise bakery 4.90 was not me and when is my transfer to maria novak going to go through", alice).also).toBeUndefined();
  });

  it("takes a claim about an item not booked yet as a claim beside another request", () => {
    const u = understandCustomerText("the hotel adler 180 isnt mine, i never stayed there. and what are my limits", withPending);
    expect([u.intent, u.also?.intent]).toEqual(["refund", "limits"]);
  });

  it.each([
    ["how does a dispute work in general?", "request_refund"],
    ["how long does a refund usually take to land", "Refund_not_showing_up"],
    ["jak długo trwa zwrot pieniędzy?", "Refund_not_showing_up"],
  ])("answers a general question about refunds from the help articles: %s", (text, category) => {
    expect(understandCustomerText(text, alice)).toMatchObject({ intent: "knowledge", category });
  });

  it("still asks which payment when a refund is asked for", () => {
    expect(understandCustomerText("how do i get a refund", alice).intent).toBe("refund");
  });

  it("gives the second request only what its own clause names", () => {
    const u = understandCustomerText("apteka zdrowie 34,20 nie moja, a w ogole co z ta poprzednia reklamacja?", bob);
    expect(u).toMatchObject({ intent: "refund", merchant: "Apteka Zdrowie" });
    expect(u.also).toEqual({ intent: "status", confidence: expect.any(Number) });
  });

  it("carries a refund over to a payment named after it ('and the gadget one as well')", () => {
    const turns: ChatTurn[] = [
      { role: "customer", text: "i want to dispute a payment" },
      { role: "agent", text: "Which payment is it about?" },
      { role: "customer", text: "the apteka one" },
      { role: "agent", text: "Good news: I've refunded the Apteka Zdrowie payment of 34.20 EUR." },
      { role: "customer", text: "and the gadget one as well" },
    ];
    expect(understandLatest(turns, bob)).toMatchObject({ intent: "refund", merchant: "Gadget Hub" });
  });

  it("reads 'co z orlenem?' as where the request about that payment stands", () => {
    expect(understandCustomerText("co z orlenem?", bob)).toMatchObject({ intent: "status", merchant: "Orlen Fuel" });
  });
});

describe("two requests and references, as customers write them", () => {
  it("takes a claim naming the customer's own payment as a claim, whatever help topic its words touch", () => {
    const u = understandCustomerText("coffee corner took 4.90 twice on monday morning pls refund the extra one and whats my daily limit", alice);
    expect(u).toMatchObject({ intent: "refund", reason: "duplicate", merchant: "Coffee Corner", also: { intent: "limits" } });
  });

  it("splits a question about something else after a comma", () => {
    expect(understandCustomerText("book nook charged me twice 12.50 each, refund one pls, whats my daily limit", bob)).toMatchObject({
      intent: "refund",
      merchant: "Book Nook",
      also: { intent: "limits" },
    });
    // "where do i find it" leans on the clause before.
    expect(understandCustomerText("whats my monthly limit? also i forgot my pin, where do i find it", alice).also).toMatchObject({
      category: "get_physical_card",
    });
  });

  it.each(["what happened with it?", "where's that one at", "did you sort out the electro mart one?", "is the gadget one still with someone?"])(
    "asks where a request stands: %s",
    (text) => expect(understandCustomerText(text, alice).intent).toBe("status"),
  );

  it.each([
    "jak wyglądają teraz moje zgłoszenia?",
    "a jak tam ten zwrot, już zaksięgowany?",
    "co z tymi zgłoszeniami?",
    "a mam w ogóle jakieś otwarte reklamacje?",
    "ktora z nich jeszcze czeka?",
  ])("asks in Polish where requests stand: %s", (text) => expect(understandCustomerText(text, bob).intent).toBe("status"));

  it("carries a refund to a payment named after it with 'too' or 'też', or picked from the list again", () => {
    const after = (text: string): ChatTurn[] => [
      { role: "customer", text: "i want to dispute a payment" },
      { role: "agent", text: "Which payment is it about?" },
      { role: "customer", text: "gadget hub" },
      { role: "agent", text: "Your refund request is with one of our operators." },
      { role: "customer", text },
    ];
    expect(understandLatest(after("the book nook one too please"), bob)).toMatchObject({ intent: "refund", merchant: "Book Nook" });
    expect(understandLatest(after("i ta druga tez"), bob)).toMatchObject({ intent: "refund", ordinal: 2 });
  });
});

describe("help questions that are not requests, and requests that look like help questions", () => {
  const withPending = (kinds: ("card_payment" | "transfer" | "cash_withdrawal" | "top_up")[]) => ({
    ...bob,
    pending: kinds.map((kind, i) => ({ id: `p${i}`, kind, merchant: `Item ${i}`, amountMinor: 1000, currency: "EUR", postedAt: `${TODAY}T00:00:00.000Z` })),
  });

  it("answers a question about pending items in general from the help article, and one about the customer's own from their items", () => {
    expect(understandCustomerText("why do card purchases sit as pending for days sometimes", withPending(["top_up"]))).toMatchObject({
      intent: "knowledge",
      category: "pending_card_payment",
    });
    expect(understandCustomerText("why do top ups sometimes hang around as pending", withPending(["top_up"]))).toMatchObject({
      intent: "knowledge",
      category: "pending_top_up",
    });
    expect(understandCustomerText("when does my top-up come through?", withPending(["top_up"])).intent).toBe("pending");
    expect(understandCustomerText("my friend says he never got the money i sent him", withPending([])).intent).toBe("pending");
  });

  it.each([
    ["are there places where my card just wont be taken? like some online stores", "card_acceptance"],
    ["my mum wants to send me money from abroad, what details does she need from me", "receiving_money"],
    ["can i put my card on my iphone so i can pay with the phone at the till", "apple_pay_or_google_pay"],
    ["how many times can those one-off virtual cards be used, is there a cap on them", "disposable_card_limits"],
  ])("%s -> the %s article, never a card action or a claim", (text, category) => {
    expect(understandCustomerText(text, bob)).toMatchObject({ intent: "knowledge", category });
  });

  it.each([
    ["how much cash am I allowed to pull out of an atm per day", "limits"],
    ["is there a human i can chat to? the bot isnt helping me", "handover"],
    ["new card please, the magnetic strip is completely worn out", "replace_card"],
    ["thanks so much for your help earlier, all good now", "greeting"],
    ["the fuel one is wrong", "refund"],
  ])("%s -> %s", (text, intent) => {
    const ctx = { ...bob, transactions: BOB.map((t) => (t.merchant === "Orlen Fuel" ? { ...t, mcc: "5541" } : t)) };
    expect(understandCustomerText(text, ctx).intent).toBe(intent);
  });

  it("asks what stopped working when nothing is named", () => {
    expect(understandCustomerText("it doesn't work", alice)).toMatchObject({ intent: "unclear", candidates: expect.arrayContaining(["card_not_working"]) });
  });

  it("keeps a shop the customer has no payment with, as named, to say it was not found", () => {
    expect(understandCustomerText("i want a refund from rossmann, they charged me for stuff that was out of stock", bob).merchant).toBe("Rossmann");
    expect(understandCustomerText("can i get a refund from you", bob).merchant).toBeUndefined();
  });
});

describe("more of the same, and questions that are not claims", () => {
  const withKinds = { ...alice, transactions: ALICE.map((t) => (t.merchant === "City Parking" ? { ...t, mcc: "7523" } : t)) };
  const afterClaim = (text: string): ChatTurn[] => [
    { role: "customer", text: "electro mart 1249 not me" },
    { role: "agent", text: "Your refund request for the Electro Mart payment is with one of our operators." },
    { role: "customer", text },
  ];

  it("carries the refund to 'the parking in germany too please, I was in spain then'", () => {
    expect(understandLatest(afterClaim("the parking in germany too please, I was in spain then"), withKinds)).toMatchObject({
      intent: "refund",
      merchant: "City Parking",
    });
  });

  it("leaves a help question about another payment a help question", () => {
    expect(understandLatest(afterClaim("and what's the fee on the green grocer one?"), withKinds).intent).not.toBe("refund");
  });

  it("reads 'not my purchase' as a claim", () => {
    expect(understandCustomerText("pls check electro mart 1249, not my purchase", alice)).toMatchObject({ intent: "refund", merchant: "Electro Mart" });
  });

  it("asks nothing about a payment when the customer asks whether a failed transfer's money comes back", () => {
    expect(understandCustomerText("my transfer to a friend failed. do i get the money back automatically or do i need to do something", bob)).toEqual({
      intent: "knowledge",
      category: "failed_transfer",
      confidence: expect.any(Number),
    });
  });
});

describe("two requests, each about its own payment", () => {
  const pending = [
    { id: "p-hotel", kind: "card_payment" as const, merchant: "Hotel Adler", amountMinor: 18_000, currency: "EUR", postedAt: "2026-11-29T20:00:00.000Z" },
    { id: "p-atm", kind: "cash_withdrawal" as const, merchant: "ATM Centrum", amountMinor: 10_000, currency: "EUR", postedAt: "2026-11-29T15:00:00.000Z" },
  ];

  it("gives the claim the date its own clause says, not the one the other request's clause says", () => {
    const u = understandCustomerText(
      "when is the hotel adler payment gonna go through, its been there since last night. oh and coffee corner double charged me on thursday, can i get one back",
      { ...alice, pending },
    );
    expect(u).toMatchObject({ intent: "refund", merchant: "Coffee Corner", date: "2026-11-26", also: { intent: "pending" } });
  });

  it("keeps the amount of a cash withdrawal not booked yet off a claim about a shop, and 'when will it book' off Book Nook", () => {
    const u = understandCustomerText(
      "the 100 cash i took at atm centrum yesterday still isnt on my statement, when will it book. Also i need a refund for gadget hub, i never ordered anything there",
      { ...bob, pending },
    );
    expect(u).toMatchObject({ intent: "refund", merchant: "Gadget Hub", also: { intent: "pending" } });
    expect(u.amountMinor).toBeUndefined();
  });

  it("gives a claim in a clause of its own the payment the message named when the other request is a card's", () => {
    const u = understandCustomerText("WHAT IS GADGET HUB?? 89 eur at like 2am, i was asleep. block my card right now and i want that money back", bob);
    expect(u).toMatchObject({ intent: "freeze_card", also: { intent: "refund", merchant: "Gadget Hub", amountMinor: 8900 } });
  });

  it("splits at 'while you're at it', a line break and 'second thing:', which names no position", () => {
    expect(
      understandCustomerText("how do i add my card to google pay, and while you're at it can you refund the 38 eur city parking thing?", alice),
    ).toMatchObject({
      intent: "refund",
      merchant: "City Parking",
      also: { intent: "knowledge", category: "apple_pay_or_google_pay" },
    });
    expect(understandCustomerText("block my card pls\nPS whats my daily limit", bob)).toMatchObject({ intent: "freeze_card", also: { intent: "limits" } });
    const swallowed = understandCustomerText("the atm at the station ate my card. block it. second thing: i need a replacment sent to my home address", alice);
    expect(swallowed).toMatchObject({ intent: "freeze_card", also: { intent: "replace_card" } });
    expect(swallowed.ordinal).toBeUndefined();
  });

  it("reads a person asked for after a card action, and typos of 'limit'", () => {
    expect(understandCustomerText("someone stole my wallet on the tram, freeze my card asap and put me through to an actual person", alice).also?.intent).toBe(
      "handover",
    );
    expect(understandCustomerText("whats my atm limt? i see a 1249 electro mart payment i never made, need that refunded", alice).also?.intent).toBe("limits");
  });
});

describe("references back, in English and Polish", () => {
  const afterClaim = (claim: string, text: string): ChatTurn[] => [
    { role: "customer", text: claim },
    { role: "agent", text: "Your refund request is with one of our operators." },
    { role: "customer", text },
  ];
  const withKinds = {
    ...bob,
    transactions: [
      ...BOB,
      { id: "b6", merchant: "Kino Atlantic", amountMinor: 2400, currency: "EUR", postedAt: "2026-11-15T19:00:00.000Z", country: "PL", mcc: "7832" },
    ],
  };
  const aliceKinds = { ...alice, transactions: ALICE.map((t) => (t.merchant === "Page & Co Books" ? { ...t, mcc: "5942" } : t)) };

  it("carries the claim to 'no wait I meant the tapas', 'the book thing, that too' and 'the cinema too'", () => {
    expect(understandLatest(afterClaim("refund the parking charge", "no wait I meant the tapas, sorry"), alice)).toMatchObject({
      intent: "refund",
      merchant: "Bar Tapas Sol",
    });
    expect(understandLatest(afterClaim("city parking 38 euro wasnt me", "and the book thing, that too"), aliceKinds)).toMatchObject({
      intent: "refund",
      merchant: "Page & Co Books",
    });
    expect(understandLatest(afterClaim("gadget hub, never got the package", "and the cinema too, the show was cancelled"), withKinds)).toMatchObject({
      intent: "refund",
      merchant: "Kino Atlantic",
    });
  });

  it.each([
    "has it been approved yet",
    "did they accept it?",
    "czyli ta z apteki juz zwrocona?",
    "czyli ten zwrot jest juz zrobiony?",
    "mam teraz dwie sprawy otwarte, na jakim sa etapie?",
    "ok i ktos sie tym w ogole zajmuje?",
  ])("asks where a request stands: %s", (text) => {
    expect(understandLatest(afterClaim("electro mart 1249 not me", text), alice).intent).toBe("status");
  });

  it("reads 'odpuśćcie' after a found receipt as a cancel, and 'a w internecie?' after the limits as the limits", () => {
    expect(understandLatest(afterClaim("electro mart 1249 not me", "znalazłam rachunek w szufladzie, odpuśćcie"), alice).intent).toBe("cancel");
    const limits: ChatTurn[] = [
      { role: "customer", text: "jaki mam limit na karcie?" },
      { role: "agent", text: "Limity Twojej karty: dzienny 1 500,00 zł." },
      { role: "customer", text: "a w internecie?" },
    ];
    expect(understandLatest(limits, alice).intent).toBe("limits");
  });

  it("takes 'u Państwa' for the bank, not a shop", () => {
    expect(understandCustomerText("czy mam u Państwa jakieś reklamacje w toku? Nie pamiętam już czy coś zgłaszałam", alice)).toEqual({
      intent: "status",
      confidence: expect.any(Number),
    });
  });
});

describe("letters, texting and English as a second language", () => {
  it("reads a letter without its salutation, courtesies and signature, and a day named over 'this evening'", () => {
    const letter =
      "Dear Sir or Madam,\n\nI hope this email finds you well. I was reviewing my account this evening and came across a payment of 1,249.00 to Electro Mart on thursday. I do not recall making this purchase and would like to dispute it.\n\nThank you for looking into this.\n\nKind regards,\nAlice";
    expect(withoutLetterFrame(letter)).not.toMatch(/Dear|hope|Thank you|regards|Alice/);
    const u = understandCustomerText(letter, alice);
    expect(u).toMatchObject({ intent: "refund", merchant: "Electro Mart", date: "2026-11-26" });
    expect(u.also).toBeUndefined();
  });

  it("keeps a shop named after 'a payment to' that is not among the payments, to say it was not found", () => {
    expect(understandCustomerText("a payment to Fashion Hub was charged to my card and I never authorised it, refund it", alice).merchant).toBe("Fashion Hub");
  });

  it("splits at 'n', as texting writes 'and'", () => {
    expect(understandCustomerText("lost my card somewhere pls block it n whats my atm limit btw", bob)).toMatchObject({
      intent: "freeze_card",
      also: { intent: "limits" },
    });
    expect(understandCustomerText("nvm cancel the cinema one my bro used my card", bob).intent).toBe("cancel");
  });

  it.each([
    ["I want make reclamation, one payment is not correct", "refund"],
    ["what is with my reclamation?", "status"],
    ["until when I get an answer?", "status"],
    ["how much I can pay in internet with my card?", "limits"],
    ["Dzień dobry, I lost my karta in the tram yesterday, please block it", "freeze_card"],
    ["danke, tschüss", "greeting"],
    ["I would like to ask whether a decision has been reached on the request I submitted.", "status"],
  ])("%s -> %s", (text, intent) => {
    expect(understandCustomerText(text, alice).intent).toBe(intent);
  });

  it("asks what is wrong when help is asked for with no topic", () => {
    expect(understandCustomerText("I am writing because I need some help. I would appreciate it if you could assist me.", alice).intent).toBe("unclear");
    expect(understandCustomerText("its broken wtf", alice).intent).toBe("unclear");
  });

  it("keeps what the customer meant to pay off the payment's amount", () => {
    expect(understandCustomerText("orlen fuel 210 on the 25th?? i only filled up for 110. and what's my online spending limit", bob)).toMatchObject({
      intent: "refund",
      merchant: "Orlen Fuel",
      amountMinor: 21_000,
      also: { intent: "limits" },
    });
    expect(understandCustomerText("i only have 20 euro left, what are my limits", bob).intent).toBe("limits");
  });
});

describe("two requests in forms that are hard to split, and a card in few words", () => {
  it.each([
    ["I sent the novel back to Page & Co Books (how do I add my card to Apple Pay, by the way?) so I'd like the 18.99 refunded.", "refund", "knowledge"],
    ["1) where are my refund requests at 2) when does the Hotel Adler payment actually go through", "status", "pending"],
    ["Could you tell me what my card limits are, or how I change my PIN? Both, actually.", "limits", "knowledge"],
    ["Freeze my card, but before you do that, tell me when the transfer to Maria Novak will go through.", "freeze_card", "pending"],
    ["my card got declined at the supermarket today why does that happen and can u check where my refund requests are", "status", "knowledge"],
  ])("%s", (text, first, second) => {
    const pending = [
      { id: "p-hotel", kind: "card_payment" as const, merchant: "Hotel Adler", amountMinor: 18_000, currency: "EUR", postedAt: `${TODAY}T20:00:00.000Z` },
      { id: "p-transfer", kind: "transfer" as const, merchant: "Maria Novak", amountMinor: 25_000, currency: "EUR", postedAt: `${TODAY}T00:00:00.000Z` },
    ];
    const u = understandCustomerText(text, { ...alice, pending });
    expect([u.intent, u.also?.intent]).toEqual([first, second]);
    expect(u.amountMinor === undefined || u.amountMinor === 1899).toBe(true);
  });

  it.each([
    ["i lsot my crad", "freeze_card"],
    ["unlock it", "unfreeze_card"],
    ["got it back from the branch, make it work again pls", "unfreeze_card"],
    ["ta", "greeting"],
    ["Thank you dear, that is very kind", "greeting"],
  ])("%s -> %s", (text, intent) => {
    expect(understandCustomerText(text, alice).intent).toBe(intent);
  });
});

describe("what a message is about, not what its words touch", () => {
  it("freezes a card lost with a wallet, and claims nothing from a story of the evening", () => {
    const story =
      "So I was at my sister's birthday last night, bag on the chair the whole evening, and when I got home my wallet was just gone. No idea if someone took it or it fell out in the taxi. My card was in there. I really don't know what to do, I'm kind of panicking";
    expect(understandCustomerText(story, alice).intent).toBe("freeze_card");
    expect(understandCustomerText("Hello, I think I am leaving my card in restaurant yesterday evening. Can you make it not usable please", alice).intent).toBe(
      "freeze_card",
    );
    expect(understandCustomerText("I left my card at home, can I pay with my phone?", alice).intent).not.toBe("freeze_card");
  });

  it("answers a question about the bank's fee on a payment instead of claiming the payment", () => {
    expect(understandCustomerText("did you charge me some kind of fee on the Bar Tapas Sol payment? I paid in Spain", alice)).toMatchObject({
      intent: "knowledge",
      category: "card_payment_fee_charged",
    });
  });

  it("takes no payment's day from what the customer did afterwards", () => {
    expect(extractEntities("can you refund it? I cancelled the booking this morning", alice).date).toBeUndefined();
    expect(extractEntities("Zwrot proszę, anulowałam rezerwację wczoraj", alice).date).toBeUndefined();
    expect(extractEntities("the green grocer charge from yesterday", alice).date).toBeDefined();
  });

  it("settles on the payment named after the correction", () => {
    expect(extractEntities("uh the parking one in germany.. actually no, the tapas one, sorry", alice).merchant).toBe("Bar Tapas Sol");
    const kasia = {
      today: TODAY,
      transactions: [
        ...ALICE,
        { ...ALICE[0], id: "k-train", merchant: "PKP Intercity", mcc: "4112" },
        { ...ALICE[0], id: "k-food", merchant: "Biedronka", mcc: "5411" },
      ],
    };
    expect(extractEntities("nie tę z Biedronki, tylko tamtą za pociąg. zwróćcie ją", kasia).merchant).toBe("PKP Intercity");
  });

  it.each([
    ["czy zwrot juz poszedl? bo nie widze nic na koncie", "status"],
    ["Reklamowałam coś u was kilka tygodni temu i zero odzewu. Gdzie są moje pieniądze???", "status"],
    ["To co z tymi moimi dwiema reklamacjami? długo to jeszcze potrwa?", "status"],
    ["whats happening with the parking one now", "status"],
    ["and the 2.90, is that sorted or still open?", "status"],
    ["my card expired on the 31st, need a new one pls", "replace_card"],
    ["my card says valid thru end of this month. do you send a new one automatically?", "knowledge"],
    ["hmm hold on, can you withdraw one of my claims", "cancel"],
  ])("%s -> %s", (text, intent) => {
    expect(understandCustomerText(text, alice).intent).toBe(intent);
  });

  it("carries a claim over to the payment named after an acknowledgement", () => {
    const turns: ChatTurn[] = [
      { role: "customer", text: "green grocer took 23.40 yesterday but the delivery never showed up. want a refund" },
      { role: "agent", text: "Good news: I've refunded the Green Grocer payment of 23.40 EUR." },
      { role: "customer", text: "ok cool. and the metro?" },
    ];
    expect(understandLatest(turns, alice)).toMatchObject({ intent: "refund", merchant: "Metro Transit" });
  });
});

describe("amounts said as a bound", () => {
  it("takes no payment's amount from 'powyżej 200 zł' or 'over 200'", () => {
    expect(extractEntities("reklamuję płatność powyżej 200 zł", alice).amountMinor).toBeUndefined();
    expect(extractEntities("a charge of over 200 euros", alice).amountMinor).toBeUndefined();
  });
});

describe("trouble told without a request", () => {
  it.each([
    ["problem with my card", "unclear"],
    ["on thursday I moved 500 from my account at another bank into this one, but here my balance looks exactly the same as before. where is it?", "knowledge"],
    ["honestly why do you need my passport and a selfie? my old bank never did this", "knowledge"],
    ["machine gave me only 40 but account says 60 was taken. i counted twice. what now", "knowledge"],
  ])("%s -> %s", (text, intent) => {
    const u = understandCustomerText(text, alice);
    expect(u.intent).toBe(intent);
    expect(u.also?.intent).not.toBe("status");
    expect(u.also?.intent).not.toBe("refund");
  });
});

describe("where a request stands, asked in passing or as a nudge", () => {
  it.each([
    "still nothing on my account from that refund tho",
    "morning! any word on the electro mart thing?",
    "hey, quick one - did that book refund actually go through?",
    "where are both of these at right now?",
    "is there anything else still open on my side?",
    "you said someone would look at it. has anyone actually done that yet",
    "Good evening. Could you let me know how both of my claims turned out, please?",
  ])("%s", (text) => {
    expect(understandCustomerText(text, alice).intent).toBe("status");
  });

  it("reads 'so?' and 'how much longer' after a claim as where it stands, and not after a help answer", () => {
    const after = (first: string, last: string) =>
      understandLatest(
        [
          { role: "customer", text: first },
          { role: "agent", text: "..." },
          { role: "customer", text: last },
        ],
        alice,
      ).intent;
    expect(after("electro mart 1249 not me", "so?")).toBe("status");
    expect(after("electro mart 1249 not me", "how much longer")).toBe("status");
    expect(after("how do I change my pin", "so?")).not.toBe("status");
    expect(understandCustomerText("cancel my account and send me whats left of my balance", alice).intent).toBe("handover");
  });

  it.each([
    ["omg false alarm, my flatmate had it in her bag the whole time so i can use it again? switch it back on pls", "unfreeze_card"],
    ["Hello again. The police has found the wallet and the card is still inside. Please undo the block.", "unfreeze_card"],
    ["nvm it was in my other jeans, reactivate it pls", "unfreeze_card"],
    ["stolen. freeze it AND send me a new one", "freeze_card"],
    ["I paid for my petrol in cash at Orlen Fuel and my card got charged 210 on top. I want that reversed", "refund"],
  ])("%s -> %s", (text, intent) => {
    expect(understandCustomerText(text, bob).intent).toBe(intent);
  });
});

describe("questions about a card that ask how, and answers that say what was meant", () => {
  it.each([
    "if I ever lose my card, how would I block it? just asking for the future, I've got it right here",
    "Quick question - is it possible to freeze my card myself in the app, or do I have to go through you?",
    "jak mogę sama zablokować kartę w aplikacji?",
  ])("answers how to freeze a card, freezing nothing: %s", (text) => {
    expect(understandCustomerText(text, alice)).toMatchObject({ intent: "knowledge", category: "lost_or_stolen_card" });
  });

  it.each([
    ["zgubilam karte, jak ja zablokowac?", "freeze_card"],
    ["yes freeze it for now please", "freeze_card"],
    ["theres been sum wierd payment attemps on my card tonite that werent me, freez it plz", "freeze_card"],
    ["I just got a text about a payment attempt from some online store I've never heard of. block my card!!", "freeze_card"],
    ["got it back, all good, please reactivate", "unfreeze_card"],
    ["ugh sorry, false alarm - it was my son using my card details for his game subscription, I'd told him he could. you can unfreeze it", "unfreeze_card"],
  ])("%s -> %s", (text, intent) => {
    const u = understandCustomerText(text, alice);
    expect(u.intent).toBe(intent);
    expect(u.also).toBeUndefined();
  });

  it("freezes a card asked how to block when it is gone", () => {
    expect(understandCustomerText("how do I block my card? it was stolen", alice).intent).toBe("freeze_card");
  });

  it("orders no card for a question whether it is broken, or whether a new one comes by itself", () => {
    const tapping =
      "tapping doesn't work at all anymore, every time I have to put the card in and type the pin. chip works fine tho. is my card broken or what";
    const expiring =
      "quick one - just noticed the date on the front of my card is next month, so it stops working soon right? do you send a new one by yourselves or do I need to ask for it?";
    for (const text of [tapping, expiring]) expect(understandCustomerText(text, alice).intent).toBe("knowledge");
    expect(understandCustomerText("my card is broken, send a new one", alice).intent).toBe("replace_card");
  });

  it("unblocks a PIN, not the card, for a PIN blocked with a typo", () => {
    const u = understandCustomerText(
      "the boook nok charged me 2x 12.50 pls refnd one and also my pin got blokced after 3 wrong tries how do i unblock it",
      bob,
    );
    expect(u.also).toMatchObject({ intent: "knowledge", category: "pin_blocked" });
  });

  it("takes the one clause that asks something when the whole message reads as nothing", () => {
    expect(understandCustomerText("a co z tą pierwszą? cos juz wiadomo?", alice)).toMatchObject({ intent: "status", ordinal: 1 });
  });

  it("keeps a shop named as 'the Lidl one' to say it was not found, and a day the customer cancelled on is no payment's", () => {
    expect(extractEntities("none of these.. its the Lidl one from yesterday, they scanned my stuff twice", alice).merchant).toBe("Lidl");
    expect(extractEntities("and the Spanish one please", alice).merchant).not.toBe("Spanish");
    expect(extractEntities("can you refund it? we cancelled the room this morning", alice).date).toBeUndefined();
  });
});

describe("two payments in one claim, a claim's story, and Polish requests", () => {
  it("claims the first of two shops named together, and neither of two offered as alternatives", () => {
    expect(extractEntities("two charges I dont recognise: electro mart 1249 and city parking 38.", alice).merchant).toBe("Electro Mart");
    expect(extractEntities("maybe at electro mart or city parking, not sure", alice).merchant).toBeUndefined();
    expect(applyRules("please open disputes for both")).toMatchObject({ intent: "refund" });
    expect(applyRules("any open disputes?")).toEqual({ intent: "status" });
  });

  it("reads a claim's story as the claim, and takes its payment from outside the other request's clause", () => {
    const story = understandCustomerText(
      "Good day. Pharmacy Apteka Zdrowie take from me 34.20 but I give back the medicine, they say money come back but nothing come. Please make refund. And after I want speak with human consultant about a credit",
      bob,
    );
    expect(story).toMatchObject({ intent: "refund", merchant: "Apteka Zdrowie", also: { intent: "handover" } });
    const books = understandCustomerText(
      "Quick question about the Hotel Adler 180 thing from last night, why is it still sitting there as pending? And separately, the book order from Page & Co Books (18.99) never arrived, I'd like my money back for that.",
      alice,
    );
    expect(books).toMatchObject({ intent: "refund", merchant: "Page & Co Books", also: { intent: "pending" } });
  });

  it("keeps a name with an ampersand in one clause, and a time ago out of the amounts", () => {
    expect(understandCustomerText("I sent a book back to Page & Co three weeks ago and the 18.99 never came back to my card", alice)).toMatchObject({
      intent: "refund",
      merchant: "Page & Co Books",
    });
    expect(extractEntities("n the book nook one from like 2 wks ago too", bob).amountMinor).toBeUndefined();
  });

  it.each([
    ["chce reklamowac platnosc w media expert, zamowienie w ogole nie doszlo", "refund"],
    ["hej, cos mi zeszlo z konta ponad 100 zl i nie mam pojecia co to jest", "refund"],
    ["dobra jedno z tych zgloszen mozecie zamknac", "cancel"],
    ["Czy moje pieniądze w ogóle do mnie wracają czy nie?", "status"],
    ["Przyszło mi powiadomienie ze reklamacja odrzucona?? Jak to odrzucona, przecież mówię że to nie ja. Co się dzieje z moim zgłoszeniem", "status"],
    ["with my account", "unclear"],
    ["somethin is off w my acc, can u look into it", "unclear"],
  ])("%s -> %s", (text, intent) => {
    expect(understandCustomerText(text, alice).intent).toBe(intent);
  });

  it("takes no amount the customer says the payment should have been, in Polish too", () => {
    expect(extractEntities("kasjerka nabila mi to samo dwa razy, powinno byc 57,45", alice).amountMinor).toBeUndefined();
  });
});

describe("a third round of phrasings from new development turns", () => {
  it.each([
    ["Thank you ever so much, you have been very patient with me.", "greeting"],
    ["Thank you very much, have nice day", "greeting"],
    ["ok good, thx", "greeting"],
    ["a man rang me saying he was from your fraud department and I read him the long number on my card. please block it right now", "freeze_card"],
    ["my surname is spelled wrong on the card, it says KOWALKSI. can i get one with the right name", "replace_card"],
    ["The numbers on my card are nearly rubbed off, it's that worn out. Could I have a fresh one?", "replace_card"],
    ["hw much can i tak out from atm in one day", "limits"],
    ["is the book nook money back yet, I dont see it", "status"],
    ["i co dalej?", "status"],
    ["ile to jeszcze potrwa", "status"],
    ["I co, dalej nic? Ile można czekać, to jest jakiś skandal", "status"],
    ["Dostałam odmowę?? Dlaczego?", "status"],
    ["A kiedy te pieniądze faktycznie pojawią się na koncie?", "status"],
    ["niepotrzebnie zglaszalam, przepraszam. da sie to cofnac?", "cancel"],
  ])("%s -> %s", (text, intent) => {
    expect(understandCustomerText(text, alice).intent).toBe(intent);
  });

  it("claims nothing for a story that only says the customer does not know what to do", () => {
    const story =
      "So I was at the ticket machine at the station this morning and something strange happened with my card, and now I honestly don't know what I'm supposed to do";
    expect(understandCustomerText(story, alice).intent).not.toBe("refund");
  });

  it("takes what the customer settles on from the first sentence after a correction, and no amount the bill should have been", () => {
    expect(extractEntities("the coffee one - no wait, I meant the metro. coffee was fine, I never took the metro that day", alice).merchant).toBe(
      "Metro Transit",
    );
    expect(extractEntities("In Bar Tapas Sol the bill was 31.50 but on my card they take 41.50", alice).amountMinor).toBe(4150);
  });
});

describe("a fourth round of phrasings from new development turns", () => {
  it.each([
    ["Hi, could you tell me the state of my refund requests please", "status"],
    ["refund from shop still not here, they say sent long time ago", "status"],
    ["the shop told me on the phone they refunded my money to the card over a week ago. still don't see it anywhere. where is it?", "status"],
    ["how are both of them going", "status"],
    ["and the gadget one is still going right?", "status"],
    ["so what happened with the gadget thing", "status"],
    ["app says refund approved but theres no money in my account yet??", "status"],
    ["thank you and sorry again for the trouble", "greeting"],
    ["ok thanks man", "greeting"],
    ["ur app is being weird", "unclear"],
    ["need to sort out smth with my acc", "unclear"],
    ["wrong wrong wrong", "unclear"],
    ["a co z tamtą?", "status"],
    ["to jak teraz wyglądają obie sprawy?", "status"],
    ["a mam w ogóle jakieś zgłoszenia?", "status"],
    ["a tamta z Media Expert dalej w toku?", "status"],
  ])("%s -> %s", (text, intent) => {
    expect(understandCustomerText(text, bob).intent).toBe(intent);
  });

  it("names a shop the customer has no payment with, however it is put", () => {
    for (const [text, shop] of [
      ["Netflix kept charging me after i cancelled the subscription. give me my money back", "Netflix"],
      ["seller on Allegro never sent my package, i want refund from the bank", "Allegro"],
      ["the Uber ride, driver cancelled but i was charged anyway. refund it", "Uber"],
      ["Lidl overcharged me on groceries, i want the money back", "Lidl"],
    ])
      expect(extractEntities(text, bob).merchant).toBe(shop);
    expect(extractEntities("Tak to wygląda w Vistuli? Gdzie jest moja reklamacja?", bob).merchant).toBeUndefined();
  });

  it("reads a transfer recalled only where money was sent, and a wrong amount of a payment as a claim", () => {
    expect(understandCustomerText("Orlen Fuel 210 also wrong, i paid only 150", bob)).toMatchObject({ intent: "refund", merchant: "Orlen Fuel" });
    expect(understandCustomerText("i sent 200 to the wrong account yesterday, please stop the transfer", bob).intent).toBe("handover");
  });

  it("drops the loss a message tells when it asks to unfreeze, and orders no card that has arrived", () => {
    const found = understandCustomerText(
      "I froze my card last week cause I thought I lost it but it was in my other handbag all along. please unfreeze it. and what's the daily limit",
      alice,
    );
    expect(found).toMatchObject({ intent: "unfreeze_card", also: { intent: "limits" } });
    expect(applyRules("I received my replacement card yesterday.")?.intent).not.toBe("replace_card");
    expect(applyRules("after my neighbour had her details stolen from a webshop I don't want to type my card number online")?.intent).not.toBe("freeze_card");
  });

  it("keeps a claim named by shop and amount beside a question where another stands, unless the customer owns up to it", () => {
    expect(
      understandCustomerText("so is the parking sorted now? + green grocer yesterday 23.40, I paid cash and they swiped my card anyway", alice),
    ).toMatchObject({
      intent: "refund",
      merchant: "Green Grocer",
      also: { intent: "status" },
    });
    const ownedUp = understandCustomerText(
      "Now I see Apteka Zdrowie 34.20 on the 27th that... no wait that one was me, sorry. But can you freeze the card",
      bob,
    );
    expect(ownedUp.also?.intent).not.toBe("refund");
  });
});

describe("two help questions, however the second is put", () => {
  it.each([
    [
      "New card arrived today, how do I activate it, and where do I find the PIN for it? There was no letter in the envelope.",
      "activate_my_card",
      "get_physical_card",
    ],
    [
      "two things:\n- my PIN got blocked after I typed it wrong 3 times, how do I unblock it\n- contactless hasn't worked at the supermarket all week",
      "pin_blocked",
      "contactless_not_working",
    ],
    [
      "couple quick ones: what's the minimum age to open an account, my daughter is 15. and do you serve customers living in Ukraine too?",
      "age_limit",
      "country_support",
    ],
  ])("%s -> %s and %s", (text, first, second) => {
    expect(understandCustomerText(text, bob)).toMatchObject({ category: first, also: { category: second } });
  });

  it("reads a transfer someone may send in general as no item of the customer's not booked yet", () => {
    const pending = [{ id: "p1", kind: "transfer" as const, merchant: "Maria Novak", amountMinor: 25000, currency: "EUR", postedAt: `${TODAY}T10:00:00Z` }];
    const u = understandCustomerText("how long does an international transfer to the UK take?", { ...alice, pending });
    expect(u).toMatchObject({ intent: "knowledge", category: "transfer_timing" });
  });
});

describe("money a shop said it would give back, and a fee asked after an item not booked yet", () => {
  it("reads a payment the shop promised to reverse and never did as a claim about it", () => {
    expect(
      understandCustomerText("green grocer charged 23,40 but i gave everything back at the till, the lady said it would be reversed. it wasnt", alice),
    ).toMatchObject({ intent: "refund", merchant: "Green Grocer" });
  });

  it("answers 'and did I pay a fee for sending it' beside the question about the transfer", () => {
    const pending = [{ id: "p1", kind: "transfer" as const, merchant: "Maria Novak", amountMinor: 25000, currency: "EUR", postedAt: `${TODAY}T10:00:00Z` }];
    const u = understandCustomerText("the transfer to Maria Novak, 250, why does it say pending? and did I pay a fee for sending it", { ...alice, pending });
    expect(u).toMatchObject({ intent: "pending", also: { intent: "knowledge", category: "transfer_fee_charged" } });
  });
});

describe("a second question that asks more of the topic the first named", () => {
  it.each([
    ["what does a SEPA transfer to a friend in Austria cost and how long does it take to get there?", "transfer_fee_charged", "transfer_timing"],
    ["how long transfer to poland take n whats the fee", "transfer_timing", "transfer_fee_charged"],
  ])("%s -> %s and %s", (text, first, second) => {
    expect(understandCustomerText(text, bob)).toMatchObject({ category: first, also: { category: second } });
  });

  it("reads 'do you charge me for it' after the cash limit as the fee for cash, and a statement before a question as its setting", () => {
    expect(understandCustomerText("how much can I withdraw from an ATM per day and do you charge me for it", bob)).toMatchObject({
      intent: "limits",
      also: { category: "cash_withdrawal_charge" },
    });
    const u = understandCustomerText("i usually put money in with my debit card from my old bank. is that free or is there a charge every time", bob);
    expect(u).toMatchObject({ category: "top_up_by_card_charge" });
    expect(u.also).toBeUndefined();
  });
});

describe("Polish claims and questions from a fifth round of development turns", () => {
  it.each([
    ["jak stoja moje oba zgloszenia?", "status"],
    ["no dobra a kiedy to bede widziec na koncie bo na razie nic", "status"],
    ["zgłaszam jeszcze raz ten Orlen, bo nie wierzę że to do was w ogóle doszło", "refund"],
    ["zgłaszam zgubienie karty", "freeze_card"],
  ])("%s -> %s", (text, intent) => {
    expect(understandCustomerText(text, bob).intent).toBe(intent);
  });

  it("names a shop in Polish cases and in lower case after the word for a payment", () => {
    const piotr = { today: TODAY, transactions: [{ ...BOB[0]!, id: "p1", merchant: "Empik", currency: "PLN" }] };
    expect(extractEntities("to samo z empikiem, zaplacilem 2 razy", piotr).merchant).toBe("Empik");
    expect(extractEntities("chce reklamowac platnosc z orlenu", alice).merchant).toBe("Orlenu");
    expect(extractEntities("chcę reklamować płatność z wczoraj", alice).merchant).toBeUndefined();
  });

  it("hears a question back asked before the reply's last sentence, and a place in its list replacing the shop named", () => {
    const asked: ChatTurn[] = [
      { role: "customer", text: "zabka pobrala ode mnie dwa razy" },
      { role: "agent", text: "Nie widzę na Twojej karcie płatności w Żabka. Czy to któraś z nich? Podaj kwotę lub datę." },
      { role: "customer", text: "oj sorry, chodzilo mi o to pierwsze" },
    ];
    const u = understandLatest(asked, bob);
    expect(u).toMatchObject({ intent: "refund", ordinal: 1 });
    expect(u.merchant).toBeUndefined();
  });
});

describe("what the fourth and fifth rounds must not over-read", () => {
  it("keeps a freeze asked in so many words beside an unfreeze, and asks nothing of a loyalty question", () => {
    expect(understandCustomerText("Unfreeze my card, I found it. The other card was stolen, block it", bob)).toMatchObject({
      intent: "freeze_card",
      also: { intent: "unfreeze_card" },
    });
    expect(understandCustomerText("I bought a book at Gadget Hub but never got the loyalty points, who do I ask?", bob).intent).not.toBe("refund");
    expect(understandCustomerText("can you refund the Orlen Fuel 210? I haven't been there", bob).intent).toBe("refund");
    expect(understandCustomerText("zgłaszam problem z logowaniem", bob).intent).not.toBe("refund");
    expect(extractEntities("płatność w euro nie przeszła", bob).merchant).toBeUndefined();
  });
});

describe("the sixth round's readings", () => {
  const kasia = { today: TODAY, transactions: [] };
  it("claims what a customer's own shop took without a question, and names a shop the customer has no payment with", () => {
    expect(understandCustomerText("Gadget Hub charged me 89 but they never shipped the headphones", bob)).toMatchObject({
      intent: "refund",
      merchant: "Gadget Hub",
    });
    expect(understandCustomerText("Please refund my Lidl shopping from yesterday, half the strawberries were mouldy", alice)).toMatchObject({
      intent: "refund",
      merchant: "Lidl",
    });
    expect(
      understandCustomerText("the coffee one... wait, scratch that, it was the bakery. the bakery never handed me the cake I paid for", alice),
    ).toMatchObject({
      intent: "refund",
      merchant: "Sunrise Bakery",
    });
  });

  it("reads no card action into a machine that took money or a card about to expire", () => {
    expect(understandCustomerText("ATM Centrum yesterday: took 100 from my card but the money never came out", bob).intent).not.toBe("freeze_card");
    expect(understandCustomerText("the atm kept my card yesterday", bob).intent).toBe("freeze_card");
    expect(understandCustomerText("My card runs out next month. Will you send a new one on your own or do I have to do something?", alice)).toMatchObject({
      intent: "knowledge",
      category: "card_about_to_expire",
    });
  });

  it("hears where a request stands, in English and Polish", () => {
    for (const text of [
      "I was told my refund went through but I can't see the money anywhere on my account. Where is it?",
      "and when will somebody decide about it?",
      "ok. how long does the check on that usually take?",
      "whats going on with the fuel thing?",
      "lovely, thanks. when will I actually see it in my balance?",
      "hmm to gdzie w ogole jest moj zwrot? nic nie widze",
      "dostałam powiadomienie w aplikacji, że coś się zmieniło z moją reklamacją. co z nią?",
      "refund już poszedł? bo w history nic nie widzę",
      "siema, co tam słychać z moimi reklamacjami?",
      "Kiedy mogę spodziewać się zaksięgowania zwrotu na rachunku?",
      "możesz mi wylistować wszystkie moje reklamacje i co się z każdą dzieje?",
      "ile to jeszcze będzie trwało?!",
    ])
      expect(understandCustomerText(text, kasia).intent, text).toBe("status");
  });

  it("greets, hands over and withdraws as said, and cancels nothing on 'nvm' beside an unfreeze or 'I forget it'", () => {
    for (const text of ["good morning! ☀️", "thank you so much, what a relief", "fine. cheers"])
      expect(understandCustomerText(text, alice).intent, text).toBe("greeting");
    expect(understandCustomerText("Hi, is there a member of staff I could speak with?", alice).intent).toBe("handover");
    expect(understandCustomerText("Please withdraw it, sorry!", alice).intent).toBe("cancel");
    expect(understandCustomerText("pls drop one of those requests", alice).intent).toBe("cancel");
    expect(understandCustomerText("ok nvm... it was my son, he took my card. u can unfreeze it", bob)).toMatchObject({ intent: "unfreeze_card" });
    expect(understandCustomerText("ok nvm... it was my son, he took my card. u can unfreeze it", bob).also).toBeUndefined();
    expect(understandCustomerText("How to change my PIN to something I can remember? I forget it always", alice).intent).toBe("knowledge");
    expect(understandCustomerText("my card is nowhere. Rang the bar, they haven't seen it. Can you make sure nobody can use it?", alice).intent).toBe(
      "freeze_card",
    );
    expect(understandCustomerText("the conversion on my card payment abroad looks wrong, I got charged more than I should have", bob).intent).toBe("knowledge");
  });
});

describe("cards stopped, found and replaced as the sixth round's customers said it", () => {
  const freezes = [
    "ok so my wallet is just... gone. had it at the bakery this morning, the card is in there. please make sure nobody can pay with it",
    "Fantastic. Someone is apparently trying to buy sneakers online with my card. Four declined attempts in ten minutes, none of them me.",
    "kill the card. now.",
    "My card is away since yesterday. Please make that nobody can pay with it.",
    "a man phoned saying he was from your fraud department and I read him my card number and the code that came by SMS",
    "kurde my card its not in jacket not in car nowhere please make it stop working before somebody use it",
    "I put all data from my card, also the code from back side. Now the buyer disappear and I think it was scam.",
    "I cannot get it back from there. So please, put the card on hold.",
    "wait, my wallet was next to the phone and it is also gone. the card is in the wallet",
  ];
  it("freezes a card lost, stolen or in someone else's hands, however it is told", () => {
    for (const text of freezes) expect(understandCustomerText(text, bob).intent, text).toBe("freeze_card");
  });

  it("freezes nothing asked of in general, stopped already or found again", () => {
    expect(understandCustomerText("just curious, nothing's wrong: if I freeze my card in the app, do my direct debits still go out?", bob).intent).toBe(
      "knowledge",
    );
    expect(understandCustomerText("What happens if a cash machine keeps my card? Asking because it happened to my mum", bob)).toMatchObject({
      intent: "knowledge",
      category: "card_swallowed",
    });
    const found = understandCustomerText(
      "Two hours I thought my card is lost, I was very scared. Now I find it in my shoe (!). By the way, what is my limit for online shopping?",
      bob,
    );
    expect(found.intent).toBe("limits");
    expect(found.also).toBeUndefined();
    expect(understandCustomerText("My card was stolen on thursday, I froze it myself in the app the same day. Now I only need a new card.", bob)).toMatchObject(
      {
        intent: "replace_card",
      },
    );
    expect(understandCustomerText("how does freezing actually work?", bob)).toMatchObject({ intent: "knowledge", category: "lost_or_stolen_card" });
  });

  it("unfreezes a card recovered, and orders one asked for with the right name, never one ordered already", () => {
    expect(understandCustomerText("I have recovered my card. I would be grateful if you could lift the temporary block.", bob).intent).toBe("unfreeze_card");
    expect(understandCustomerText("my wife had it the whole time. Can you make it active again?", bob).intent).toBe("unfreeze_card");
    expect(understandCustomerText("my name is printed as 'Alcie Novak' on the card. Could I get one with the correct spelling?", alice).intent).toBe(
      "replace_card",
    );
    expect(understandCustomerText("I'd also like a completely new card with a different number, since the old details are out there now", alice).intent).toBe(
      "replace_card",
    );
    expect(understandCustomerText("ordered a replacement card on 30 November and there's still nothing in my mailbox. where is it?", alice)).toMatchObject({
      intent: "knowledge",
      category: "card_arrival",
    });
  });

  it("reads no second request in a clause that opens with the English 'I'", () => {
    const u = understandCustomerText(
      "I have notifications about payments to some online casino, three tries, I think all declined. Somebody has my card??",
      bob,
    );
    expect(u.intent).toBe("freeze_card");
    expect(u.also).toBeUndefined();
  });
});

describe("two help questions when the first points back at what the message told", () => {
  it("answers the topic told before 'What should I do about that?' beside the other question", () => {
    const u = understandCustomerText(
      "There's a direct debit on my account from a company called FitLife that I never signed up for. What should I do about that? And separately, how do I move money in here from my account at another bank?",
      alice,
    );
    expect(u).toMatchObject({
      intent: "knowledge",
      category: "direct_debit_payment_not_recognised",
      also: { intent: "knowledge", category: "transfer_into_account" },
    });
  });

  it("says goodbye to 'that's everything, thank you' and hands over to a member of staff", () => {
    expect(understandCustomerText("great, that's everything, thank you!", alice).intent).toBe("greeting");
    expect(understandCustomerText("Additionally, I would like to speak with a member of staff regarding a separate matter.", bob).intent).toBe("handover");
  });
});

describe("where requests stand, asked the sixth round's other ways, and payments told as the reason to stop a card", () => {
  it("hears a status question and the refund word alone after a claim", () => {
    for (const text of [
      "Good evening. Could you let me know how both of my claims turned out, please?",
      "how do both of them look now",
      "when do i see it on my account",
    ])
      expect(understandCustomerText(text, bob).intent, text).toBe("status");
    expect(understandCustomerText("a z tą tańszą już wszystko, pieniądze oddane?", bob).intent).toBe("status");
    const asked = [
      { role: "customer" as const, text: "Orlen Fuel 210 to nie ja" },
      { role: "agent" as const, text: "Twoja prośba o zwrot jest u konsultanta." },
      { role: "customer" as const, text: "zwrot?" },
    ];
    expect(understandLatest(asked, bob).intent).toBe("status");
  });

  it("opens no claim beside a freeze for payments that name nothing, and keeps one that names a shop", () => {
    const scam = understandCustomerText(
      "i put my card number and the 3 digits on the back into a site that looked like the post office parcel thing, its fake. please stop the card before they use it",
      bob,
    );
    expect(scam.intent).toBe("freeze_card");
    expect(scam.also).toBeUndefined();
    expect(understandCustomerText("my card was stolen and Orlen Fuel 210 is not mine, block it and give me the money back", bob)).toMatchObject({
      also: { intent: "refund" },
    });
  });
});

describe("a thing named alone, a virtual card asked for, and 'why is that?' beside another request", () => {
  it("asks what is meant of a topic word alone or 'can you check something'", () => {
    for (const text of ["pin", "the app", "can you check something for me real quick"])
      expect(understandCustomerText(text, alice).intent, text).toBe("unclear");
  });

  it("answers a virtual card asked for beside the real card's number, and the trouble 'why is that?' asks about", () => {
    expect(
      understandCustomerText(
        "Is there any way to get a virtual card for online shopping so I don't have to type my real card number into every website?",
        alice,
      ),
    ).toMatchObject({ intent: "knowledge", category: "getting_virtual_card" });
    expect(
      understandCustomerText("hallo, my card is not working in shop today, terminal say declined. why is that? and also what is my daily limit", bob),
    ).toMatchObject({
      intent: "limits",
      also: { intent: "knowledge", category: "declined_card_payment" },
    });
  });
});

describe("a fee asked of what the question before named", () => {
  it("reads 'do you charge anything for sending it' after a transfer's timing as the transfer's fee, and a top-up by card from another bank as the card's", () => {
    expect(
      understandCustomerText("1) how many days does a transfer to an account in Germany take\n2) do you charge anything for sending it", alice),
    ).toMatchObject({
      category: "transfer_timing",
      also: { category: "transfer_fee_charged" },
    });
    expect(understandCustomerText("hey whats the fee if i top up with my card from another bank", alice).category).toBe("top_up_by_card_charge");
  });
});

describe("two payments claimed in one message", () => {
  it("reads a second shop listed after the first as a second claim when the message says both are claimed", () => {
    expect(understandCustomerText("two charges I dont recognise: electro mart 1249 and city parking 38. please open disputes for both", alice)).toMatchObject({
      intent: "refund",
      reason: "unrecognised",
      merchant: "Electro Mart",
      amountMinor: 124900,
      also: { intent: "refund", reason: "unrecognised", merchant: "City Parking", amountMinor: 3800 },
    });
  });

  it("reads another shop claimed in a clause of its own, booked or not, listed or not", () => {
    expect(
      understandCustomerText(
        "Hotel Adler took 180 from me but I cancelled the booking, so refund that. And Page & Co Books charged me 18.99 for a book they never shipped, refund that one too.",
        alice,
      ),
    ).toMatchObject({ merchant: "Page & Co Books", also: { intent: "refund", merchant: "Hotel Adler", amountMinor: 18000 } });
    expect(
      understandCustomerText(
        "Coffee Corner double charged me 4.90 - please refund one. Also Spotify took money again after I cancelled, I want that back too.",
        alice,
      ),
    ).toMatchObject({ reason: "duplicate", merchant: "Coffee Corner", also: { intent: "refund", merchant: "Spotify" } });
  });

  it("claims no second payment the message names only as the right one, owns up to, corrects or does not say is claimed", () => {
    for (const text of [
      "I was charged twice at Coffee Corner, not at the bakery",
      "coffee corner charged me twice, the bakery one is fine",
      "electro mart 1249 isn't mine, city parking 38 was me",
      "city parking charged me 38, no wait I meant the tapas bar",
      "I don't recognise either the electro mart or the city parking payment",
      "Hotel Adler took 180 but I cancelled the booking, refund it. City Parking 38 was me though, both are on my card",
      "Electro Mart 1249 wasn't me, but City Parking 38 I recognise. Both cards are at home",
      "two charges from electro mart 1249 I dont recognise, I only parked at city parking",
    ])
      expect(understandCustomerText(text, alice).also, text).toBeUndefined();
  });
});

describe("a question about what became of a request", () => {
  it.each([
    "ok so what's happening with it then, is it paid or not?",
    "did the money from gadget hub come back already",
    "so what came out of my two claims",
    "why was the orlen one refused?? I have the receipt showing 110",
    "the refund is make already or i must to wait?",
    "hows my refnd goin",
    "czemu odmowa?? mam paragon na 130 zł przecież",
    "Proszę o wskazanie, z jakiego powodu reklamacja nie została uwzględniona.",
    "czyli teraz nie mam już nic otwartego, tak?",
    "thx! is it back on my balance already?",
    "how long it will take?",
    "ok. who is checking it and when will i hear something?",
    "cool thx. when does that money actually land on my account?",
    "so pharmacy one is ok now?",
    "no i co z tym empikiem, bo czkam i czkam a tu cisza",
    "czyli kasa juz jest z powrotem na koncie czy jeszcze mam czekac?",
    "ok and how long is this gonna take? I need that money back before rent is due, not in a month",
    "Who actually decides on this? A real person or a computer? And by when will I know",
    "ok but I'm looking at my card right now and BOTH coffee payments are still there. did you give it back or not?? I'm confused",
    "FINALLY. so the money is back on my account now or what",
    "is the electro mart money on its way to me?",
    "the parking one. why on earth was that one knocked back",
    "why did you say no to the fuel refund when I have the cash receipt??",
    "right so when does the 89 actually land back on my card",
  ])("asks it: %s", (text) => {
    expect(asksAboutOutcome(text)).toBe(true);
  });

  it.each([
    "how long do transfers to Poland take?",
    "what fee did you charge on the tapas payment?",
    "wait did that go through? refund the green grocer one please",
    "jak to odrzucone, przecież to nie ja! zwróćcie mi to",
    "I was charged twice at Coffee Corner",
    "the shop refused my return so I need you to dispute the 89 payment",
    "the merchant rejected my refund request, please dispute the charge from 2 days ago",
    "how long does it take to get a new card?",
    "is the top up done?",
    "i'm done with this bank, how do I close my account?",
    "how long will it take for my new card to arrive",
    "when does the new card arrive",
  ])("does not: %s", (text) => {
    expect(asksAboutOutcome(text)).toBe(false);
  });
});

describe("a card the customer still has, and topics told without their words", () => {
  it.each([
    [
      "honestly no idea what's up. my card sits in my wallet, not lost, nothing, but since this week no machine reacts to it at all. what could be the reason?",
      "knowledge",
    ],
    [
      "Not urgent, my card is right here with me. I'm just wondering: if it ever got stolen while I'm travelling, what would I have to do and how does blocking it work?",
      "knowledge",
    ],
    ["false alarm guys, thought my card was gone but it was in the car the whole time. no need to do anything, all good", "greeting"],
    ["wait my wife took my card that day for the road trip, cancel the orlen claim sorry", "cancel"],
    ["My wife knows the secret number of my card, I want to make new one. How I can do it?", "knowledge"],
    ["metro transit 2.90, the ticket machine took my card payment and spat out nothing", "refund"],
    ["I lost my phone yesterday in a taxi. The card is still in my wallet with me. Do I need to block the card too or only the phone?", "knowledge"],
    [
      "was gonna ask you to cancel my card cause i couldnt find it anywhere but it just turned up in the washing basket lol. never mind, thanks anyway",
      "greeting",
    ],
  ])("stops no card for %j", (text, intent) => {
    expect(understandCustomerText(text, alice).intent, text).toBe(intent);
  });

  it("still stops a card told stolen, or stopped in so many words", () => {
    expect(understandCustomerText("my card wasn't lost, it was stolen", alice).intent).toBe("freeze_card");
    expect(understandCustomerText("my card is right here but someone used it online, block it", alice).intent).toBe("freeze_card");
    expect(understandCustomerText("I lost my phone and my card, do I need to block the card?", alice).intent).toBe("freeze_card");
    for (const text of [
      "So yesterday was my sister's 30th and we ended up in like three different bars, and this morning the card is just... not there. Can you put a hold on it before somebody runs up a tab on me?",
      "wait, actually I don't see the card in my wallet now, maybe I dropped it at the petrol station. block the whole card for now please",
    ])
      expect(understandCustomerText(text, alice).intent, text).toBe("freeze_card");
  });

  it.each([
    ["My card runs out at the end of next month, please send me a new one.", "replace_card", undefined],
    ["the chip on my card is all scratched up and the terminals just refuse to read it. i need a fresh card", "replace_card", undefined],
    ["how much cash can i pull from an atm per day", "limits", undefined],
    ["sent money to my friend in Vienna yesterday and now it says 'failed' next to it. where is my money now?", "knowledge", "failed_transfer"],
    ["can I add money here with card from a different bank, like American Express, or only some types?", "knowledge", "supported_cards_and_currencies"],
    ["i added money this morning from my other card and now it's gone again and it says reversed", "knowledge", "top_up_reverted"],
    ["those cards that only work once, is there a max I can spend with one?", "knowledge", "disposable_card_limits"],
    ["I would like to replace the four-digit number I use with my card by a new one", "knowledge", "change_pin"],
    ["lol it was in my coat pocket. undo that pls", "unfreeze_card", undefined],
    ["oh wait they're refunding it themselves. pull my request back please", "cancel", undefined],
  ])("reads %j", (text, intent, category) => {
    expect(understandCustomerText(text, alice)).toMatchObject({ intent, ...(category && { category }) });
  });

  it("takes no day from when the customer wants the matter done", () => {
    expect(understandCustomerText("just refund the gadget hub charge again please, i want it sorted today", bob).date).toBeUndefined();
  });
});

describe("a fifth round of phrasings from new development turns", () => {
  it.each([
    ["until the new one comes, how much is max cash from atm per day?", "limits", undefined],
    ["whats the most I can pull out of a cash machine in one go, like per day", "limits", undefined],
    ["is there a max for internet purchases on my card? dont want it to bounce at checkout", "limits", undefined],
    ["ok and whats the monthly cap overall", "limits", undefined],
    ["what's the max top up per day", "knowledge", "top_up_limits"],
    ["ok thank u so much, my heart is still racing", "greeting", "thanks"],
    ["sorry for the drama, thanks a lot!", "greeting", "thanks"],
    ["this not help. can some person from bank look at this", "handover", undefined],
    ["hmm wait, maybe my son bought some game thing with it. pls take that claim back, I ask him first", "cancel", undefined],
    ["wait, actually my wife used my card there for her medicine. can you undo that?", "cancel", undefined],
    ["I dont like give my main card number to internet shops. can i create other card number only for online?", "knowledge", "getting_virtual_card"],
    ["I still have a debit card from my old bank. is there a way to put that card into your app so I see it there next to yours?", "knowledge", "card_linking"],
    ["my company is sending me to Toronto for two years. can I keep using my account while I live over there?", "knowledge", "country_support"],
    ["I'm thinking about keeping part of my savings in swiss francs. is that something the account can do?", "knowledge", "fiat_currency_support"],
    ["also which atms can i use to take cash out, going on a trip", "knowledge", "atm_support"],
    [
      "cant get into the app anymore, it wants the 6 digit code I made when I signed up and I have no idea what it was. not the card pin, the app one",
      "knowledge",
      "passcode_forgotten",
    ],
    ["and the top up 50 which i send by transfer today, it stuck?", "pending", undefined],
    ["yo whats up with my refunds", "status", undefined],
    ["did my refund get approved? I got some kind of update notification", "status", undefined],
    ["so there is no refund going on for me at all? not even one?", "status", undefined],
    [
      "I was in Zurich on the weekend and noticed a small fee next to a shop payment I made there. Why is there a fee?",
      "knowledge",
      "card_payment_fee_charged",
    ],
    ["actually scratch the grocer thing, they just emailed me saying they'll refund it themselves. please pull that claim back", "cancel", undefined],
    [
      "I was on the tram and someone lifted my phone out of my pocket. My card is still in my wallet, it's just the phone that's missing. What should I do now?",
      "knowledge",
      "lost_or_stolen_phone",
    ],
    [
      "Dear Sir or Madam, this afternoon a cash machine dispensed a smaller amount than I had requested, while the full amount was deducted from my account. Could you please advise how to proceed? Kind regards, Alice Novak",
      "knowledge",
      "wrong_amount_of_cash_received",
    ],
    ["someone nicked my bag on the tram and my card was in it!!! block it NOW please", "freeze_card", undefined],
  ])("reads %j", (text, intent, category) => {
    expect(understandCustomerText(text, bob)).toMatchObject({ intent, ...(category && { category }) });
  });

  it.each([
    ["jaki jest stan mojego zwrotu?", "status"],
    ["Dziwne, byłem pewien, że coś zgłaszałem. Sprawdź proszę wszystkie moje reklamacje.", "status"],
    ["a moge to jeszcze cofnac? bo pani z kawiarni mowi ze odda mi na miejscu", "cancel"],
    ["zamowilam nowa karte ponad 2 tyg temu i dalej nie przyszla, co jest", "knowledge"],
  ])("reads the Polish %j", (text, intent) => {
    expect(understandCustomerText(text, alice).intent).toBe(intent);
  });

  it("takes a shop typed in lower case before its order, and a second claim added with 'also'", () => {
    expect(understandCustomerText("refund for zalando order i sent it back 2 weeks ago and whats my limit for online", bob)).toMatchObject({
      intent: "refund",
      merchant: "Zalando",
      also: { intent: "limits" },
    });
    expect(understandCustomerText("refund for my order please", bob).merchant).toBeUndefined();
    expect(understandCustomerText("gadget hub 89 not mine and orlen 210 also, i never was at that station", bob).also).toMatchObject({
      intent: "refund",
      merchant: "Orlen Fuel",
    });
    expect(understandCustomerText("gadget hub 89 not mine and orlen 210 I paid myself", bob).also).toBeUndefined();
  });
});

describe("two requests where one is asked of the other's words", () => {
  it("reads a clause beside another request that asks what became of a request as where it stands", () => {
    expect(understandCustomerText("so pharmacy one is ok now? and is there limit how much i can top up in one month", bob)).toMatchObject({
      intent: "status",
      also: { intent: "knowledge", category: "top_up_limits" },
    });
    expect(understandCustomerText("Where I can check if the money is back already? and what is my limit for ATM per day", bob)).toMatchObject({
      intent: "status",
      also: { intent: "limits" },
    });
    // A story beside a help question asks nothing of a request.
    for (const text of [
      "It has been TWO AND A HALF WEEKS since I ordered my card. Nothing. Has it vanished in the post or what is going on with you people?",
      "looked at my card today and the date printed on it is next month. do i have to do something or does a fresh one just show up in the mail?",
      "Quick question - is it possible to freeze my card myself in the app, or do I have to go through you?",
    ])
      expect(understandCustomerText(text, alice).intent, text).not.toBe("status");
  });

  it("takes one of two payments named when the message picks it, and no claim from an owned mistake beside a new claim", () => {
    const picked = understandCustomerText(
      "two things look odd to me: Metro Transit 2.90 and Page & Co 18.99. the first one - I didn't take any train that day",
      alice,
    );
    expect(picked).toMatchObject({ intent: "refund", merchant: "Metro Transit" });
    expect(picked.also).toBeUndefined();
    const claim = understandCustomerText(
      "oh so there isnt one, my bad. then i want to open one: page & co books 18.99, ordered a book like 3 weeks ago it never came. and is there a way to look up my pin in the app",
      alice,
    );
    expect(claim).toMatchObject({ intent: "refund", merchant: "Page & Co Books" });
    expect(claim.also?.intent).not.toBe("cancel");
  });
});

describe("a story told before a help question", () => {
  it.each([
    [
      "Last week I sent money to a mate abroad to pay him back for a holiday. Today there's a fee sitting next to the transfer. I thought transfers with you were free? Why was I charged for it?",
      "transfer_fee_charged",
    ],
    ["Hello, on my statement is some extra charge, small one, not from a shop. What is this kind of charge, please explain me.", "extra_charge_on_statement"],
    [
      "So I was in London last weekend and paid for dinner in pounds, just tapped my card. What came out of my account works out to a worse rate than that. I'm not trying to get money back, I just want to understand what rate you use?",
      "card_payment_wrong_exchange_rate",
    ],
    ["my card just dosent work anywhere since this morning, whats up with it", "card_not_working"],
    [
      "Dear support team, my card has stopped functioning: it is refused at shop terminals whether I insert it or tap it. Could you please help?",
      "card_not_working",
    ],
    ["how do i get one of those one time use virtul cards", "get_disposable_virtual_card"],
    [
      "I was at the checkout of a furniture shop and my card was declined. I ended up paying with cash I had on me. Why would my card payment be declined?",
      "declined_card_payment",
    ],
  ])("answers %j from the help articles, opening no claim", (text, category) => {
    expect(understandCustomerText(text, bob)).toMatchObject({ intent: "knowledge", category });
  });

  it("still takes a claim told beside a question about it", () => {
    expect(understandCustomerText("there's a payment I don't recognise from yesterday. what should I do?", alice).intent).toBe("refund");
    expect(understandCustomerText("Gadget Hub charged me 89 and I never ordered anything. Why is there a fee too?", bob)).toMatchObject({
      intent: "refund",
      merchant: "Gadget Hub",
    });
  });
});

describe("two help questions in one message", () => {
  it("asks a help question joined on as another matter beside the one the message tells", () => {
    expect(
      understandCustomerText("Seriously, my card got declined at the pharmacy AGAIN today. What is going on?? Also I need a second card for my wife.", bob),
    ).toMatchObject({ category: "declined_card_payment", also: { category: "getting_spare_card" } });
    expect(
      understandCustomerText("Hello, I cannot enter the app, I forget my passcode. Also my phone was stolen yesterday in the bus, what I must do?", bob),
    ).toMatchObject({ category: "passcode_forgotten", also: { category: "lost_or_stolen_phone" } });
  });

  it("reads how many one-time cards as their limits, and how to get one as getting one", () => {
    expect(understandCustomerText("whats the max number of single use cards per day", bob).category).toBe("disposable_card_limits");
    expect(understandCustomerText("how do i get one of those one time use virtul cards", bob).category).toBe("get_disposable_virtual_card");
  });
});

describe("what the new readings must not do", () => {
  it.each([
    ["I ordered a new card last week and the card is not there yet", "knowledge"],
    ["I never bought anything at Electro Mart, please reverse it", "refund"],
    ["someone used my card at Electro Mart for 1249, undo that", "refund"],
    ["I don't want a refund for the coffee, that's fine. But Bar Tapas Sol charged me twice, please refund one.", "refund"],
    ["is my new card on its way to me?", "knowledge"],
    ["and the biggest one? not mine either", "refund"],
  ])("reads %j as %s", (text, intent) => {
    expect(understandCustomerText(text, alice).intent).toBe(intent);
  });

  it("freezes no card a hotel put a hold on", () => {
    expect(understandCustomerText("I paid with my card at Hotel Adler and they put a hold on it, how long until it's released?", alice).intent).not.toBe(
      "freeze_card",
    );
  });

  it("claims no shop the customer calls fine, and withdraws nothing the customer only found a receipt for in passing", () => {
    expect(
      understandCustomerText("Electro Mart took 1249 that wasn't me. I shopped at Green Grocer and Sunrise Bakery too that week, those are fine.", alice).also,
    ).toBeUndefined();
    expect(understandCustomerText("czy mogę anulować kartę i zamówić nową?", alice).intent).not.toBe("cancel");
    expect(understandCustomerText("znalazłam paragon z Media Expert, to ja kupiłam. nieważne, dzięki", alice).intent).toBe("cancel");
    expect(understandCustomerText("Zapłaciłem kartą za zamówienie w Empiku i nic nie przyszło", alice).category).not.toBe("card_arrival");
  });
});

describe("cards, limits and second requests told other ways", () => {
  it.each([
    ["Nothing is lost, just asking for the future: can I freeze my card myself in the app, and how?", "knowledge"],
    ["I am going on a cruise next month. Should I lose my card while abroad, what would happen and what ought I to do?", "knowledge"],
    ["My card will expire in two months. Bank will send me new card automatically or I must do something?", "knowledge"],
    ["I should like to place a temporary hold on my card until I have had the opportunity to search the house properly.", "freeze_card"],
    ["I appear to have mislaid my card. Would you please suspend it for the time being?", "freeze_card"],
    ["I think my card slipped out of my coat on the regional train this morning. It's not there.", "freeze_card"],
    ["my card runs out at the end of this month, pls order the replacement now so i'm not left without one", "replace_card"],
    ["My card went through the washing machine, now it is bent. A new one please.", "replace_card"],
    ["Would you be so kind as to tell me the greatest sum I may spend with my debit card in one day?", "limits"],
    ["wat r my card limitz lol", "limits"],
    ["Thank you very much, young man.", "greeting"],
    ["there's 180 from Hotel Adler on my account from last night that hasn't gone through yet - what's going on with it?", "pending"],
  ])("reads %j as %s", (text, intent) => {
    expect(understandCustomerText(text, alice).intent).toBe(intent);
  });

  it("reads a word stressed in capitals as no shop, and a brand in a shop's place as one", () => {
    const stressed = understandCustomerText("I still have no idea what I'm ALLOWED to spend. Daily, ATM, whatever, just give me the numbers.", bob);
    expect(stressed).toMatchObject({ intent: "limits" });
    expect(stressed.merchant).toBeUndefined();
    expect(understandCustomerText("charged twice at LIDL yesterday, refund pls", bob).merchant).toBe("LIDL");
  });

  it("reads someone spending on the card now as a compromised card", () => {
    expect(understandCustomerText("Someone is spending on my card RIGHT NOW, I keep getting notifications!!! Shut it down!!", alice)).toMatchObject({
      intent: "freeze_card",
      category: "compromised_card",
    });
  });

  it("hears the second request joined by 'then', '+', 'too' or after a question of its own", () => {
    expect(understandCustomerText("First tell me my daily limit, then get me a real person, I want to close the account", bob)).toMatchObject({
      intent: "limits",
      also: { intent: "handover" },
    });
    expect(understandCustomerText("green grocer 23.40 refund. forgot app passcode too", alice)).toMatchObject({
      intent: "refund",
      also: { category: "passcode_forgotten" },
    });
    expect(understandCustomerText("typed wrong pin 3 times and now its blockd, how do i unblock it? + is my card visa or mastercard", bob)).toMatchObject({
      category: "pin_blocked",
      also: { category: "visa_or_mastercard" },
    });
    expect(
      understandCustomerText("coffee corner took 4.90 off me twice, i only had one. can u give the extra one back? also how do i change my pin", alice),
    ).toMatchObject({ intent: "refund", also: { category: "change_pin" } });
    expect(
      understandCustomerText(
        "Hotel Adler took 180 off my card last night and I CANCELLED that booking!! I want it back. Also what is my daily spending limit",
        alice,
      ),
    ).toMatchObject({ intent: "refund", merchant: "Hotel Adler", also: { intent: "limits" } });
  });

  it("dates a claim by the payment's day, not by when the customer was travelling", () => {
    const u = understandCustomerText(
      "I was travelling a couple of weeks back and I'm fairly sure one of the payments from about twelve days ago isn't mine",
      alice,
    );
    expect(u.date).toBe("2026-11-18");
  });
});

describe("second requests and statuses told beside a claim", () => {
  it("hears a status question, a withdrawal, a person or an identity check beside another request", () => {
    expect(understandCustomerText("did my refund go through and how do i unblock my pin", bob)).toMatchObject({
      intent: "status",
      also: { category: "pin_blocked" },
    });
    expect(understandCustomerText("is the pharmacy money back? and pls withdraw the kino one, they gave me a voucher instead", bob)).toMatchObject({
      intent: "cancel",
      also: { intent: "status" },
    });
    expect(understandCustomerText("orlen fuel charged 210 but i only filled up for 110, refund the difference and when will i see it", bob)).toMatchObject({
      intent: "refund",
      also: { intent: "status" },
    });
    expect(
      understandCustomerText("Could you tell me my ATM limit, and whether there is a charge for exchanging euros to złoty in the app?", alice),
    ).toMatchObject({ intent: "limits", also: { category: "exchange_charge" } });
    expect(
      understandCustomerText(
        "I dispute the Gadget Hub transaction of 89.00 EUR, which I did not authorise. I would also like to discuss this matter with a human colleague.",
        bob,
      ),
    ).toMatchObject({ intent: "refund", also: { intent: "handover" } });
    expect(
      understandCustomerText("app says it cant verify my identity, 3rd time now and my passport is fine. and why do you even need all this", bob),
    ).toMatchObject({
      intent: "handover",
      category: "unable_to_verify_identity",
    });
  });

  it("reads a question about an item supposed, or a machine that refuses, as the help article", () => {
    expect(
      understandCustomerText("What should I do if I send money and the person say nothing arrived to him, but in app it look completed?", bob),
    ).toMatchObject({
      intent: "knowledge",
      category: "transfer_not_received_by_recipient",
    });
    expect(understandCustomerText("what are the usual reasons you guys reject an outgoing transfer?", alice).category).toBe("declined_transfer");
    expect(understandCustomerText("I want to put in around 20k. Will I run into some cap on adding funds?", alice).category).toBe("top_up_limits");
  });
});

describe("help topics told without their words, and words that name no shop alone", () => {
  it.each([
    ["card purchases in USD - is the conversion the live market rate or some bank rate??", "card_payment_wrong_exchange_rate"],
    ["Which exchange rate do you use for ATM withdrawals in another currency?", "wrong_exchange_rate_for_cash_withdrawal"],
    ["I have no idea what the four digits are. Is there a way to look them up in the app?", "get_physical_card"],
    ["A website only takes one of the two big card brands. Which of them are your cards issued on?", "visa_or_mastercard"],
    ["the app wants me to verify this card first, why is this needed?", "verify_top_up"],
    ["and if the digital card dont go through on some website, what i should check first?", "virtual_card_not_working"],
    ["I want to pay my landlord but your system refuse his account number as receiver. What I can do?", "beneficiary_not_allowed"],
    ["could you explain in which situations the bank refuses to carry out a payment that I send to another account?", "declined_transfer"],
    ["How I can put other PIN number on my card? My wife knows the old one haha", "change_pin"],
    ["sent money to my brother and the app bounced it back with 'declined'. why would a transfer get refused like that?", "declined_transfer"],
    ["some company is taking money from my account through a mandate I don't remember signing. What can I do?", "direct_debit_payment_not_recognised"],
    ["those one-time card numbers - is there a cap on how many I can make or how much goes on each?", "disposable_card_limits"],
    ["If I move money in from my Sparkasse account by transfer, do you take a fee for that?", "top_up_by_bank_transfer_charge"],
    ["The app wants to confirm my other card with some small charge before I can load money from it. How does that work?", "verify_top_up"],
    ["the card in the app gets rejected at every online checkout, while the plastic one works fine", "virtual_card_not_working"],
  ])("reads %j as the %s article", (text, category) => {
    expect(understandCustomerText(text, alice)).toMatchObject({ intent: "knowledge", category });
  });

  it("opens no case for a shop only an everyday word of its name was said of", () => {
    const u = understandCustomerText("There's a cash withdrawal in my history from a machine in a city I have never been to. What am I supposed to do?", alice);
    expect(u).toMatchObject({ intent: "knowledge", category: "cash_withdrawal_not_recognised" });
    expect(u.merchant).toBeUndefined();
    expect(understandCustomerText("the city parking one please", alice).merchant).toBe("City Parking");
  });

  it("unfreezes and freezes nothing when money put in with the card shows up and is taken out again", () => {
    expect(understandCustomerText("The money I put in with my card showed up and then got taken out again a few hours later. Why?", alice).intent).toBe(
      "knowledge",
    );
  });

  it("hears a withdrawal, a status nudge, a wrong payee and an amount billed over what was owed beside another request", () => {
    expect(understandCustomerText("my son just admitted he bought a game there with my card. withdraw that claim, and block the card", bob)).toMatchObject({
      intent: "freeze_card",
      also: { intent: "cancel" },
    });
    expect(understandCustomerText("ok... anything moving on that yet? and while you're at it what's my limit for online shopping", alice)).toMatchObject({
      intent: "status",
      also: { intent: "limits" },
    });
    expect(
      understandCustomerText("omg i put the wrong IBAN on it. please get it back for me. and do you charge a fee for transfers like that?", alice),
    ).toMatchObject({
      intent: "handover",
      category: "cancel_transfer",
      also: { category: "transfer_fee_charged" },
    });
    expect(
      understandCustomerText(
        "I want that 180 refunded. And the 250 I sent my sister Maria this morning is still not gone through either - what's going on with it?",
        alice,
      ),
    ).toMatchObject({ intent: "refund", also: { intent: "pending" } });
    expect(
      understandCustomerText("my son may have used the card for one of those. drop the claim please. and where are they both at right now?", alice),
    ).toMatchObject({
      intent: "cancel",
      also: { intent: "status" },
    });
    expect(understandCustomerText("cancel the gadget one then. is the pharmacy money already on my account?", bob)).toMatchObject({
      intent: "cancel",
      also: { intent: "status" },
    });
    expect(understandCustomerText("Bar Tapas Sol billed 41.50 but the menu prices added up to way less", alice)).toMatchObject({
      intent: "refund",
      merchant: "Bar Tapas Sol",
    });
  });
});

describe("what the cards, limits and second-request readings must not do", () => {
  it.each([
    ["I accidentally froze my card, can you reverse it?", "refund"],
    ["the bank debited 5 from my account for the card delivery, why?", "refund"],
    ["the hotel put a hold on my card for 200 euros, when will it be released?", "freeze_card"],
    ["Why did you put a block on my card? I need it to work", "freeze_card"],
    ["my card dropped out of apple pay after the update, how do I add it again?", "freeze_card"],
    ["I forgot my app passcode. A new one please.", "replace_card"],
    ["Did you already ship a new card to my old address?", "replace_card"],
    ["my card expires in june, should i order a new one or does it come?", "replace_card"],
    ["Do I have to freeze my card first, then order a new one?", "replace_card"],
    ["What happens if I put the wrong IBAN on a transfer?", "handover"],
    ["when will my top-up money arrive?", "status"],
    ["Is something new with it? my card keeps getting declined", "status"],
    ["They charged me 40 but with the exchange rate I expected much less, why is the rate so bad?", "refund"],
  ])("does not read %j as %s", (text, intent) => {
    expect(understandCustomerText(text, alice).intent).not.toBe(intent);
  });

  it.each([
    ["I can't find my account number in the app", "beneficiary_not_allowed"],
    ["My card was issued on 1 March, when does it expire?", "visa_or_mastercard"],
    ["can you confirm the card was cancelled and a new one ordered?", "verify_top_up"],
  ])("does not answer %j with the %s article", (text, category) => {
    expect(understandCustomerText(text, alice).category).not.toBe(category);
  });

  it("keeps the request the message does make", () => {
    expect(understandCustomerText("I took 200 out of my account at the ATM yesterday, what is my daily limit?", alice).intent).toBe("limits");
    expect(understandCustomerText("I don't want to discuss this with a person, just tell me my limit", alice).intent).toBe("limits");
    expect(understandCustomerText("My card was taken from my jacket at the club", alice).intent).toBe("freeze_card");
    expect(understandCustomerText("the hub charged me twice, refund please", bob).merchant).toBe("Gadget Hub");
    expect(understandCustomerText("refund NETFLIX please", alice).merchant).toBe("NETFLIX");
  });
});

describe("statuses, help questions and second requests typed in passing", () => {
  const both = (text: string, ctx = alice) => {
    const u = understandCustomerText(text, ctx);
    return [u.intent, u.also?.intent].sort();
  };

  it.each([
    ["ok so where does that electro mart claim stand now? and freeze the card please, just in case someone has my number", ["freeze_card", "status"]],
    ["ok and where does both stand now, also whats my online limit", ["limits", "status"]],
    ["thx!! and hotel adler 180 from yday evening still pending when it gets booked? plus hows my refund", ["pending", "status"]],
    ["so did i get money back? and now unblock card i changed my phone password all safe", ["status", "unfreeze_card"]],
    ["ok ok and is there any refund of mine in progress rn? and where all i can use my card, also in shops in usa?", ["knowledge", "status"]],
    ["the card is with me all the time actually so pls unblock it, the parking claim keep open whats status of it", ["status", "unfreeze_card"]],
    ["hi again my card is declined in lidl today why and what are my limits", ["knowledge", "limits"]],
    ["how i can change my pin, and wich currencys i can hold in the app", ["knowledge", "knowledge"]],
    ["contactless not work on terminals but chip and pin is ok and also i want know the daily limit maybe thats why", ["knowledge", "limits"]],
    ["i want speak to human agent but before tell me my monthly limit", ["handover", "limits"]],
  ])("%j asks two things", (text, intents) => {
    expect(both(text)).toEqual(intents);
  });

  it.each([
    ["whats happening w/ both now", "status"],
    ["And how does the first matter stand?", "status"],
    ["Good day. I should be grateful to learn whether there is any ceiling on the total I may spend with my card in the course of a month.", "limits"],
    ["Hello, this weekend I want to buy sofa in shop for 1,800 euro with my card. It will go through or card will say no?", "limits"],
    ["can u pause my card for a bit?? my bf keeps 'borrowing' it for takeaways", "freeze_card"],
    ["My card expired last week and nothing new came. I need a card that works, please order one.", "replace_card"],
    ["Hello, yesterday I block my card in app because I think I lose it. Today I find it in my car under seat. Please make it work again.", "unfreeze_card"],
  ])("%j -> %s", (text, intent) => {
    const u = understandCustomerText(text, alice);
    expect(u.intent).toBe(intent);
    expect(u.also).toBeUndefined();
  });

  it("takes a claim beside a question, a person asked for after it, and a second payment told as someone else's bill", () => {
    const cinema = [...BOB, { ...BOB[0]!, id: "b6", merchant: "Kino Atlantic", amountMinor: 2400 }];
    const pin = understandCustomerText("ok also kino atlantic 24 charged but film was cancelled, and my pin how i change it", {
      today: TODAY,
      transactions: cinema,
    });
    expect([pin.intent, pin.merchant, pin.also?.category]).toEqual(["refund", "Kino Atlantic", "change_pin"]);
    const person = understandCustomerText(
      "apteka zdrowie 34.20 they charged but i returned the medicine refund plz and after i want talk with real person about my account",
      bob,
    );
    expect([person.intent, person.merchant, person.also?.intent]).toEqual(["refund", "Apteka Zdrowie", "handover"]);
    const bill = understandCustomerText(
      "Page & Co Books 18.99, the book arrived with half the pages torn. And the tapas bar 41.50 in Spain, that was someone else's bill put on my card",
      alice,
    );
    expect([bill.merchant, bill.also?.merchant]).toEqual(["Page & Co Books", "Bar Tapas Sol"]);
    const waited = understandCustomerText(
      "I have been waiting 40 minutes on your phone line, this is ridiculous. Orlen Fuel took 210 from me a week ago. I want a real person to look at it, not a bot.",
      bob,
    );
    expect([waited.intent, waited.also?.intent]).toEqual(["refund", "handover"]);
  });

  it("answers what happens to a card a machine kept from someone else, and the new card's questions", () => {
    const story =
      "my colleague told me a cash machine in Porto just kept her card and she spent half her holiday without it. What happens if that happens to me?";
    expect(understandCustomerText(story, alice)).toMatchObject({ intent: "knowledge", category: "card_swallowed" });
    expect(understandCustomerText("the atm kept my card, block it", alice).intent).toBe("freeze_card");
    expect(understandCustomerText("How long am I going to be stuck without a card then?", alice).category).toBe("card_delivery_estimate");
    expect(understandCustomerText("When it arrives, must I do anything to it before I may pay with it?", alice).category).toBe("activate_my_card");
  });

  it("reads 'w/' as English", () => {
    expect(languageOfMessage("whats happening w/ both now")).toBe("en");
    expect(languageOfMessage("w sklepie")).toBe("pl");
  });

  it("asks nothing of a loss told as done, nor of how the customer found out", () => {
    expect(understandCustomerText("I froze my card yesterday, is that done?", alice).intent).not.toBe("status");
    expect(understandCustomerText("the parking charge is wrong, that's how I found out", alice).intent).toBe("refund");
  });
});

describe("a limit asked again in a word", () => {
  it.each(["ATM?", "Online too.", "and for contactless?"])("%j after the card's limits asks about the limits", (text) => {
    const turns: ChatTurn[] = [
      { role: "customer", text: "Daily spending cap on my card?" },
      { role: "agent", text: "Here are your card limits: daily 1,500.00 EUR." },
      { role: "customer", text },
    ];
    expect(understandLatest(turns, { today: TODAY, transactions: BOB }).intent).toBe("limits");
  });
});

describe("an answer to 'which payment?' with more beside it, and the same told of another shop", () => {
  const convo = (...texts: string[]): ChatTurn[] => texts.map((text, i) => ({ role: i % 2 === 0 ? "customer" : "agent", text }));

  it("takes the payment the first clause picks and the request the rest makes", () => {
    const turns = convo(
      "the 4.90 payment is wrong and I want my money back",
      "I found 3 payments that could match: 1. Coffee Corner 2. Coffee Corner 3. Sunrise Bakery. Which one is it?",
      "the bakery one. and whats the monthly limit btw",
    );
    const u = understandLatest(turns, alice);
    expect([u.intent, u.merchant, u.also?.intent]).toEqual(["refund", "Sunrise Bakery", "limits"]);
  });

  it("claims the shop a customer tells the same happened at", () => {
    const turns = convo(
      "Green Grocer took 23.40 yesterday for a delivery they cancelled. Want it back pls",
      "I've refunded the Green Grocer payment.",
      "oh and exactly the same thing happened with my Zalando order",
    );
    expect(understandLatest(turns, alice)).toMatchObject({ intent: "refund", merchant: "Zalando" });
  });

  it("settles on the payment a customer corrects to, 'that was a car park'", () => {
    const parking = ALICE.map((t) => ({ ...t, mcc: t.merchant === "City Parking" ? "7523" : t.merchant === "Bar Tapas Sol" ? "5813" : undefined }));
    const text =
      "I want to dispute the tapas place one... no, sorry, I'm mixing them up, the afternoon one, that was a car park in Germany and I was on a beach in Spain that day.";
    expect(understandCustomerText(text, { today: TODAY, transactions: parking }).merchant).toBe("City Parking");
  });
});

describe("a review's length asked, a shop that never gave money back, a card back beside a PIN", () => {
  it.each([
    ["how long will the parking one take then? and I'd like to speak to a real person about the hotel money", ["handover", "status"]],
    ["ok so how long does that review take? and send me a new card with a different number, this one's clearly been copied", ["replace_card", "status"]],
    ["Did Zalando take 59.99 from me? Haven't ordered anything from them ever. Also what's my online limit", ["limits", "refund"]],
    [
      "false alarm, it had slipped under the car seat. switch it back on pls. also I mistyped my PIN 3 times at the parking machine earlier, is it locked now?",
      ["knowledge", "unfreeze_card"],
    ],
  ])("%j asks two things", (text, intents) => {
    const u = understandCustomerText(text, alice);
    expect([u.intent, u.also?.intent].sort()).toEqual(intents);
  });

  it("claims money a shop never gave back, and unfreezes nothing for a PIN", () => {
    const u = understandCustomerText("then Apteka Zdrowie 34.20 on the 28th, paid but they didnt have the medicine and never gave it back", bob);
    expect([u.intent, u.merchant]).toEqual(["refund", "Apteka Zdrowie"]);
    expect(understandCustomerText("I typed my PIN wrong three times and now it's blocked. can i unblock it?", alice).intent).not.toBe("unfreeze_card");
    expect(understandCustomerText("how long will the new card take to arrive?", alice).intent).not.toBe("status");
  });
});

describe("what the readings typed in passing must not do", () => {
  const convo = (...texts: string[]): ChatTurn[] => texts.map((text, i) => ({ role: i % 2 === 0 ? "customer" : "agent", text }));

  it("asks where a claim stands with 'is that done' only after a claim", () => {
    expect(
      understandLatest(
        convo("coffee corner charged me twice, refund one", "Your request is with an operator.", "wait so is that done already or do i have to wait"),
        alice,
      ).intent,
    ).toBe("status");
    expect(understandLatest(convo("freeze my card please", "I've frozen your card ending 4242.", "is that done?"), alice).intent).not.toBe("status");
  });

  it.each([
    ["please unfreeze my card and can I freeze my husband's card instead, he lost it", "freeze_card"],
    ["please unblock my debit card. and can I block my credit card, it was stolen", "freeze_card"],
    ["can we block the card again? we unblocked it yesterday but it's missing again", "freeze_card"],
  ])("keeps the freeze asked beside an unfreeze: %j", (text, intent) => {
    const u = understandCustomerText(text, alice);
    expect([u.intent, u.also?.intent]).toContain(intent);
  });

  it.each([
    ["I haven't ordered my new card yet, can you send one?", "refund"],
    ["I haven't used my card in months, is it still active?", "refund"],
    ["I haven't made the transfer yet, can I still change the amount?", "refund"],
    ["I haven't ever used contactless, how does it work?", "refund"],
    ["can I pay someone else's bill with my card?", "refund"],
    ["I paid the gym and my membership got cancelled, will I be charged next month?", "refund"],
    ["I paid the deposit to my landlord and he won't give it back, can the bank help?", "refund"],
    ["can I pause card payments abroad but keep it working at home?", "freeze_card"],
    ["pause my card's online payments please", "freeze_card"],
    ["I have two cards now, my old card and a new one", "replace_card"],
    ["The app shows my old card and a new card", "replace_card"],
    ["found my card behind the sofa. I typed the wrong PIN three times and now it's locked, can you unlock it?", "unfreeze_card"],
    [
      "had a few drinks and got my pin wrong too many times at the bar. now its blocked. can i unblock it from the app or do i need a new card?",
      "unfreeze_card",
    ],
    ["what's going on with these charges from Coffee Corner, I only had one coffee", "status"],
    ["what's up with these fees on my statement?", "status"],
    ["how long does the identity check take?", "status"],
    ["how long will the replacement one take to come?", "status"],
    ["has it arrived yet? I ordered a new card last week", "status"],
    ["did it come through? I sent 200 to my sister", "status"],
    ["has it been done? I asked you to change my address", "status"],
    ["what's the maximum fee I pay for a transfer abroad?", "limits"],
    ["is there a maximum cashback I can get when I pay by card?", "limits"],
    ["I want to pay my rent of 900 by transfer today, will it go through before Friday?", "limits"],
  ])("does not read %j as %s", (text, intent) => {
    const u = understandCustomerText(text, alice);
    expect(u.intent).not.toBe(intent);
    expect(u.also?.intent).not.toBe(intent);
  });

  it.each(["ATM fees?", "contactless broken", "ATM broken"])("reads %j after the limits as its own question", (text) => {
    const turns = convo("Daily spending cap on my card?", "Here are your card limits: daily 1,500.00 EUR.", text);
    expect(understandLatest(turns, alice).intent).not.toBe("limits");
  });
});

describe("fees told in a neighbour's words", () => {
  it.each([
    ["Topping up with my other bank's debit card - any fee?", "top_up_by_card_charge"],
    ["is there a fee to top up from my other bank account by transfer?", "top_up_by_bank_transfer_charge"],
    [
      "With my old bank every payment in a foreign currency came with a little surcharge. Do you add anything when I pay in a currency other than euro?",
      "exchange_charge",
    ],
  ])("%j -> the %s article", (text, category) => {
    expect(understandCustomerText(text, alice)).toMatchObject({ intent: "knowledge", category });
  });
});
