import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { getApprovalByCase } from "@/db/queries/approvals";
import { getCaseByTransaction, listCasesByCustomer } from "@/db/queries/cases";
import { getOpenHandoverByThread } from "@/db/queries/handovers";
import { getThreadById, listThreadsBeside } from "@/db/queries/threads";
import { agentHarness, TENANT } from "../../test/agent-support";

const h = agentHarness();
beforeEach(() => h.freshStart());
afterAll(() => h.pool.end());

const VISTULA = "vistula-bank";

async function approvalOf(transactionId: string, tenantId = TENANT) {
  const kase = await getCaseByTransaction(h.db, tenantId, transactionId);
  return kase ? getApprovalByCase(h.db, tenantId, kase.id) : null;
}

async function say(threadId: string, text: string, customerId: string, tenantId = TENANT) {
  const result = await h.say(threadId, text, customerId, tenantId);
  if (result.kind !== "ok") throw new Error(`"${text}" ended ${result.kind}`);
  return result;
}

/** A conversation whose first request waits for an operator. */
async function waitingOn(text: string, customerId: string, tenantId = TENANT) {
  const threadId = await h.newThread(customerId, tenantId);
  expect(await say(threadId, text, customerId, tenantId)).toMatchObject({ status: "awaiting_approval" });
  return threadId;
}

