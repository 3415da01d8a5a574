import { Command, type LangGraphRunnableConfig, type NodeError } from "@langchain/langgraph";
import { CARD_FREEZE_REASONS, CARD_REPLACEMENT_REASONS } from "@/vocabulary/cards";
import type { CardChange, CardFreezeReason, CardReplacementReason, CardStatus } from "../../clients/cards";
import type { AgentDeps } from "../deps";
import {
  cardActionOf,
  cardRequestsOf,
  type CardRequest,
  type CardActionCard,
  type CardActionKind,
  type CardActionOutcome,
  type CardActionState,
  type CardActionUpdate,
} from "../cards";
import { degraded } from "./degraded";
import { turnTimeLeftMs, withinTurn } from "../deadline";

/**
 * The node's name in the graph. LangGraph refuses a node named like a state channel, and the
 * node writes the `cardAction` channel, so the node has a name of its own.
 */
export const CARD_ACTION_NODE = "actOnCard";

/** The reason the customer gave, when the cards system knows it for this action; else a plain customer request. */
function reasonFor(action: "freeze" | "replacement", given = ""): CardReplacementReason {
  const known: readonly string[] = action === "replacement" ? CARD_REPLACEMENT_REASONS : CARD_FREEZE_REASONS;
  return known.includes(given) ? (given as CardReplacementReason) : "customer_request";
}

/**
 * The cards an action is for. Digits the customer gave pick the cards ending in them.
 * Otherwise a freeze is for every active card (freezing is the safe direction), an unfreeze
 * for the frozen one, a replacement for the one card; several frozen cards to unfreeze, or
 * several cards to replace, are ambiguous and the customer is asked which. When no card is
 * in the state the action changes (a freeze with every card frozen), it goes to every card
 * again: that changes nothing, and a retry whose first attempt's answer was lost gets that
 * answer replayed instead of missing the card it changed.
 */
export function pickCards(cards: CardStatus[], action: CardActionKind, last4?: string): { outcome: "pick" | "no_card" | "ambiguous"; cards: CardStatus[] } {
  if (last4) {
    const named = cards.filter((c) => c.last4 === last4);
    return named.length > 0 ? { outcome: "pick", cards: named } : { outcome: "no_card", cards };
  }
  if (cards.length === 0) return { outcome: "no_card", cards };
  if (action === "replacement") return cards.length > 1 ? { outcome: "ambiguous", cards } : { outcome: "pick", cards };
  const changing = cards.filter((c) => c.status === (action === "freeze" ? "active" : "frozen"));
  if (action === "unfreeze" && changing.length > 1) return { outcome: "ambiguous", cards: changing };
  return { outcome: "pick", cards: changing.length > 0 ? changing : cards };
}

/** `card:<threadId>:<action>:<cardId>:<turn>`: the same message's action on the same card is one request, however often it runs. */
export function cardIdempotencyKey(threadId: string, action: CardActionKind, cardId: string, turn: string): string {
  return `card:${threadId}:${action}:${cardId}:${turn}`;
}

const asCard = (card: CardStatus, changed: boolean): CardActionCard => ({
  cardId: card.cardId,
  last4: card.last4,
  status: card.status,
  changed,
  replacementRequested: card.replacement !== null,
});

/**
 * Freezes, unfreezes or asks for a replacement of the customer's card through the bank's
 * cards system: lists the cards, picks the one meant, and sends each change with an
 * idempotency key of the thread, the action, the card and the message, so a retry or a
 * re-run changes nothing twice. Every call is recorded as a node event (system `cards`,
 * request, response, key) and every change in the audit trail. A replacement the listing
 * already shows on its way is not asked for again: a second card must not be ordered when an
 * earlier request's answer was lost and its key has since been forgotten. Retries and the timeout come
 * from the node's policy; `cardActionFailed` takes over once they are spent.
 */
