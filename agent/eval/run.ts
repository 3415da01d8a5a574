/**
 * Drives the conversation set through the agent the way the chat route does (one
 * `sendMessage` a customer turn), each conversation on a freshly seeded database, and
 * judges every turn by the state its thread was left in.
 */
import type { Db } from "@/db/client";
import { getApprovalByCase } from "@/db/queries/approvals";
import { listAuditEventsBySubject } from "@/db/queries/audit";
import { getCaseByTransaction, listCasesByCustomer } from "@/db/queries/cases";
import { getOpenHandoverByThread } from "@/db/queries/handovers";
import { listMessagesBefore, listMessagesByThread, listThreadsBeside } from "@/db/queries/threads";
import { listPendingByCustomer, listTransactionsByCustomer } from "@/db/queries/transactions";
import type { TurnResult } from "../runtime/turns";
import { CARD_AUDIT_ACTIONS } from "../runtime/store";
import { readWhileWaiting } from "../runtime/awaiting";
import { CUSTOMERS, expandDates, isTurn, type Conversation } from "./dataset";
import { understandLatest } from "../understanding/offline-understanding";
import { TRANSCRIPT_WINDOW } from "../understanding/prompt";
import { judge, languageOf, observe, type Observed, type TurnVerdict } from "./judge";
import type { OutcomeState } from "./outcome";

/** A thread's latest checkpoint, as `agent.state(tenantId, threadId)` gives it. */
type Snapshot = { values: unknown; config: { configurable?: { checkpoint_id?: string } } };

/** What the runner needs: the integration harness (`agentHarness()` in test/agent-support.ts) has it all. */
export type EvalHarness = {
  db: Db;
  /** Empties the database, seeds the demo data again and resets the simulator. */
  freshStart(): Promise<void>;
  newThread(customerId: string, tenantId: string): Promise<string>;
  say(threadId: string, text: string, customerId: string, tenantId: string): Promise<TurnResult>;
  decide(approval: { id: string; version: number }, actor: string, decision: "approved" | "rejected", reason: string, tenantId: string): Promise<unknown>;
  agent: { state(tenantId: string, threadId: string): Promise<Snapshot> };
};

type Customer = (typeof CUSTOMERS)[keyof typeof CUSTOMERS];

/** The customer's bank's case about `transactionId`, if one was opened. */
async function caseIdOf(h: EvalHarness, customer: Customer, transactionId: string): Promise<string | undefined> {
  return (await getCaseByTransaction(h.db, customer.tenantId, transactionId))?.id;
}

/**
 * An operator's decision on the approval of the case about `transactionId`; when an
 * approval still waits after it (four-eyes), the bank's supervisor gives the second. With no
 * such case (the agent did not open it) there is nothing to decide, and the turns after it
 * are judged by what the agent did.
 */
async function decideFor(h: EvalHarness, customer: Customer, transactionId: string, decision: "approved" | "rejected") {
  const caseId = await caseIdOf(h, customer, transactionId);
  if (!caseId) return;
  for (const actor of customer.deciders) {
    const approval = await getApprovalByCase(h.db, customer.tenantId, caseId);
    if (approval?.status !== "pending") return;
    await h.decide({ id: approval.id, version: approval.version }, actor, decision, `evaluation: ${decision} by ${actor}`, customer.tenantId);
  }
}

/** The transactions the customer's cases are about. */
async function casesOf(h: EvalHarness, customer: Customer): Promise<Set<string>> {
  return new Set((await listCasesByCustomer(h.db, customer.tenantId, customer.customerId)).map((row) => row.case.transactionId));
}

const checkpointOf = (s: Snapshot) => s.config.configurable?.checkpoint_id;

const PAUSED_OUTCOMES: Partial<Record<string, Observed["outcome"]>> = {
  // A claim the paused gate answers itself is about the request it waits on: its standing is the answer.
  refund: "already_known",
  status: "status_answered",
  knowledge: "answered",
  limits: "limits_answered",
  pending: "pending_answered",
  greeting: "greeted",
};

