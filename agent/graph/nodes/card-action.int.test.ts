import { Annotation, END, MemorySaver, START, StateGraph } from "@langchain/langgraph";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { auditEvents, cards, nodeEvents } from "@/db/schema";
import { call, FAST_SETTINGS, setFault, TENANT } from "@/test/agent-support";
import { testDatabase } from "@/simulator/test-support";
import type { AgentDeps } from "../deps";
import { appKeyRing, isEnvelope, openNodeEvent } from "../../encryption";
import { sandboxBank, sandboxStore, type DryRunCardCall, type SystemCall } from "../../incidents/sandbox-deps";
import { depsFromEnv } from "../../runtime/wiring";
import type { CardActionOutcome, CardActionState } from "../cards";
import { CARD_ACTION_NODE, cardAction, cardActionFailed } from "./card-action";

const database = testDatabase();

beforeEach(() => database.freshStart());
afterAll(() => database.pool.end());

const replace = <T>(initial: T) => Annotation<T>({ reducer: (_prev, next) => next, default: () => initial });

/** The node wired as the lead's graph wires it: the checks' retry policy, a timeout, the error handler, then a reply. */
const State = Annotation.Root({
  tenantId: replace<string>(""),
  customerId: replace<string>(""),
  understanding: replace<CardActionState["understanding"]>(null),
  turnKey: replace<string | undefined>(undefined),
  cardAction: replace<CardActionOutcome | null>(null),
  replied: replace<boolean>(false),
});

function graphOf(deps: AgentDeps) {
  return new StateGraph(State)
    .addNode(CARD_ACTION_NODE, cardAction(deps), {
      retryPolicy: {
        maxAttempts: deps.settings.checkMaxAttempts,
        initialInterval: deps.settings.retryInitialMs,
        backoffFactor: 2,
        jitter: false,
        logWarning: false,
      },
      timeout: deps.settings.checkTimeoutMs,
      errorHandler: cardActionFailed(deps),
    })
    .addNode("triage", () => ({ replied: true }))
    .addEdge(START, CARD_ACTION_NODE)
    .addEdge(CARD_ACTION_NODE, "triage")
    .addEdge("triage", END)
    .compile({ checkpointer: new MemorySaver() });
}

const deps = () => depsFromEnv(database.db, { settings: FAST_SETTINGS });

function ask(
  threadId: string,
  understanding: NonNullable<CardActionState["understanding"]>,
  opts: { turnKey?: string; customerId?: string; with?: AgentDeps } = {},
) {
  const input = { tenantId: TENANT, customerId: opts.customerId ?? "cust-alice", understanding, turnKey: opts.turnKey };
  return graphOf(opts.with ?? deps()).invoke(input, { configurable: { thread_id: threadId } });
}

async function cardRows() {
  const { rows } = await database.pool.query("select card_id, action, reason, actor, idempotency_key, changed from bank_sim.card_actions order by id");
  return rows;
}

async function cardEvents(threadId: string) {
  const rows = await database.db
    .select()
    .from(nodeEvents)
    .where(and(eq(nodeEvents.threadId, threadId), eq(nodeEvents.system, "cards")))
    .orderBy(asc(nodeEvents.id));
  return rows
    .map((r) => openNodeEvent(appKeyRing(), r))
    .map((r) => ({ node: r.node, outcome: r.outcome, operation: (r.request as { operation?: string }).operation, key: r.idempotencyKey }));
}

async function cardAudit(threadId: string) {
  return database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectType, "thread"), eq(auditEvents.subjectId, threadId)))
    .orderBy(asc(auditEvents.id));
}

async function statusOf(cardId = "card-alice") {
  const res = await call(`/cards/customers/cust-alice?tenantId=${TENANT}`);
  return res.body.cards.find((c: { cardId: string }) => c.cardId === cardId)?.status;
}

async function addAliceCard(id: string, last4: string) {
  await database.db
    .insert(cards)
    .values({ id, tenantId: TENANT, customerId: "cust-alice", last4, dailyLimitMinor: 1, monthlyLimitMinor: 1, onlineLimitMinor: 1, atmLimitMinor: 1 });
}

