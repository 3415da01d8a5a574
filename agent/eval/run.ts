/**
 * Drives the conversation set through the agent the way the chat route does (one
 * `sendMessage` a customer turn), each conversation on a freshly seeded database, and
 * judges every turn by the state its thread was left in.
 */
import type { Db } from "@/db/client";
import { getApprovalByCase } from "@/db/queries/approvals";
import { getCaseByTransaction } from "@/db/queries/cases";
import { DEMO_TENANT } from "@/db/seed";
import type { TurnResult } from "../runtime/turns";
import { CUSTOMERS, expandDates, isTurn, type Conversation } from "./dataset";
import { understandCustomerText } from "../understanding/offline-understanding";
import { judge, observe, type Observed, type TurnVerdict } from "./judge";
import type { OutcomeState } from "./outcome";

/** A thread's latest checkpoint, as `agent.state(tenantId, threadId)` gives it. */
type Snapshot = { values: unknown; config: { configurable?: { checkpoint_id?: string } } };

/** What the runner needs: the integration harness (`agentHarness()` in test/agent-support.ts) has it all. */
export type EvalHarness = {
  db: Db;
  /** Empties the database, seeds the demo data again and resets the simulator. */
  freshStart(): Promise<void>;
  newThread(customerId: string): Promise<string>;
  say(threadId: string, text: string, customerId: string): Promise<TurnResult>;
  decide(approval: { id: string; version: number }, actor: string, decision?: "approved" | "rejected", reason?: string): Promise<unknown>;
  agent: { state(tenantId: string, threadId: string): Promise<Snapshot> };
};

/** The demo tenant's case about `transactionId`, if one was opened. */
async function caseIdOf(h: EvalHarness, transactionId: string): Promise<string | undefined> {
  return (await getCaseByTransaction(h.db, DEMO_TENANT, transactionId))?.id;
}

/**
 * An operator's decision on the approval of the case about `transactionId`; when an
 * approval still waits after it (four-eyes), the supervisor gives the second.
 */
async function decideFor(h: EvalHarness, transactionId: string, decision: "approved" | "rejected") {
  const caseId = await caseIdOf(h, transactionId);
  if (!caseId) throw new Error(`no case about ${transactionId} to decide`);
  for (const actor of ["olga", "sam"]) {
    const approval = await getApprovalByCase(h.db, DEMO_TENANT, caseId);
    if (approval?.status !== "pending") return;
    await h.decide({ id: approval.id, version: approval.version }, actor, decision, `evaluation: ${decision} by ${actor}`);
  }
}

const checkpointOf = (s: Snapshot) => s.config.configurable?.checkpoint_id;

const PAUSED_OUTCOMES: Partial<Record<string, Observed["outcome"]>> = { status: "status_answered", knowledge: "answered", limits: "limits_answered" };

/**
 * A message to a thread paused for an operator is answered beside the graph (its state stays
 * the paused turn's): what it came to is read from what changed, the request's approval
 * above all, and its intent from the agent's own reading of the words.
 */
async function observePaused(h: EvalHarness, text: string, state: OutcomeState, approvalBefore: string | undefined): Promise<Observed> {
  const u = understandCustomerText(text, { today: new Date().toISOString().slice(0, 10), transactions: [] });
  const transactionId = state.case?.transactionId;
  const approvalAfter = transactionId ? await approvalStatus(h, transactionId) : undefined;
  const cancelled = approvalBefore === "pending" && approvalAfter === "cancelled";
  const intent = cancelled ? "cancel" : u.intent;
  return {
    fresh: true,
    intent,
    category: u.category ?? null,
    transaction: transactionId ?? null,
    outcome: cancelled ? "cancelled" : (PAUSED_OUTCOMES[intent] ?? (intent === "cancel" ? "nothing_to_cancel" : null)),
    also: null,
  };
}

async function approvalStatus(h: EvalHarness, transactionId: string): Promise<string | undefined> {
  const caseId = await caseIdOf(h, transactionId);
  return caseId ? (await getApprovalByCase(h.db, DEMO_TENANT, caseId))?.status : undefined;
}

/** The transaction of the request a thread waits on, when it is paused at the approval gate. */
function pausedOn(snapshot: Snapshot): string | undefined {
  const values = snapshot.values as OutcomeState & { approval?: { status?: string } | null; verdict?: { outcome?: string } | null };
  const waiting = values.approval?.status === "pending" || (values.verdict?.outcome === "review" && !values.approval);
  return waiting ? values.case?.transactionId : undefined;
}

/** One conversation on a fresh database: its turns judged in order. */
export async function runConversation(h: EvalHarness, conversation: Conversation): Promise<TurnVerdict[]> {
  await h.freshStart();
  const now = new Date();
  const customerId = CUSTOMERS[conversation.customer];
  const threads = new Map<string, string>();
  const verdicts: TurnVerdict[] = [];
  for (const entry of conversation.turns) {
    if (!isTurn(entry)) {
      await decideFor(h, entry.transaction, entry.operator === "approve" ? "approved" : "rejected");
      continue;
    }
    const label = entry.thread ?? "main";
    if (!threads.has(label)) threads.set(label, await h.newThread(customerId));
    const threadId = threads.get(label)!;
    const text = expandDates(entry.text, now);
    const before = await h.agent.state(DEMO_TENANT, threadId);
    const paused = pausedOn(before);
    const approvalBefore = paused ? await approvalStatus(h, paused) : undefined;
    const result = await h.say(threadId, text, customerId);
    const after = await h.agent.state(DEMO_TENANT, threadId);
    const state = after.values as OutcomeState & { input?: string };
    const fresh = result.kind === "ok" && checkpointOf(after) !== checkpointOf(before) && state.input === text;
    const answeredBeside = result.kind === "ok" && !fresh && result.status !== undefined && paused !== undefined;
    const got = answeredBeside ? await observePaused(h, text, state, approvalBefore) : observe(state, fresh);
    verdicts.push({
      conversation: conversation.id,
      turn: verdicts.length + 1,
      text,
      expect: entry.expect,
      got,
      reply: result.kind === "ok" ? result.reply : `(${result.kind})`,
      mismatches: judge(entry.expect, got),
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