/** A card change asked for on a paused thread, seen in the audit trail of the thread for that message. */
const PAUSED_CARD_ACTIONS: Partial<Record<string, { audit: string; outcome: Observed["outcome"] }>> = {
  freeze_card: { audit: CARD_AUDIT_ACTIONS.freeze, outcome: "card_frozen" },
  unfreeze_card: { audit: CARD_AUDIT_ACTIONS.unfreeze, outcome: "card_unfrozen" },
  replace_card: { audit: CARD_AUDIT_ACTIONS.replacement, outcome: "replacement_requested" },
};

/**
 * A message to a thread paused for an operator is answered beside the graph (its state stays
 * the paused turn's): what it came to is read from what changed, the request's approval
 * above all, and its intent from the agent's own reading of the words.
 */
async function observePaused(
  h: EvalHarness,
  customer: Customer,
  threadId: string,
  text: string,
  state: OutcomeState,
  approvalBefore: string | undefined,
): Promise<Observed> {
  // Read as the agent reads a message to a paused thread: against the customer's payments, after the conversation so far.
  const message = (await listMessagesByThread(h.db, customer.tenantId, threadId)).findLast((m) => m.role === "customer" && m.text === text);
  const [transactions, pending, before] = await Promise.all([
    listTransactionsByCustomer(h.db, customer.tenantId, customer.customerId),
    listPendingByCustomer(h.db, customer.tenantId, customer.customerId),
    message ? listMessagesBefore(h.db, { tenantId: customer.tenantId, threadId, before: message.id, limit: TRANSCRIPT_WINDOW - 1 }) : [],
  ]);
  const turns = [...before, { role: "customer" as const, text }];
  const u = readWhileWaiting(understandLatest(turns, { today: new Date().toISOString().slice(0, 10), transactions, pending }), text);
  const transactionId = state.case?.transactionId;
  const approvalAfter = transactionId ? await approvalStatus(h, customer, transactionId) : undefined;
  const cancelled = approvalBefore === "pending" && approvalAfter === "cancelled";
  // A cancel carried out is the turn's request whichever of the message's two it was; the other is answered beside it.
  const [first, second] = cancelled && u.also?.intent === "cancel" ? [u.also, u] : [u, u.also];
  const intent = cancelled ? "cancel" : first.intent;
  // A person asked for is seen in the handover the thread holds, not taken from the reading.
  const handedOver = (await getOpenHandoverByThread(h.db, customer.tenantId, threadId)) !== null;
  const asksCard = [first.intent, second?.intent].some((asked) => asked !== undefined && PAUSED_CARD_ACTIONS[asked] !== undefined);
  const audited = message && asksCard ? await listAuditEventsBySubject(h.db, customer.tenantId, "thread", threadId) : [];
  const changed = (audit: string) =>
    audited.some((e) => e.action === audit && String((e.data as { idempotencyKey?: unknown }).idempotencyKey ?? "").endsWith(`:${message!.id}`));
  const pausedOutcome = (asked: string) => {
    if (asked === "handover") return handedOver ? "handed_over" : null;
    const card = PAUSED_CARD_ACTIONS[asked];
    if (card) return changed(card.audit) ? card.outcome : null;
    return PAUSED_OUTCOMES[asked] ?? null;
  };
  return {
    fresh: true,
    intent,
    category: first.category ?? null,
    transaction: transactionId ?? null,
    outcome: cancelled ? "cancelled" : (pausedOutcome(intent) ?? (intent === "cancel" ? "nothing_to_cancel" : null)),
    also: second && second.intent !== "cancel" ? { intent: second.intent, category: second.category ?? null, outcome: pausedOutcome(second.intent) } : null,
  };
}

async function approvalStatus(h: EvalHarness, customer: Customer, transactionId: string): Promise<string | undefined> {
  const caseId = await caseIdOf(h, customer, transactionId);
  return caseId ? (await getApprovalByCase(h.db, customer.tenantId, caseId))?.status : undefined;
}

/** The latest checkpoint of each thread the agent opened beside the conversation. */
async function besideCheckpoints(h: EvalHarness, tenantId: string, threadId: string): Promise<Map<string, string | undefined>> {
  const threads = await listThreadsBeside(h.db, tenantId, threadId);
  return new Map(await Promise.all(threads.map(async (t) => [t.id, checkpointOf(await h.agent.state(tenantId, t.id))] as const)));
}