describe("the cardAction node against the cards system", () => {
  it("freezes the customer's only card, records the calls and the audit, and changes it once however often the message's node runs", async () => {
    const first = await ask("t-freeze", { intent: "freeze_card", cardReason: "lost" }, { turnKey: "msg-1" });
    expect(first.cardAction).toEqual({
      action: "freeze",
      outcome: "done",
      cards: [{ cardId: "card-alice", last4: "4242", status: "frozen", changed: true, replacementRequested: false }],
    });
    expect(first.replied).toBe(true);
    expect(await statusOf()).toBe("frozen");
    const key = "card:t-freeze:freeze:card-alice:msg-1";
    expect(await cardRows()).toEqual([{ card_id: "card-alice", action: "freeze", reason: "lost", actor: "agent", idempotency_key: key, changed: true }]);

    const again = await ask("t-freeze", { intent: "freeze_card", cardReason: "lost" }, { turnKey: "msg-1" });
    expect(again.cardAction).toEqual(first.cardAction);
    expect(await cardRows()).toHaveLength(1);
    expect(await cardEvents("t-freeze")).toEqual([
      { node: CARD_ACTION_NODE, outcome: "ok", operation: "list", key: null },
      { node: CARD_ACTION_NODE, outcome: "ok", operation: "freeze", key },
      { node: CARD_ACTION_NODE, outcome: "ok", operation: "list", key: null },
      { node: CARD_ACTION_NODE, outcome: "ok", operation: "freeze", key },
    ]);
    const [stored] = await database.db.select().from(nodeEvents).where(eq(nodeEvents.idempotencyKey, key)).limit(1);
    expect([isEnvelope(stored!.request), isEnvelope(stored!.response)]).toEqual([true, true]);
    const freezeEvent = openNodeEvent(appKeyRing(), stored!);
    expect(freezeEvent).toMatchObject({
      request: { operation: "freeze", customerId: "cust-alice", cardId: "card-alice", reason: "lost" },
      response: { changed: true, card: { status: "frozen" } },
    });
    const audit = await cardAudit("t-freeze");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor: "agent",
      action: "card.frozen",
      data: { customerId: "cust-alice", cardId: "card-alice", reason: "lost", changed: true, status: "frozen", idempotencyKey: key },
    });
  });

  it("unfreezes and freezes again on later messages of the same thread", async () => {
    await ask("t-again", { intent: "freeze_card" }, { turnKey: "m1" });
    const unfrozen = await ask("t-again", { intent: "unfreeze_card" }, { turnKey: "m2" });
    expect(unfrozen.cardAction).toMatchObject({ action: "unfreeze", outcome: "done", cards: [{ status: "active", changed: true }] });
    expect(await statusOf()).toBe("active");
    const refrozen = await ask("t-again", { intent: "freeze_card" }, { turnKey: "m3" });
    expect(refrozen.cardAction).toMatchObject({ outcome: "done", cards: [{ status: "frozen", changed: true }] });
    expect((await cardRows()).map((r) => [r.action, r.reason, r.idempotency_key])).toEqual([
      ["freeze", "customer_request", "card:t-again:freeze:card-alice:m1"],
      ["unfreeze", null, "card:t-again:unfreeze:card-alice:m2"],
      ["freeze", "customer_request", "card:t-again:freeze:card-alice:m3"],
    ]);
    expect((await cardAudit("t-again")).map((a) => a.action)).toEqual(["card.frozen", "card.unfrozen", "card.frozen"]);
  });

  it("keys the change by the thread when the state carries no message key", async () => {
    await ask("t-nokey", { intent: "freeze_card" });
    expect((await cardRows())[0].idempotency_key).toBe("card:t-nokey:freeze:card-alice:t-nokey");
  });

  it("answers no_card when no card ends in the digits given, and changes nothing", async () => {
    const res = await ask("t-none", { intent: "freeze_card", cardLast4: "9999" }, { turnKey: "m1" });
    expect(res.cardAction).toEqual({
      action: "freeze",
      outcome: "no_card",
      cards: [{ cardId: "card-alice", last4: "4242", status: "active", changed: false, replacementRequested: false }],
    });
    expect(await cardRows()).toHaveLength(0);
    expect((await cardEvents("t-none")).map((e) => e.operation)).toEqual(["list"]);
    expect(await cardAudit("t-none")).toHaveLength(0);
  });

  it("freezes every active card, asks which one to unfreeze, and unfreezes the one named", async () => {
    await addAliceCard("card-alice-2", "5555");
    const frozen = await ask("t-two", { intent: "freeze_card", cardReason: "stolen" }, { turnKey: "m1" });
    expect(frozen.cardAction?.cards.map((c) => [c.last4, c.status])).toEqual([
      ["4242", "frozen"],
      ["5555", "frozen"],
    ]);
    const unclear = await ask("t-two", { intent: "unfreeze_card" }, { turnKey: "m2" });
    expect(unclear.cardAction).toMatchObject({ action: "unfreeze", outcome: "ambiguous" });
    expect(unclear.cardAction?.cards.map((c) => c.last4)).toEqual(["4242", "5555"]);
    expect(await statusOf("card-alice")).toBe("frozen");
    const named = await ask("t-two", { intent: "unfreeze_card", cardLast4: "5555" }, { turnKey: "m3" });
    expect(named.cardAction).toMatchObject({ outcome: "done", cards: [{ cardId: "card-alice-2", status: "active" }] });
    expect(await statusOf("card-alice")).toBe("frozen");
    expect(await statusOf("card-alice-2")).toBe("active");
  });

  it("requests a replacement for a stolen card, which the cards system also freezes, and audits it", async () => {
    const res = await ask("t-replace", { intent: "replace_card", cardReason: "stolen" }, { turnKey: "m1" });
    expect(res.cardAction).toEqual({
      action: "replacement",
      outcome: "done",
      cards: [{ cardId: "card-alice", last4: "4242", status: "frozen", changed: true, replacementRequested: true }],
    });
    expect((await cardAudit("t-replace")).map((a) => [a.action, (a.data as { reason: string }).reason])).toEqual([["card.replacement_requested", "stolen"]]);
    const damaged = await ask("t-replace", { intent: "replace_card", cardReason: "damaged" }, { turnKey: "m2" });
    expect(damaged.cardAction?.cards[0]).toMatchObject({ changed: false, replacementRequested: true });
  });

  it("orders no second replacement for a card the cards system lists with one on its way, whatever the key", async () => {
    await ask("t-replace-once", { intent: "replace_card", cardReason: "damaged" }, { turnKey: "m1" });
    // Another message, another key: only the listing can tell that a card is already on its way.
    const again = await ask("t-replace-once", { intent: "replace_card", cardReason: "damaged" }, { turnKey: "m2" });
    expect(again.cardAction?.cards[0]).toMatchObject({ changed: false, replacementRequested: true });
    expect((await cardRows()).map((r) => r.action)).toEqual(["replacement"]);
    expect((await cardEvents("t-replace-once")).map((e) => e.operation)).toEqual(["list", "replacement", "list"]);
  });

  it("retries a freeze whose answer was lost with the same key, and the card changes once", async () => {
    await setFault({ system: "cards", afterCommit: "error", times: 2 });
    const res = await ask("t-lost", { intent: "freeze_card" }, { turnKey: "m1" });
    expect(res.cardAction).toMatchObject({ outcome: "done", cards: [{ status: "frozen" }] });
    expect(await cardRows()).toHaveLength(1);
    expect((await cardEvents("t-lost")).map((e) => [e.operation, e.outcome])).toEqual([
      ["list", "ok"],
      ["freeze", "error"],
      ["list", "ok"],
      ["freeze", "ok"],
    ]);
    expect(await cardAudit("t-lost")).toHaveLength(1);
  });

  it("reports the cards system unavailable after every retry and goes on to triage, as the node's own edge does", async () => {
    await setFault({ system: "cards", errorRate: 1 });
    const res = await ask("t-down", { intent: "freeze_card" }, { turnKey: "m1" });
    expect(res.cardAction).toEqual({ action: "freeze", outcome: "unavailable", cards: [] });
    expect(res.replied).toBe(true);
    expect((await cardEvents("t-down")).map((e) => e.outcome)).toEqual(["error", "error", "error", "degraded"]);
    expect((await call("/_admin/calls")).body.cards).toBe(FAST_SETTINGS.checkMaxAttempts);
    await call("/_admin/faults", { method: "DELETE" });
    expect(await statusOf()).toBe("active");
    expect(await cardAudit("t-down")).toHaveLength(0);
  });
});