describe("a claim about another payment while a request waits for an operator", () => {
  it("is taken up beside the conversation, says the first still waits, and its decision is told in the conversation", async () => {
    const threadId = await waitingOn("I don't recognise the Electro Mart payment of 1,249.00", "cust-alice");
    const second = await say(threadId, "and the city parking 38 eur wasn't me either", "cust-alice");
    expect(second.status).toBe("awaiting_approval");
    expect(second.reply).toMatch(
      /City Parking payment of 38\.00 EUR is with one of our operators.*earlier refund request for the Electro Mart payment of 1,249\.00 EUR is still with one of our operators/s,
    );
    const [beside] = await listThreadsBeside(h.db, TENANT, threadId);
    expect(beside).toMatchObject({ parentThreadId: threadId, customerId: "cust-alice", status: "awaiting_approval" });
    const parking = (await getCaseByTransaction(h.db, TENANT, "tx-alice-parking"))!;
    expect(parking.threadId).toBe(beside!.id);
    expect(second.caseId).toBe(parking.id);

    const approval = (await approvalOf("tx-alice-parking"))!;
    await h.decide(approval, "olga");
    expect(await h.ledgerRows(parking.id), "the parking refund, paid once").toHaveLength(1);
    const told = (await h.transcript(threadId)).at(-1)!;
    expect(told.role).toBe("agent");
    expect(told.text).toMatch(/City Parking/);
    expect((await approvalOf("tx-alice-electro"))?.status, "the first request still waits").toBe("pending");
    expect((await getThreadById(h.db, TENANT, threadId))?.status).toBe("awaiting_approval");
    expect(await h.ledgerRows(), "nothing else paid").toHaveLength(1);
  });

  it("reads the message after the conversation so far: 'same for the cinema one' is a claim about that payment", async () => {
    const threadId = await waitingOn("gadget hub charged 89 for a speaker that never came", "cust-bob");
    const second = await say(threadId, "same for the cinema one, the show was cancelled", "cust-bob");
    expect(second.reply).toMatch(/Kino Atlantic.*Gadget Hub payment of 89\.00 EUR is still with one of our operators/s);
    const cinema = (await getCaseByTransaction(h.db, TENANT, "tx-bob-cinema"))!;
    expect(cinema.threadId).not.toBe(threadId);
    const approval = (await approvalOf("tx-bob-cinema"))!;
    expect(approval, "the cinema claim goes to an operator too while the first waits").toMatchObject({ status: "pending", mode: "operator" });
    expect(approval.policyReason).toMatch(/waiting for an operator's decision/);
    expect((await approvalOf("tx-bob-gadget"))?.status, "the first request still waits").toBe("pending");
    expect(await h.ledgerRows(), "nothing paid before an operator decides").toHaveLength(0);
  });

  it("answers where requests stand with the customer's requests waiting in another conversation too", async () => {
    await waitingOn("I don't recognise the Electro Mart payment of 1,249.00", "cust-alice");
    const threadId = await waitingOn("city parking charged me 38 in germany while i was in spain", "cust-alice");
    const answer = await say(threadId, "where do all my claims stand?", "cust-alice");
    expect(answer.reply).toMatch(/City Parking/);
    expect(answer.reply).toMatch(/Electro Mart/);
    expect(await h.ledgerRows(), "nothing paid").toHaveLength(0);
  });

  it("takes a claim policy would clear alone to an operator while another waits, and a second message about it opens nothing more", async () => {
    const threadId = await waitingOn("I don't recognise the Electro Mart payment of 1,249.00", "cust-alice");
    const first = await say(threadId, "green grocer took 23.40 yesterday, not me", "cust-alice");
    expect(first.reply).toMatch(/Green Grocer.*Electro Mart payment of 1,249\.00 EUR is still with one of our operators/s);
    const again = await say(threadId, "the green grocer 23.40, refund it please", "cust-alice");
    expect(again.reply).toMatch(/Green Grocer/);
    expect(await approvalOf("tx-alice-grocer")).toMatchObject({ status: "pending", mode: "operator" });
    expect(await h.ledgerRows(), "nothing paid before an operator decides").toHaveLength(0);
    expect((await listCasesByCustomer(h.db, TENANT, "cust-alice")).map((r) => r.case.transactionId).sort()).toEqual(["tx-alice-electro", "tx-alice-grocer"]);
  });

  it("stores and answers a resent message once: one thread beside, one case", async () => {
    const threadId = await waitingOn("I don't recognise the Electro Mart payment of 1,249.00", "cust-alice");
    const message = {
      tenantId: TENANT,
      threadId,
      customerId: "cust-alice",
      text: "green grocer 23.40 wasnt me",
      actor: "cust-alice",
      clientMessageId: "resend-0001",
    };
    expect((await h.agent.sendMessage(message)).kind).toBe("ok");
    expect((await h.agent.sendMessage(message)).kind).toBe("duplicate");
    expect(await listThreadsBeside(h.db, TENANT, threadId)).toHaveLength(1);
    expect((await listCasesByCustomer(h.db, TENANT, "cust-alice")).map((r) => r.case.transactionId).sort()).toEqual(["tx-alice-electro", "tx-alice-grocer"]);
    expect(await approvalOf("tx-alice-grocer")).toMatchObject({ status: "pending" });
    expect(await h.ledgerRows()).toHaveLength(0);
  });

  it("lists where both requests stand, asks which one to cancel, and cancels the one named next", async () => {
    const threadId = await waitingOn("orlen fuel 210 wasnt me", "cust-bob");
    await say(threadId, "and the gadget hub one for 89 isn't mine either", "cust-bob");
    const standing = await say(threadId, "where do my claims stand", "cust-bob");
    expect(standing.reply).toMatch(/Gadget Hub.*Orlen Fuel/s);

    const which = await say(threadId, "cancel one of them", "cust-bob");
    expect(which.reply).toMatch(/Which one should I cancel\?/);
    expect(which.reply).not.toMatch(/still with one of our operators/);
    expect((await approvalOf("tx-bob-fuel"))?.status).toBe("pending");
    expect((await approvalOf("tx-bob-gadget"))?.status).toBe("pending");

    const done = await say(threadId, "the fuel one. my wife used the card", "cust-bob");
    expect(done.reply).toMatch(/cancelled your refund request for the Orlen Fuel payment/);
    expect(done.status, "the conversation's own request is closed, so it no longer waits").toBe("idle");
    expect((await approvalOf("tx-bob-fuel"))?.status).toBe("cancelled");
    expect((await approvalOf("tx-bob-gadget"))?.status).toBe("pending");
    expect(await h.ledgerRows()).toHaveLength(0);
  });

  it("cancels the other request when the cancel names it, and leaves the conversation's own waiting", async () => {
    const threadId = await waitingOn("orlen fuel 210 wasnt me", "cust-bob");
    await say(threadId, "gadget hub 89 isn't mine either", "cust-bob");
    const done = await say(threadId, "please cancel the gadget hub request", "cust-bob");
    expect(done.reply).toMatch(
      /cancelled your refund request for the Gadget Hub payment.*Orlen Fuel payment of 210\.00 EUR is still with one of our operators/s,
    );
    expect(done.status).toBe("awaiting_approval");
    expect((await approvalOf("tx-bob-gadget"))?.status).toBe("cancelled");
    expect((await approvalOf("tx-bob-fuel"))?.status).toBe("pending");
  });

  it("asks which request a bare 'cancel that one' means when two wait, and cancels nothing for a payment with no request", async () => {
    const threadId = await waitingOn("orlen fuel 210 wasnt me", "cust-bob");
    await say(threadId, "gadget hub 89 isn't mine either", "cust-bob");
    const which = await say(threadId, "actually cancel that one", "cust-bob");
    expect(which.reply).toMatch(/Which one should I cancel\?/);
    const none = await say(threadId, "please cancel the kino atlantic request", "cust-bob");
    expect(none.reply).not.toMatch(/cancelled your refund request/);
    expect((await approvalOf("tx-bob-fuel"))?.status).toBe("pending");
    expect((await approvalOf("tx-bob-gadget"))?.status).toBe("pending");
  });

  it("tells an operator's question on the second request in the conversation, and takes the customer's answer there", async () => {
    const threadId = await waitingOn("I don't recognise the Electro Mart payment of 1,249.00", "cust-alice");
    await say(threadId, "and the city parking 38 eur wasn't me either", "cust-alice");
    const approval = (await approvalOf("tx-alice-parking"))!;
    const asked = await h.agent.askCustomer({
      tenantId: TENANT,
      approvalId: approval.id,
      actor: "olga",
      role: "operator",
      version: approval.version,
      question: "Were you in Germany that day?",
    });
    expect(asked).toMatchObject({ kind: "ok" });
    expect((await h.transcript(threadId)).at(-1)).toMatchObject({ role: "agent", text: expect.stringContaining("Were you in Germany") });
    const answer = await say(threadId, "No, I was in Madrid all week", "cust-alice");
    expect(answer.reply).toMatch(/passed your answer/);
    expect(await h.decide(approval, "olga")).toMatchObject({ kind: "ok", status: "executed" });
    expect(await h.ledgerRows()).toHaveLength(1);
    expect((await approvalOf("tx-alice-electro"))?.status).toBe("pending");
  });

  it("answers Vistula Bank's customer in Polish", async () => {
    const threadId = await waitingOn("ktos kupil cos w media expert za 3499 zl moja karta", "cust-kasia", VISTULA);
    const second = await say(threadId, "i jeszcze Biedronka z wczoraj, 87,45, tez nie ja", "cust-kasia", VISTULA);
    expect(second.reply).toMatch(/Biedronka.*wcześniejsza prośba o zwrot płatności Media Expert.*nadal czeka/s);
    expect(second.reply).not.toMatch(/\b(?:the|your|request)\b/i);
    expect((await listCasesByCustomer(h.db, VISTULA, "cust-kasia")).map((r) => r.case.transactionId).sort()).toEqual([
      "tx-kasia-electronics",
      "tx-kasia-groceries",
    ]);
  });
});

describe("what else is asked while a request waits for an operator", () => {
  it("hands the conversation to a person asked for beside a repeated claim, and the request still waits", async () => {
    const threadId = await waitingOn("electro mart charged me 1249 and i never bought anything there", "cust-alice");
    const answer = await say(threadId, "i said REFUND THE ELECTRO MART MONEY. get me a real person now", "cust-alice");
    expect(answer.reply).toMatch(/passed your request to a colleague.*Electro Mart payment of 1,249\.00 EUR is with one of our operators/s);
    expect(await getOpenHandoverByThread(h.db, TENANT, threadId), "a handover staff can take").toMatchObject({ reason: "customer_asked" });
    expect((await approvalOf("tx-alice-electro"))?.status).toBe("pending");
    expect(answer.status).toBe("awaiting_approval");
  });

  it("asks which request 'cancel it' means after listing the customer's two waiting requests from two conversations", async () => {
    const threadId = await waitingOn("empik pobral 2x po 249, chce zwrot jednej platnosci", "cust-piotr", VISTULA);
    await waitingOn("orlen 310 zl to nie moja transakcja", "cust-piotr", VISTULA);
    const standing = await say(threadId, "mam teraz dwie sprawy otwarte, na jakim sa etapie?", "cust-piotr", VISTULA);
    expect(standing.reply).toMatch(/Empik/);
    expect(standing.reply).toMatch(/Orlen/);
    const which = await say(threadId, "niech Pan to anuluje", "cust-piotr", VISTULA);
    expect(which.reply).not.toMatch(/anulowa[lł]\p{L}*\s+Twoj/iu);
    expect((await approvalOf("tx-piotr-fuel", VISTULA))?.status).toBe("pending");
    expect((await getCaseByTransaction(h.db, VISTULA, "tx-piotr-books-2")) ?? (await getCaseByTransaction(h.db, VISTULA, "tx-piotr-books-1"))).toMatchObject({
      status: "awaiting_approval",
    });
  });

  it("cancels 'the first request' as the customer made them, and leaves the second waiting", async () => {
    const threadId = await waitingOn("gadget hub 89 eur - nie zamawialem", "cust-bob");
    await say(threadId, "orlen fuel 210 eur tez nie ja", "cust-bob");
    await say(threadId, "pierwszą reklamację anulujcie, drugą zostawcie", "cust-bob");
    expect((await approvalOf("tx-bob-gadget"))?.status).toBe("cancelled");
    expect((await approvalOf("tx-bob-fuel"))?.status).toBe("pending");
    expect(await h.ledgerRows()).toHaveLength(0);
  });

  it("answers thanks as thanks while a request waits, and says it still waits", async () => {
    const threadId = await waitingOn("orlen 310 zl to nie moja transakcja", "cust-piotr", VISTULA);
    const answer = await say(threadId, "dzięki, to tyle", "cust-piotr", VISTULA);
    expect(answer.reply).toMatch(/^Nie ma za co\..*Orlen/s);
    expect(answer.status).toBe("awaiting_approval");
    expect((await approvalOf("tx-piotr-fuel", VISTULA))?.status).toBe("pending");
  });
});

describe("two payments claimed in one message", () => {
  it("takes up the second beside the conversation: two cases, each with its operator, both told in one reply, once however often it is sent", async () => {
    const threadId = await h.newThread("cust-alice");
    const message = {
      tenantId: TENANT,
      threadId,
      customerId: "cust-alice",
      text: "two charges I dont recognise: electro mart 1249 and city parking 38. please open disputes for both",
      actor: "cust-alice",
      clientMessageId: "two-claims-0001",
    };
    const answer = await h.agent.sendMessage(message);
    expect(answer).toMatchObject({ kind: "ok", status: "awaiting_approval" });
    expect(answer.kind === "ok" && answer.reply).toMatch(
      /Electro Mart payment of 1,249\.00 EUR is with one of our operators.*City Parking payment of 38\.00 EUR is with one of our operators/s,
    );
    expect((await h.transcript(threadId)).at(-1)?.text, "the conversation's transcript tells both").toMatch(/Electro Mart.*City Parking/s);
    const [beside] = await listThreadsBeside(h.db, TENANT, threadId);
    const parking = (await getCaseByTransaction(h.db, TENANT, "tx-alice-parking"))!;
    expect(parking.threadId).toBe(beside!.id);
    expect((await getCaseByTransaction(h.db, TENANT, "tx-alice-electro"))?.threadId).toBe(threadId);

    expect((await h.agent.sendMessage(message)).kind, "a resend is the same message").toBe("duplicate");
    expect(await listThreadsBeside(h.db, TENANT, threadId)).toHaveLength(1);
    expect((await listCasesByCustomer(h.db, TENANT, "cust-alice")).map((r) => r.case.transactionId).sort()).toEqual(["tx-alice-electro", "tx-alice-parking"]);
    expect(await h.ledgerRows(), "nothing paid before an operator decides").toHaveLength(0);

    await h.decide((await approvalOf("tx-alice-parking"))!, "olga");
    expect(await h.ledgerRows(parking.id), "the parking refund, paid once").toHaveLength(1);
    expect((await approvalOf("tx-alice-electro"))?.status, "the first request still waits").toBe("pending");
    const standing = await say(threadId, "where do my claims stand?", "cust-alice");
    expect(standing.reply).toMatch(/Electro Mart/);
    expect(standing.reply).toMatch(/City Parking/);
    expect(await h.ledgerRows(), "nothing else paid").toHaveLength(1);
  });

  it("explains a second payment not booked yet beside the first claim's refund, and opens no case for it", async () => {
    const threadId = await h.newThread("cust-alice");
    const answer = await say(
      threadId,
      "Hotel Adler took 180 from me but I cancelled the booking, so refund that. And Page & Co Books charged me 18.99 for a book they never shipped, refund that one too.",
      "cust-alice",
    );
    expect(answer.reply).toMatch(/refunded the Page & Co Books payment of 18\.99 EUR.*Hotel Adler of 180\.00 EUR.*isn't booked yet/s);
    expect((await listCasesByCustomer(h.db, TENANT, "cust-alice")).map((r) => r.case.transactionId)).toEqual(["tx-alice-books"]);
    expect(await h.ledgerRows(), "the books refund, paid once").toHaveLength(1);
  });

  it("opens the second claim of a message sent while a request waits beside the conversation too, where the customer hears its decision", async () => {
    const threadId = await waitingOn("I don't recognise the Electro Mart payment of 1,249.00", "cust-alice");
    const answer = await say(threadId, "two more I don't recognise: city parking 38 and the tapas bar 41.50, please dispute both", "cust-alice");
    expect(answer.reply).toMatch(/City Parking.*Bar Tapas Sol/s);
    const beside = await listThreadsBeside(h.db, TENANT, threadId);
    expect(beside, "both claims sit beside the conversation itself").toHaveLength(2);
    for (const transactionId of ["tx-alice-parking", "tx-alice-tapas"]) {
      const kase = (await getCaseByTransaction(h.db, TENANT, transactionId))!;
      expect(beside.map((t) => t.id)).toContain(kase.threadId);
    }
    const tapas = (await approvalOf("tx-alice-tapas"))!;
    await h.decide(tapas, "olga");
    expect((await h.transcript(threadId)).at(-1)?.text, "the decision is told in the conversation").toMatch(/Bar Tapas Sol/);
    expect(await h.ledgerRows(), "the tapas refund, paid once").toHaveLength(1);
  });

  it("answers Vistula Bank's customer in Polish for both payments", async () => {
    const threadId = await h.newThread("cust-kasia", VISTULA);
    const answer = await say(
      threadId,
      "Nie rozpoznaję dwóch płatności: Media Expert 3499 zł i PKP Intercity 129 zł, proszę zareklamować obie",
      "cust-kasia",
      VISTULA,
    );
    expect(answer.reply).toMatch(/Media Expert.*\n\n.*PKP Intercity/s);
    expect(answer.reply).not.toMatch(/\b(?:the|your|request)\b/i);
    expect((await listCasesByCustomer(h.db, VISTULA, "cust-kasia")).map((r) => r.case.transactionId).sort()).toEqual([
      "tx-kasia-electronics",
      "tx-kasia-train",
    ]);
  });
});
