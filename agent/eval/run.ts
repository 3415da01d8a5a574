/**
 * Drives the conversation set through the agent the way the chat route does (one
 * `sendMessage` a customer turn), each conversation on a freshly seeded database, and
 * judges every turn by the state its thread was left in.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { getApprovalByCase } from "@/db/queries/approvals";
import { cases } from "@/db/schema";
import { DEMO_TENANT } from "@/db/seed";
import type { TurnResult } from "../turns";
import { CUSTOMERS, expandDates, isTurn, type Conversation } from "./dataset";
import { judge, observe, type TurnVerdict } from "./judge";
import type { OutcomeState } from "./outcome";

/** A thread's latest checkpoint, as `agent.state(threadId)` gives it. */
type Snapshot = { values: unknown; config: { configurable?: { checkpoint_id?: string } } };

/** What the runner needs: the integration harness (`agentHarness()` in test/agent-support.ts) has it all. */
export type EvalHarness = {
  db: Db;
  /** Empties the database, seeds the demo data again and resets the simulator. */
  freshStart(): Promise<void>;
  newThread(customerId: string): Promise<string>;
  say(threadId: string, text: string, customerId: string): Promise<TurnResult>;
  decide(approval: { id: string; version: number }, actor: string, decision?: "approved" | "rejected", reason?: string): Promise<unknown>;
  agent: { state(threadId: string): Promise<Snapshot> };
};

/**
 * An operator's decision on the approval of the case about `transactionId`; when an
 * approval still waits after it (four-eyes), the supervisor gives the second.
 */
async function decideFor(h: EvalHarness, transactionId: string, decision: "approved" | "rejected") {
  const [kase] = await h.db.select({ id: cases.id }).from(cases).where(and(eq(cases.tenantId, DEMO_TENANT), eq(cases.transactionId, transactionId)));
  if (!kase) throw new Error(`no case about ${transactionId} to decide`);
  for (const actor of ["olga", "sam"]) {
    const approval = await getApprovalByCase(h.db, DEMO_TENANT, kase.id);
    if (approval?.status !== "pending") return;
    await h.decide({ id: approval.id, version: approval.version }, actor, decision, `evaluation: ${decision} by ${actor}`);
  }
}

const checkpointOf = (s: Snapshot) => s.config.configurable?.checkpoint_id;

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
    const before = await h.agent.state(threadId);
    const result = await h.say(threadId, text, customerId);
    const after = await h.agent.state(threadId);
    const state = after.values as OutcomeState & { input?: string };
    const fresh = result.kind === "ok" && checkpointOf(after) !== checkpointOf(before) && state.input === text;
    const got = observe(state, fresh);
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
