import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { listCasesByCustomer, upsertCase } from "@/db/queries/cases";
import { agentHarness, TENANT } from "../../test/agent-support";

const h = agentHarness();
beforeEach(() => h.freshStart());
afterAll(() => h.pool.end());

/** The transactions alice's cases are about. */
async function casesOf(customerId = "cust-alice") {
  return (await listCasesByCustomer(h.db, TENANT, customerId)).map((row) => row.case.transactionId);
}

async function ask(text: string, customerId = "cust-alice") {
  const threadId = await h.newThread(customerId);
  const result = await h.say(threadId, text, customerId);
  if (result.kind !== "ok") throw new Error(`the turn ended ${result.kind}`);
  return { threadId, reply: result.reply };
}

describe("a case is opened only for a payment the customer named or confirmed", () => {
  it("opens no case for a payment not booked yet, however the customer asks, and says when it will be booked", async () => {
    const asks = [
      "i dont recognise the hotel adler charge from yesterday",
      "please refund the 180 euros Hotel Adler took",
      "cancel the transfer to maria novak, wrong amount",
    ];
    for (const text of asks) {
      const { reply } = await ask(text);
      expect(reply, text).toMatch(/isn't booked yet/);
      expect(reply, text).toMatch(/should be booked by \d+ \w+/);
    }
    expect(await casesOf()).toEqual([]);
  });

  it("explains bob's cash withdrawal and top-up not booked yet, and opens nothing", async () => {
    for (const text of ["the atm withdrawal of 100 yesterday, i never got the cash, refund it", "refund my top-up please"]) {
      const { reply } = await ask(text, "cust-bob");
      expect(reply, text).toMatch(/isn't booked yet/);
    }
    expect(await casesOf("cust-bob")).toEqual([]);
  });

  it("keeps the item not booked yet in view: 'refund it' after it is explained again, not a case", async () => {
    const { threadId } = await ask("I want my money back from Hotel Adler");
    const again = await h.say(threadId, "can you refund it?", "cust-alice");
    expect(again.kind === "ok" && again.reply).toMatch(/Hotel Adler.*isn't booked yet/);
    expect(await casesOf()).toEqual([]);
  });

  it("while a request waits for an operator, takes up another payment asked about, explains one not booked yet, says the first still waits, and opens nothing for it", async () => {
    const { threadId, reply } = await ask("I don't recognise the Electro Mart payment of 1,249.00");
    expect(reply).toMatch(/with one of our operators/);
    const other = await h.say(threadId, "and Green Grocer took 23.40 from me, that wasn't me either", "cust-alice");
    expect(other).toMatchObject({ kind: "ok", status: "awaiting_approval" });
    expect(other.kind === "ok" && other.reply).toMatch(/Green Grocer.*23\.40 EUR/s);
    expect(other.kind === "ok" && other.reply).toContain(
      "Your earlier refund request for the Electro Mart payment of 1,249.00 EUR is still with one of our operators.",
    );
    const pending = await h.say(threadId, "also refund the Hotel Adler charge please", "cust-alice");
    expect(pending.kind === "ok" && pending.reply).toMatch(
      /Hotel Adler of 180\.00 EUR .* isn't booked yet.*Electro Mart payment of 1,249\.00 EUR is still with one of our operators/s,
    );
    expect((await casesOf()).sort()).toEqual(["tx-alice-electro", "tx-alice-grocer"]);
  });

  it("names the shop it cannot find, offers the nearest payments, and opens the one the customer then picks", async () => {
    const { threadId, reply } = await ask("IKEA charged me 2x for the same shelf", "cust-bob");
    expect(reply).toContain("I can't find a payment to IKEA on your card");
    expect(reply).toMatch(/1\. Gadget Hub/);
    expect(await casesOf("cust-bob")).toEqual([]);
    const picked = await h.say(threadId, "the first one", "cust-bob");
    expect(picked.kind === "ok" && picked.reply).toMatch(/Gadget Hub/);
    expect(await casesOf("cust-bob")).toEqual(["tx-bob-gadget"]);
  });

  it("refuses in the database to open a case about an item not booked yet or another customer's payment", async () => {
    const threadId = await h.newThread("cust-alice");
    const claim = { tenantId: TENANT, threadId, customerId: "cust-alice", reason: "other" as const, currency: "EUR" };
    expect(await upsertCase(h.db, { ...claim, transactionId: "tx-alice-hotel-pending", amountMinor: 18_000 })).toBeNull();
    expect(await upsertCase(h.db, { ...claim, transactionId: "tx-bob-gadget", amountMinor: 8_900 })).toBeNull();
    expect((await upsertCase(h.db, { ...claim, transactionId: "tx-alice-bakery", amountMinor: 490 }))?.transactionId).toBe("tx-alice-bakery");
    expect(await casesOf()).toEqual(["tx-alice-bakery"]);
  });
});
