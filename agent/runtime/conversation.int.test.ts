import { sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { getApprovalByCase } from "../../db/queries/approvals";
import { agentHarness, TENANT } from "../../test/agent-support";

const h = agentHarness();

beforeEach(() => h.freshStart());
afterAll(() => h.pool.end());

async function reply(thread: string, text: string, customer = "cust-alice") {
  const turn = await h.say(thread, text, customer);
  if (turn.kind !== "ok") throw new Error("thread busy");
  return turn;
}

describe("a conversation with the offline model", () => {
  it("asks which payment when the amount matches several, then refunds the one named", async () => {
    const thread = await h.newThread();
    const ask = await reply(thread, "please refund the 4.90 charge");
    expect(ask.reply).toMatch(/Which one do you mean/);
    expect(ask.reply).toContain("Coffee Corner");
    expect(ask.reply).toContain("Sunrise Bakery");
    expect(await h.ledgerRows()).toHaveLength(0);
    const answer = await reply(thread, "the Coffee Corner one, it was taken twice");
    expect(answer.reply).toMatch(/refunded/i);
    expect(await h.ledgerRows(answer.caseId)).toHaveLength(1);
  });

  it("tells what a payment asked about is and claims nothing until the customer says so", async () => {
    const thread = await h.newThread();
    const asked = await reply(thread, "what's this green grocer payment?");
    expect(asked.reply).toMatch(/Green Grocer of 23\.40 EUR.*open a refund request/s);
    expect(asked.caseId).toBeUndefined();
    expect((await h.db.execute(sql`select count(*)::int as n from cases`)).rows[0]).toEqual({ n: 0 });
    expect(await h.ledgerRows(), "nothing paid on a question").toHaveLength(0);
    const claimed = await reply(thread, "i wasn't there, can you refund it");
    expect(claimed.reply).toMatch(/refunded/i);
    expect(await h.ledgerRows(claimed.caseId)).toHaveLength(1);
  });

  it("sends a charge made at home while the customer was abroad to an operator", async () => {
    const thread = await h.newThread();
    const turn = await reply(thread, "City Parking billed me 38 euros but I was on holiday in Spain that day");
    expect(turn.status).toBe("awaiting_approval");
    const approval = await getApprovalByCase(h.db, TENANT, turn.caseId!);
    expect(approval?.policyReason).toMatch(/location_mismatch/);
  });

  it("answers limits, status and a second report of a refunded payment without moving money twice", async () => {
    const thread = await h.newThread();
    expect((await reply(thread, "how much can I spend per day with my card?")).reply).toMatch(/daily limit 1,500.00 EUR/);
    expect((await reply(thread, "what's the status of my refund")).reply).toMatch(/don't have any refund requests/);
    const refunded = await reply(thread, "Coffee Corner took my money two times on the same day!!");
    expect(refunded.reply).toMatch(/refunded/i);
    expect((await reply(thread, "any news on my refund?")).reply).toMatch(/has been paid back/);
    const again = await reply(thread, "I was charged twice at Coffee Corner");
    expect(again.reply).toMatch(/already have this one/);
    expect(await h.ledgerRows()).toHaveLength(1);
  });

  it("asks what the refund is about when the customer gives nothing to go on", async () => {
    const thread = await h.newThread();
    const turn = await reply(thread, "I want a refund");
    expect(turn.reply).toMatch(/Your latest payments:\n1\. Green Grocer, 23\.40 EUR/);
    expect(turn.caseId).toBeUndefined();
    expect(await h.ledgerRows()).toHaveLength(0);
    const picked = await reply(thread, "the first one");
    expect(picked.reply).toMatch(/refunded the Green Grocer payment of 23\.40 EUR/);
    expect(await h.ledgerRows(picked.caseId)).toHaveLength(1);
    // The list shown before still gives "the second one" its meaning after the question was answered.
    const second = await reply(thread, "and can you check the second payment too? I don't recognise it");
    expect(second.caseId).toBeDefined();
    expect(second.caseId).not.toBe(picked.caseId);
    expect(second.reply).toMatch(/Coffee Corner payment of 4\.90 EUR/);
    // A position said about a card is not a payment picked from the list.
    const aboutACard = await reply(thread, "my second card is fine, thanks");
    expect([undefined, second.caseId]).toContain(aboutACard.caseId);
  });

  it("takes the dearest of the payments it listed when the customer points at it by price", async () => {
    const thread = await h.newThread();
    await reply(thread, "I want a refund");
    const first = await reply(thread, "the first one");
    expect(first.reply).toMatch(/Green Grocer/);
    const dearest = await reply(thread, "and the biggest one? not mine either");
    expect(dearest.reply).toMatch(/Electro Mart payment of 1,249\.00 EUR/);
    expect(dearest).toMatchObject({ status: "awaiting_approval" });
    expect(await h.ledgerRows()).toHaveLength(1);
  });

  it("answers a question about the bank's fee on a payment, then claims that payment when asked to refund it", async () => {
    const thread = await h.newThread();
    const asked = await reply(thread, "did you charge me some kind of fee on the Bar Tapas Sol payment? I paid in Spain");
    expect(asked.caseId).toBeUndefined();
    expect(await h.ledgerRows(), "nothing paid on a question about a fee").toHaveLength(0);
    const claimed = await reply(thread, "can you refund it? the bar overcharged me anyway, they added drinks we never had");
    expect(claimed.reply).toMatch(/Bar Tapas Sol payment of 41\.50 EUR/);
    expect(await h.ledgerRows(claimed.caseId)).toHaveLength(1);
  });

  it("answers both help questions of one message, each from its own article", async () => {
    const thread = await h.newThread("cust-bob");
    const turn = await reply(
      thread,
      "do you charge anything for swapping euros to dollars? and how do i actually do the exchange in the app, i cant find the button",
      "cust-bob",
    );
    const cited = [...turn.reply.matchAll(/help article (KB-\d+)/g)].map((m) => m[1]);
    expect(new Set(cited).size).toBe(2);
  });

  it("cancels a waiting request and answers the limits asked in the same message", async () => {
    const thread = await h.newThread();
    expect(await reply(thread, "What is this Electro Mart charge? It wasn't me")).toMatchObject({ status: "awaiting_approval" });
    const turn = await reply(thread, "please cancel my refund request and tell me my card limits");
    expect(turn.reply).toMatch(/cancelled your refund request for the Electro Mart payment/);
    expect(turn.reply).toMatch(/daily limit 1,500.00 EUR/);
    expect(await h.ledgerRows()).toHaveLength(0);
  });

  it("withdraws a request asked to be cancelled beside a new claim before taking the claim up", async () => {
    const first = await h.newThread();
    const waiting = await reply(first, "Electro Mart 1,249 wasn't me");
    expect(waiting).toMatchObject({ status: "awaiting_approval" });
    const thread = await h.newThread();
    const turn = await reply(
      thread,
      "please drop the Electro Mart request, it was my son. And refund the Green Grocer 23.40 from yesterday, the delivery never came",
    );
    expect(turn.reply).toMatch(/refunded the Green Grocer payment of 23\.40 EUR/);
    expect(turn.reply).toMatch(/cancelled your refund request for the Electro Mart payment/);
    expect((await getApprovalByCase(h.db, TENANT, waiting.caseId!))?.status).toBe("cancelled");
    // The claim withdrawn no longer counts against the new one: it is paid at once, once.
    expect(await h.ledgerRows(turn.caseId)).toHaveLength(1);
    expect(await h.ledgerRows()).toHaveLength(1);
    const after = await reply(thread, "cancel that electro mart request too. and Metro Transit 2.90 wasn't me either");
    expect(after.reply).toMatch(/nothing left to cancel/i);
    expect(after).toMatchObject({ status: "awaiting_approval" });
    expect(await h.ledgerRows()).toHaveLength(1);
  });

  it("asks which request to cancel when two wait, though the message also asks about transfers", async () => {
    const thread = await h.newThread();
    expect(await reply(thread, "I want to dispute the Electro Mart 1249, I never bought anything there")).toMatchObject({ status: "awaiting_approval" });
    await reply(thread, "and the tapas bar in spain charged me 41.50 even though I paid that dinner in cash");
    const turn = await reply(thread, "hmm actually cancel the claim. and how long does a transfer to another bank usually take?");
    expect(turn.reply).toMatch(/Which one should I cancel/);
    expect(turn.reply).not.toMatch(/cancelled/);
    const waiting = await h.db.execute(sql`select count(*)::int as n from approvals where status = 'pending'`);
    expect(waiting.rows[0]).toEqual({ n: 2 });
  });

  it("refunds the payment the customer corrects to, not the one offered they named first", async () => {
    const thread = await h.newThread();
    await reply(thread, "I'd like my money back for a small payment from last week please");
    const turn = await reply(thread, "the coffee one - no wait, I meant the metro. coffee was fine, I never took the metro that day");
    expect(turn.reply).toMatch(/refunded the Metro Transit payment/);
    expect(await h.ledgerRows()).toHaveLength(1);
  });

  it("answers how to freeze a card, then freezes it when told to go ahead", async () => {
    const thread = await h.newThread();
    const asked = await reply(thread, "Quick question - is it possible to freeze my card myself in the app, or do I have to go through you?");
    expect(asked.reply).toMatch(/KB-042/);
    expect(asked.reply).not.toMatch(/I've frozen/);
    const done = await reply(thread, "yeah actually go ahead and do it for me, I haven't seen it since thursday");
    expect(done.reply).toMatch(/I've frozen your card ending 4242/);
  });

  it("tells where a request stands when asked about its payment in words no rule knows", async () => {
    const thread = await h.newThread();
    const claimed = await reply(thread, "kino atlantic 24 eur, the screening got cancelled and they never gave the money back", "cust-bob");
    expect(claimed.reply).toMatch(/refunded/i);
    const asked = await reply(thread, "just checking — the cinema money landed or not?", "cust-bob");
    expect(asked.reply).toMatch(/Kino Atlantic/);
    expect(asked.reply).toMatch(/paid back/);
    expect(await h.ledgerRows()).toHaveLength(1);
  });

  it("claims the other of two payments it listed while the first waits for an operator", async () => {
    const thread = await h.newThread();
    const listed = await reply(
      thread,
      "Hello, I would like to contest a card payment from roughly 12 days ago. I was on holiday at that time so something is off.",
    );
    expect(listed.reply).toMatch(/Bar Tapas Sol.*City Parking/s);
    expect(await reply(thread, "the second one")).toMatchObject({ status: "awaiting_approval" });
    const other = await reply(thread, "what about the other one? honestly I don't remember paying that either");
    expect(other.reply).toMatch(/Bar Tapas Sol payment of 41\.50 EUR/);
    const waiting = await h.db.execute(sql`select count(*)::int as n from approvals where status = 'pending'`);
    expect(waiting.rows[0]).toEqual({ n: 2 });
    expect(await h.ledgerRows()).toHaveLength(0);
  });

  it("offers the shops a customer is unsure between, then claims the one picked by price", async () => {
    const thread = await h.newThread();
    const offered = await reply(thread, "i was charged for things i didnt buy, maybe at the fuel station or the gadget shop?? not sure", "cust-bob");
    expect(offered.reply).toMatch(/Gadget Hub.*Orlen Fuel/s);
    expect(offered.reply).not.toMatch(/Book Nook/);
    const picked = await reply(thread, "the cheaper one", "cust-bob");
    expect(picked.reply).toMatch(/Gadget Hub payment of 89\.00 EUR/);
    expect(await h.ledgerRows()).toHaveLength(0);
  });

  it("takes up a payment a status question names when it has no request and the shop never paid back", async () => {
    const thread = await h.newThread("cust-kasia", "vistula-bank");
    const say = async (text: string) => {
      const turn = await h.say(thread, text, "cust-kasia", "vistula-bank");
      if (turn.kind !== "ok") throw new Error("thread busy");
      return turn;
    };
    await say("Biedronka wczoraj 87,45 zł – nie byłam wczoraj w żadnej Biedronce");
    const claimed = await say("Jeszcze PKP Intercity 129 zł. Bilet oddałam w kasie na dworcu, a pieniądze nie wróciły");
    expect(claimed.reply).toMatch(/PKP Intercity/);
    expect(claimed.reply).not.toMatch(/Biedronka/);
  });

  it("tells a waiting customer where the request stands and keeps it waiting", async () => {
    const thread = await h.newThread();
    await reply(thread, "What is this Electro Mart charge? It wasn't me");
    const status = await reply(thread, "what's the status of my refund");
    expect(status).toMatchObject({ status: "awaiting_approval" });
    expect(status.reply).toMatch(/with one of our operators/);
    const limits = await reply(thread, "what are my card limits");
    expect(limits).toMatchObject({ status: "awaiting_approval" });
    expect(limits.reply).toMatch(/daily limit 1,500.00 EUR/);
  });
});

describe("a conversation going in circles", () => {
  it("is handed to a person the third time the same request repeats, and pays only once", async () => {
    const thread = await h.newThread();
    expect((await reply(thread, "I was charged twice at Coffee Corner")).reply).toMatch(/refunded/i);
    expect((await reply(thread, "Coffee Corner charged me twice!")).reply).toMatch(/already have this one/);
    const third = await reply(thread, "coffee corner took my money two times");
    expect(third.reply).toMatch(/passed our conversation to a colleague/);
    const handovers = await h.db.execute<{ id: string; status: string; reason: string; customer_id: string }>(
      sql`select id, status, reason, customer_id from handovers where thread_id = ${thread}`,
    );
    expect(handovers.rows).toEqual([{ id: expect.any(String), status: "open", reason: "stagnation", customer_id: "cust-alice" }]);
    const audit = await h.db.execute<{ action: string }>(sql`select action from audit_events where subject_id = ${handovers.rows[0]!.id}`);
    expect(audit.rows.map((r) => r.action)).toEqual(["handover.requested"]);
    expect(await h.ledgerRows()).toHaveLength(1);
  });
});