describe("the cardAction node in a sandbox replay", () => {
  it("answers from the recorded listing and changes no card, records nothing", async () => {
    const production = deps();
    const listing = await production.bank.cards.list({ tenantId: TENANT, customerId: "cust-alice" });
    await call("/_admin/reset", { method: "POST" });
    const systemCalls: SystemCall[] = [];
    const cardCalls: DryRunCardCall[] = [];
    const sandbox: AgentDeps = {
      ...production,
      bank: sandboxBank({ live: production.bank, recorded: { cards: listing }, mode: "recorded", calls: systemCalls, ledger: [], cards: cardCalls }),
      store: sandboxStore(production.store, { caseIdFor: () => undefined, decisionFor: () => null }),
    };
    const res = await ask("t-sandbox", { intent: "replace_card", cardReason: "lost" }, { turnKey: "m1", with: sandbox });
    expect(res.cardAction).toEqual({
      action: "replacement",
      outcome: "done",
      cards: [{ cardId: "card-alice", last4: "4242", status: "frozen", changed: true, replacementRequested: true }],
    });
    expect(cardCalls).toEqual([{ operation: "replacement", idempotencyKey: "card:t-sandbox:replacement:card-alice:m1", cardId: "card-alice", reason: "lost" }]);
    expect(systemCalls).toEqual([{ system: "cards", source: "recorded" }]);
    expect((await call("/_admin/calls")).body.cards).toBe(0);
    expect(await statusOf()).toBe("active");
    expect(await cardRows()).toHaveLength(0);
    expect(await cardEvents("t-sandbox")).toHaveLength(0);
    expect(await cardAudit("t-sandbox")).toHaveLength(0);
  });
});
