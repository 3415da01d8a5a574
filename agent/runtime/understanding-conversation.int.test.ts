import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { getApprovalByCase } from "../../db/queries/approvals";
import { getCaseByTransaction } from "../../db/queries/cases";
import { agentHarness, TENANT } from "../../test/agent-support";

const h = agentHarness();

beforeEach(() => h.freshStart());
afterAll(() => h.pool.end());

async function reply(thread: string, text: string, customer = "cust-alice") {
  const turn = await h.say(thread, text, customer);
  if (turn.kind !== "ok") throw new Error(`turn was ${turn.kind}`);
  return turn;
}

describe("a customer the agent understands", () => {
  it("takes 'Who is Gadget Hub? 89 EUR left my account and I want it back' as a refund of that payment", async () => {
    const thread = await h.newThread();
    const turn = await reply(thread, "Who is Gadget Hub? 89 EUR left my account and I want it back.", "cust-bob");
    expect(turn.caseId).toBeDefined();
    expect(turn.reply).toContain("Gadget Hub payment of 89.00 EUR");
  });

  it("takes a wrong parking charge while abroad as a refund, and 'has my money been returned yet?' as its status", async () => {
    const thread = await h.newThread();
    const turn = await reply(thread, "the parking charge from city parking is wrong, I was not even in the country");
    expect(turn.caseId).toBeDefined();
    expect(turn.status).toBe("awaiting_approval");
    const other = await h.newThread();
    const status = await reply(other, "has my money been returned yet?");
    expect(status.reply).toBe(
      "Your refund request for the City Parking payment of 38.00 EUR is with one of our operators. I'll let you know here as soon as they decide.",
    );
  });

  it("answers a question from the knowledge base and cites the entry", async () => {
    const thread = await h.newThread();
    const turn = await reply(thread, "How do I activate my new card?");
    expect(turn.reply).toMatch(/Source: help article KB-\d{3}, "[^"]+"\.$/);
    expect(turn.caseId).toBeUndefined();
  });

  it("cancels the request the customer means from a new conversation, and the paused one is told", async () => {
    const first = await h.newThread();
    const pending = await reply(first, "What is this Electro Mart charge? It wasn't me");
    expect(pending.status).toBe("awaiting_approval");
    const second = await h.newThread();
    const approvalBefore = (await getApprovalByCase(h.db, TENANT, pending.caseId!))!;
    const carried = await h.agent.carriedOut(TENANT, approvalBefore.id, 60_000);
    const cancel = await reply(second, "forget it, cancel the refund");
    expect(cancel.reply).toBe("Done: I've cancelled your refund request for the Electro Mart payment of 1,249.00 EUR. Nothing will be paid back for it.");
    const approval = await getApprovalByCase(h.db, TENANT, pending.caseId!);
    expect(approval?.status).toBe("cancelled");
    // The paused conversation is resumed by the job queue, which tells its customer.
    await carried.done;
    const told = await h.transcript(first);
    expect(told.at(-1)?.text).toMatch(/cancelled your refund request for the Electro Mart payment/);
    expect(await h.ledgerRows()).toHaveLength(0);
  });

  it("cancels bob's waiting Gadget Hub request, not an older refunded one", async () => {
    const thread = await h.newThread();
    const books = await reply(thread, "Book Nook charged me twice", "cust-bob");
    expect(books.reply).toMatch(/refunded/);
    const other = await h.newThread();
    const gadget = await reply(other, "I never bought anything at Gadget Hub, 89 EUR", "cust-bob");
    expect(gadget.status).toBe("awaiting_approval");
    const third = await h.newThread();
    const cancel = await reply(third, "please cancel my refund request", "cust-bob");
    expect(cancel.reply).toContain("Gadget Hub payment of 89.00 EUR");
    expect(cancel.reply).toMatch(/^Done: I've cancelled/);
  });

  it("asks which request to cancel when several wait, and cancels 'the second one'", async () => {
    const a = await h.newThread();
    await reply(a, "What is this Electro Mart charge? It wasn't me");
    const b = await h.newThread();
    await reply(b, "City Parking billed me 38 euros but I was on holiday in Spain that day");
    const c = await h.newThread();
    const ask = await reply(c, "cancel my refund request");
    expect(ask.reply).toMatch(/You have 2 refund requests waiting for a decision: .+\. Which one should I cancel\?$/);
    const done = await reply(c, "the second one");
    expect(done.reply).toMatch(/^Done: I've cancelled your refund request for the/);
  });

  it("cancels 'the other' after 'which one?' when the answer rules one out, never the one ruled out", async () => {
    const thread = await h.newThread();
    const electro = await reply(thread, "the Electro Mart charge from last week is not mine");
    const parking = await reply(thread, "City Parking too, 38,00. also not me");
    const ask = await reply(thread, "ugh sorry, please cancel one of them");
    expect(ask.reply).toMatch(/Which one should I cancel\?$/);
    const done = await reply(thread, "not the electro mart one. the other");
    expect(done.reply).toMatch(/^Done: I've cancelled your refund request for the City Parking payment/);
    expect((await getApprovalByCase(h.db, TENANT, parking.caseId!))?.status).toBe("cancelled");
    expect((await getApprovalByCase(h.db, TENANT, electro.caseId!))?.status).toBe("pending");
  });

  it("takes the shop named in an answer to 'which payment?', not a position said of a card in the same message", async () => {
    const thread = await h.newThread();
    await reply(thread, "please refund the 4.90 charge");
    const picked = await reply(thread, "the bakery one. and btw can I order a second card for my partner on my account");
    expect(picked.caseId).toBeDefined();
    expect(picked.reply).toContain("Sunrise Bakery");
    expect(picked.reply).not.toContain("Coffee Corner");
  });

  it("takes the position picked, not a shop the same answer calls fine", async () => {
    const thread = await h.newThread();
    await reply(thread, "please refund the 4.90 charge");
    const picked = await reply(thread, "the first one, the bakery was fine");
    expect(picked.caseId).toBeDefined();
    expect(picked.reply).not.toContain("Sunrise Bakery");
  });

  it("picks 'the second one' from a list of payments", async () => {
    const thread = await h.newThread();
    const ask = await reply(thread, "please refund the 4.90 charge");
    const second = ask.reply.split("\n").find((l) => l.startsWith("2. "))!;
    const merchant = second.slice(3).split(",")[0];
    const picked = await reply(thread, "the second one");
    expect(picked.reply).toContain(merchant);
    expect(picked.caseId).toBeDefined();
  });

  it("handles two requests in one message", async () => {
    const thread = await h.newThread();
    const turn = await reply(thread, "Coffee Corner charged me twice and also what are my card limits?");
    expect(turn.reply).toMatch(/refunded/i);
    expect(turn.reply).toMatch(/daily limit 1,500.00 EUR/);
  });

  it("resolves amounts written in words", async () => {
    const thread = await h.newThread();
    const turn = await reply(thread, "someone took eighty-nine euros from me at gadget hub, not me", "cust-bob");
    expect(turn.reply).toContain("Gadget Hub payment of 89.00 EUR");
  });

  it("hands what it cannot do to a person", async () => {
    const thread = await h.newThread();
    const turn = await reply(thread, "I want to close my account");
    expect(turn.reply).toMatch(/passed your request to a colleague/);
  });
});

describe("what became of a request, asked in the conversation that made it", () => {
  it("answers 'is it paid or not?' after a refund with where it stands, and a help question after it with the article", async () => {
    const thread = await h.newThread();
    expect((await reply(thread, "green grocer charged me 23.40 yesterday for a bag I never took home")).reply).toMatch(/refunded the Green Grocer payment/);
    const asked = await reply(thread, "ok so what's happening with it then, is it paid or not?");
    expect(asked.reply).toBe("Your refund for the Green Grocer payment of 23.40 EUR has been paid back to your card.");
    const help = await reply(thread, "how long do transfers to Poland take?");
    expect(help.reply).toMatch(/Source: help article KB-\d{3}/);
  });

  it("answers 'why was the orlen one refused??' with that request's decision, whatever amount the message argues", async () => {
    const thread = await h.newThread();
    await reply(thread, "orlen fuel 210 is not mine", "cust-bob");
    await h.decide((await getApprovalByCase(h.db, TENANT, (await getCaseByTransaction(h.db, TENANT, "tx-bob-fuel"))!.id))!, "olga", "rejected");
    const asked = await reply(thread, "why was the orlen one refused?? I have the receipt showing 110", "cust-bob");
    expect(asked.reply).toBe("Your refund request for the Orlen Fuel payment of 210.00 EUR was declined.");
    expect(await h.ledgerRows()).toHaveLength(0);
  });

  it("answers 'what's the state of all of them' while two requests wait with both, not a help article", async () => {
    const thread = await h.newThread();
    await reply(thread, "electro mart 1,249 is not my purchase");
    await reply(thread, "and the city parking 38 eur from 12 days ago, I was in Spain then so that's not me either");
    const asked = await reply(thread, "what's the state of all of them");
    expect(asked.reply).toMatch(/Electro Mart/);
    expect(asked.reply).toMatch(/City Parking/);
    expect(asked.reply).not.toMatch(/Source: help article/);
  });
});
