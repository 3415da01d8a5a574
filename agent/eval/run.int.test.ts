import { afterAll, describe, expect, it } from "vitest";
import { agentHarness } from "../../test/agent-support";
import type { Conversation } from "./dataset";
import { runConversation, runConversations } from "./run";

const h = agentHarness();
afterAll(() => h.pool.end());

const conversation = (id: string, customer: "alice" | "bob", turns: Conversation["turns"]): Conversation => ({ id, customer, turns, file: "inline" });

const duplicateCoffee = conversation("coffee", "alice", [
  { text: "I was charged twice at Coffee Corner", expect: { intent: "refund", transaction: "tx-alice-coffee-2", outcome: "refunded" } },
]);

describe("the conversation runner", () => {
  it("judges each turn by the state the agent left, through the same sendMessage the chat route uses", async () => {
    const verdicts = await runConversation(
      h,
      conversation("mixed", "alice", [...duplicateCoffee.turns, { text: "what are my card limits", expect: { intent: "greeting", outcome: "greeted" } }]),
    );
    expect(verdicts).toHaveLength(2);
    expect(verdicts[0]).toMatchObject({
      turn: 1,
      mismatches: [],
      got: { fresh: true, intent: "refund", transaction: "tx-alice-coffee-2", outcome: "refunded" },
    });
    expect(verdicts[0]!.reply).toMatch(/refunded/i);
    expect(verdicts[1]!.got).toMatchObject({ fresh: true, intent: "limits", outcome: "limits_answered" });
    expect(verdicts[1]!.mismatches).toEqual(["intent greeting != limits", "outcome greeted != limits_answered"]);
    expect(await h.ledgerRows()).toHaveLength(1);
  });

  it("starts every conversation on a freshly seeded database", async () => {
    const verdicts = await runConversations(h, [duplicateCoffee, { ...duplicateCoffee, id: "coffee-again" }]);
    expect(verdicts.map((v) => v.got.outcome)).toEqual(["refunded", "refunded"]);
    expect(await h.ledgerRows()).toHaveLength(1);
  });

  it("fills in the seed's dates and carries out operator decisions between turns", async () => {
    const verdicts = await runConversation(
      h,
      conversation("gadget", "bob", [
        { text: "the gadget hub payment on {weekday:2} wasn't me", expect: { intent: "refund", transaction: "tx-bob-gadget", outcome: "review" } },
        { operator: "approve", transaction: "tx-bob-gadget" },
        { text: "what's the status of my refund", thread: "later", expect: { intent: "status", outcome: "status_answered" } },
      ]),
    );
    expect(verdicts[0]!.text).toMatch(/on (Sun|Mon|Tues|Wednes|Thurs|Fri|Satur)day wasn't me/i);
    expect(verdicts.map((v) => v.mismatches)).toEqual([[], []]);
    expect(verdicts[1]!.reply).toMatch(/paid back/);
    expect(await h.ledgerRows()).toHaveLength(1);
  });
});