export const cardAction = (deps: AgentDeps) =>
  async function cardAction(state: CardActionState, config: LangGraphRunnableConfig): Promise<CardActionUpdate> {
    const [first, second] = cardRequestsOf(state);
    if (!first) return {};
    const threadId = String(config.configurable?.thread_id);
    const attempt = config.executionInfo?.nodeAttempt ?? 1;
    // A retry the turn has no time left for is not made: the action is unavailable now, as after the last attempt.
    if (attempt > 1 && turnTimeLeftMs() < deps.settings.checkTimeoutMs)
      return unavailable(deps, state, config, `no time left in the turn for attempt ${attempt}`);
    // An attempt waits no longer than the turn has left; its changes carry their keys, so a cut one is safe to send again.
    const bound = AbortSignal.timeout(Math.max(1, withinTurn(deps.settings.checkTimeoutMs)));
    const signal = config.signal ? AbortSignal.any([config.signal, bound]) : bound;
    const turn = state.turnKey || threadId;
    const ref = { tenantId: state.tenantId, customerId: state.customerId };
    const event = { tenantId: state.tenantId, threadId, node: CARD_ACTION_NODE, system: "cards", step: Number(config.metadata?.langgraph_step ?? -1) };

    const recorded = async <T>(request: Record<string, unknown>, idempotencyKey: string | undefined, call: () => Promise<T>): Promise<T> => {
      const started = Date.now();
      try {
        const response = await call();
        await deps.store.recordNodeEvent({ ...event, outcome: "ok", latencyMs: Date.now() - started, request, response, idempotencyKey });
        return response;
      } catch (error) {
        await deps.store.recordNodeEvent({
          ...event,
          outcome: "error",
          latencyMs: Date.now() - started,
          request,
          idempotencyKey,
          error: (error as Error).message || String(error),
        });
        throw error;
      }
    };

    const act = async (ask: CardRequest): Promise<CardActionOutcome> => {
      const { action } = ask;
      const listed = await recorded({ operation: "list", customerId: state.customerId }, undefined, () => deps.bank.cards.list(ref, signal));
      const picked = pickCards(listed, action, ask.cardLast4);
      if (picked.outcome !== "pick") return { action, outcome: picked.outcome, cards: picked.cards.map((c) => asCard(c, false)) };

      const reason = action === "unfreeze" ? null : reasonFor(action, ask.cardReason);
      const done: CardActionCard[] = [];
      for (const card of picked.cards) {
        // A replacement already on its way is not ordered again: the listing is the cards system's own word, whatever became of an earlier request's key.
        if (action === "replacement" && card.replacement) {
          done.push(asCard(card, false));
          continue;
        }
        const idempotencyKey = cardIdempotencyKey(threadId, action, card.cardId, turn);
        const request = { ...ref, cardId: card.cardId, idempotencyKey };
        const change: CardChange = await recorded({ operation: action, customerId: state.customerId, cardId: card.cardId, reason }, idempotencyKey, () =>
          action === "freeze"
            ? deps.bank.cards.freeze({ ...request, reason: reason as CardFreezeReason }, signal)
            : action === "unfreeze"
              ? deps.bank.cards.unfreeze(request, signal)
              : deps.bank.cards.requestReplacement({ ...request, reason: reason! }, signal),
        );
        await deps.store.recordCardAction({
          tenantId: state.tenantId,
          threadId,
          customerId: state.customerId,
          cardId: card.cardId,
          action,
          reason,
          idempotencyKey,
          changed: change.changed,
          status: change.card.status,
        });
        done.push(asCard(change.card, change.changed));
      }
      return { action, outcome: "done", cards: done };
    };

    const cardActionDone = await act(first);
    // A second request follows only a first that went through: no replacement for a card the customer must still pick.
    if (!second || cardActionDone.outcome !== "done") return { cardAction: cardActionDone };
    return { cardAction: cardActionDone, alsoCardAction: await act(second) };
  };

/**
 * After the last retry: the card action is reported as unavailable instead of failing the
 * turn, and the turn goes on to triage like the node's own edge (an error handler does not
 * follow the node's edges; triage passes a turn without a refund on to the reply). Changes that did go through before the failure stay, audited; the next attempt
 * of the same message reuses their keys.
 */
export const cardActionFailed = (deps: AgentDeps) =>
  async function cardActionFailed(state: CardActionState, failure: NodeError, config?: LangGraphRunnableConfig): Promise<Command> {
    return new Command({ update: await unavailable(deps, state, config, failure.error?.message || "no answer"), goto: "triage" });
  };

/** The card action as unavailable, recorded and counted as degraded with `reason`. */
async function unavailable(deps: AgentDeps, state: CardActionState, config: LangGraphRunnableConfig | undefined, reason: string): Promise<CardActionUpdate> {
  const action = cardActionOf(state) ?? "freeze";
  degraded({ tenantId: state.tenantId, threadId: String(config?.configurable?.thread_id), node: CARD_ACTION_NODE, system: "cards" });
  await deps.store.recordNodeEvent({
    tenantId: state.tenantId,
    threadId: String(config?.configurable?.thread_id),
    node: CARD_ACTION_NODE,
    system: "cards",
    outcome: "degraded",
    latencyMs: 0,
    error: reason,
    step: Number(config?.metadata?.langgraph_step ?? -1),
    request: { operation: action, customerId: state.customerId },
  });
  return { cardAction: { action, outcome: "unavailable", cards: [] } };
}