/** The state of the thread beside the conversation that ran this message as its turn, if one did. */
async function besideRun(h: EvalHarness, tenantId: string, threadId: string, before: Map<string, string | undefined>, text: string) {
  for (const t of await listThreadsBeside(h.db, tenantId, threadId)) {
    const snapshot = await h.agent.state(tenantId, t.id);
    const state = snapshot.values as OutcomeState & { input?: string };
    if (checkpointOf(snapshot) !== before.get(t.id) && state.input === text) return state;
  }
  return undefined;
}

/** The transaction of the request a thread waits on, when it is paused at the approval gate. */
function pausedOn(snapshot: Snapshot): string | undefined {
  const values = snapshot.values as OutcomeState & { approval?: { status?: string } | null; verdict?: { outcome?: string } | null };
  const waiting = values.approval?.status === "pending" || (values.verdict?.outcome === "review" && !values.approval);
  return waiting ? values.case?.transactionId : undefined;
}

/**
 * One conversation on a fresh database: its turns judged in order, each also by the cases it
 * opened (none but the one it expects) and, where the set says, by its reply's words and
 * language.
 */
export async function runConversation(h: EvalHarness, conversation: Conversation): Promise<TurnVerdict[]> {
  await h.freshStart();
  const now = new Date();
  const customer = CUSTOMERS[conversation.customer];
  const { customerId, tenantId } = customer;
  const threads = new Map<string, string>();
  const verdicts: TurnVerdict[] = [];
  for (const entry of conversation.turns) {
    if (!isTurn(entry)) {
      await decideFor(h, customer, entry.transaction, entry.operator === "approve" ? "approved" : "rejected");
      continue;
    }
    const label = entry.thread ?? "main";
    if (!threads.has(label)) threads.set(label, await h.newThread(customerId, tenantId));
    const threadId = threads.get(label)!;
    const text = expandDates(entry.text, now);
    const before = await h.agent.state(tenantId, threadId);
    const paused = pausedOn(before);
    const approvalBefore = paused ? await approvalStatus(h, customer, paused) : undefined;
    const casesBefore = await casesOf(h, customer);
    const besideBefore = await besideCheckpoints(h, tenantId, threadId);
    const result = await h.say(threadId, text, customerId, tenantId);
    const after = await h.agent.state(tenantId, threadId);
    const state = after.values as OutcomeState & { input?: string };
    const fresh = result.kind === "ok" && checkpointOf(after) !== checkpointOf(before) && state.input === text;
    const answeredBeside = result.kind === "ok" && !fresh && result.status !== undefined && paused !== undefined;
    const ranBeside = answeredBeside ? await besideRun(h, tenantId, threadId, besideBefore, text) : undefined;
    const got = ranBeside
      ? observe(ranBeside, true)
      : answeredBeside
        ? await observePaused(h, customer, threadId, text, state, approvalBefore)
        : observe(state, fresh);
    // A second claim of the message is taken up on a thread beside the conversation: what it came to is that thread's.
    const secondBeside = fresh && got.also?.intent === "refund" ? await besideRun(h, tenantId, threadId, besideBefore, text) : undefined;
    if (secondBeside) {
      const { intent, category, outcome } = observe(secondBeside, true);
      got.also = { intent, category, outcome };
    }
    got.opened = [...(await casesOf(h, customer))].filter((id) => !casesBefore.has(id));
    const reply = result.kind === "ok" ? result.reply : `(${result.kind})`;
    got.language = result.kind === "ok" ? languageOf(reply) : null;
    verdicts.push({
      conversation: conversation.id,
      ...(conversation.group && { group: conversation.group }),
      ...(conversation.language && { language: entry.expect.language ?? conversation.language }),
      turn: verdicts.length + 1,
      text,
      expect: entry.expect,
      got,
      reply,
      mismatches: judge({ ...entry.expect, language: entry.expect.language ?? conversation.language }, got, reply),
    });
  }
  return verdicts;
}

/** Every conversation in order; `onConversation` hears each one's verdicts as it finishes. */
export async function runConversations(
  h: EvalHarness,
  conversations: Conversation[],
  onConversation?: (conversation: Conversation, verdicts: TurnVerdict[]) => void,
): Promise<TurnVerdict[]> {
  const all: TurnVerdict[] = [];
  for (const conversation of conversations) {
    const verdicts = await runConversation(h, conversation);
    onConversation?.(conversation, verdicts);
    all.push(...verdicts);
  }
  return all;
}
