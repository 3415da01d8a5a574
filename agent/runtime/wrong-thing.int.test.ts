import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { getOpenHandoverByThread } from "@/db/queries/handovers";
import { getApprovalByCase } from "@/db/queries/approvals";
import { getCaseByTransaction, listCasesByCustomer } from "@/db/queries/cases";
import { agentHarness, TENANT } from "../../test/agent-support";

const h = agentHarness();
beforeEach(() => h.freshStart());
afterAll(() => h.pool.end());

const VISTULA = "vistula-bank";

async function say(threadId: string, text: string, customer: string, tenantId = TENANT) {
  const turn = await h.say(threadId, text, customer, tenantId);
  if (turn.kind !== "ok") throw new Error(`turn was ${turn.kind}`);
  return turn;
}

/** Where the request about a payment stands. */
async function approvalStatus(transactionId: string) {
  const kase = await getCaseByTransaction(h.db, TENANT, transactionId);
  return kase ? (await getApprovalByCase(h.db, TENANT, kase.id))?.status : undefined;
}

/** The payments the customer has a case about, sorted. */
async function claimed(customer: string, tenantId = TENANT) {
  return (await listCasesByCustomer(h.db, tenantId, customer)).map((r) => r.case.transactionId).sort();
}

describe("a message that only seems to ask for an action acts on nothing", () => {
  it("offers both payments of 'either the fuel or the pharmacy' and opens no case", async () => {
    const thread = await h.newThread("cust-bob");
    const turn = await say(thread, "my wife says one of our card payments last week was a scam, either the fuel or the pharmacy. can u refund it", "cust-bob");
    expect(turn.caseId).toBeUndefined();
    expect(turn.reply).toContain("Orlen Fuel");
    expect(turn.reply).toContain("Apteka Zdrowie");
    expect(await claimed("cust-bob")).toEqual([]);
  });

  it("claims the cheaper of two shops named side by side, then the dearer one on 'teraz ta droższa'", async () => {
    const thread = await h.newThread("cust-piotr", VISTULA);
    await say(thread, "Mam dwie dziwne płatności: Orlen i Apteka Gemini, obie nie moje. Zacznijmy od tańszej", "cust-piotr", VISTULA);
    expect(await claimed("cust-piotr", VISTULA)).toEqual(["tx-piotr-pharmacy"]);
    await say(thread, "teraz ta droższa", "cust-piotr", VISTULA);
    expect(await claimed("cust-piotr", VISTULA)).toEqual(["tx-piotr-fuel", "tx-piotr-pharmacy"]);
  });

  it("cancels nothing for a question whether a request still goes on, after another was cancelled", async () => {
    const thread = await h.newThread("cust-bob");
    await say(thread, "Gadget Hub charged 89 but order never shipped", "cust-bob");
    await say(thread, "Orlen Fuel 210 also wrong, i paid only 150", "cust-bob");
    const cancel = await say(thread, "scratch the orlen one, found my receipt and it was 210 after all", "cust-bob");
    expect(cancel.reply).toMatch(/cancelled your refund request for the Orlen Fuel payment/);
    const status = await say(thread, "and the gadget one is still going right?", "cust-bob");
    expect(status.reply).toMatch(/Gadget Hub payment of 89.00 EUR is with one of our operators/);
    expect(await approvalStatus("tx-bob-gadget")).toBe("pending");
  });

  it("never cancels another request when the one named to cancel has none", async () => {
    const thread = await h.newThread();
    await say(thread, "electro mart 1,249 on monday, I returned the tv and they never paid me back", "cust-alice");
    await say(thread, "actually forget the parking one, found the receipt, it was mine after all. where is the electro mart one at?", "cust-alice");
    expect(await approvalStatus("tx-alice-electro")).toBe("pending");
  });

  it("orders no card for one that arrived, freezes none for someone else's stolen details, hands nobody over on 'wrong wrong wrong'", async () => {
    const before = await h.calls();
    const thread = await h.newThread();
    const activate = await say(
      thread,
      "Good afternoon,\nI received my replacement card yesterday. Could you please tell me what I need to do to activate it?\nKind regards,\nA. Novak",
      "cust-alice",
    );
    expect(activate.reply).not.toMatch(/ordered a replacement/);
    const virtual = await say(
      thread,
      "after my neighbour had her details stolen from a webshop I don't want to type my normal card number online anymore. do you offer virtual cards?",
      "cust-alice",
    );
    expect(virtual.reply).not.toMatch(/frozen/);
    expect((await h.calls()).cards).toBe(before.cards);
    const other = await h.newThread();
    await say(other, "wrong wrong wrong", "cust-alice");
    expect(await getOpenHandoverByThread(h.db, TENANT, other)).toBeNull();
  });
});

describe("a shop, a machine or a card the words do not name is never acted on", () => {
  it("refunds no other payment of the day for a shop the customer has no payment with ('my Lidl shopping')", async () => {
    const thread = await h.newThread();
    const turn = await say(thread, "Please refund my Lidl shopping from yesterday, half the strawberries were mouldy", "cust-alice");
    expect(turn.caseId).toBeUndefined();
    expect(turn.reply).toContain("Lidl");
    expect(await claimed("cust-alice")).toEqual([]);
  });

  it("freezes no card when a cash machine took money and gave no cash, and orders none for a question about an expiring card", async () => {
    const before = await h.calls();
    const atm = await say(
      await h.newThread("cust-bob"),
      "ATM Centrum yesterday: took 100 from my card but the money never came out of the slot. I want it returned.",
      "cust-bob",
    );
    expect(atm.reply).toMatch(/isn't booked yet/);
    const expiring = await say(
      await h.newThread(),
      "My card runs out next month. Will you send a new one on your own or do I have to do something?",
      "cust-alice",
    );
    expect(expiring.reply).not.toMatch(/ordered a replacement/);
    expect((await h.calls()).cards).toBe(before.cards);
    expect(await claimed("cust-bob")).toEqual([]);
  });
});

describe("an item not booked yet, asked about while a claim waits for an operator", () => {
  it("is explained, never taken for the waiting claim, and opens nothing", async () => {
    const thread = await h.newThread();
    const claim = await say(thread, "Electro Mart 1249, I returned the TV the next day and they never paid me back", "cust-alice");
    expect(claim.status).toBe("awaiting_approval");
    const asked = await say(thread, "while that one is waiting, whats going on with the hotel adler 180?", "cust-alice");
    expect(asked.reply).toMatch(/Card payment to Hotel Adler, 180.00 EUR, pending since/);
    const refund = await say(thread, "can you refund that hotel one too? they charged the deposit as if it was the full price", "cust-alice");
    expect(refund.reply).toMatch(/Hotel Adler of 180.00 EUR from .* isn't booked yet/);
    expect(refund.reply).not.toMatch(/I already have this one/);
    expect(await claimed("cust-alice")).toEqual(["tx-alice-electro"]);
    expect(await approvalStatus("tx-alice-electro")).toBe("pending");
  });
});

describe("the conversation's language, while a claim waits", () => {
  it("answers a message that says nothing of its language in the language the customer wrote before", async () => {
    const thread = await h.newThread("cust-bob");
    const claim = await say(thread, "Gadget Hub pobrał 89 euro, nie moja płatność", "cust-bob");
    expect(claim.status).toBe("awaiting_approval");
    const named = await say(thread, "gadget hub", "cust-bob");
    expect(named.reply).toMatch(/Gadget Hub/);
    expect(named.reply).toMatch(/prośb|konsultant/);
  });
});
