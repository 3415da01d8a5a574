import type { NodeError } from "@langchain/langgraph";
import { getApprovalByCase, type ApprovalRow } from "@/db/queries/approvals";
import { answerOpenQuestion } from "@/db/queries/approval-questions";
import { recordAuditEvent } from "@/db/queries/audit";
import { getLatestCaseByThread } from "@/db/queries/cases";
import { getTransactionById } from "@/db/queries/transactions";
import { cancelCase } from "./casework";
import type { Ctx, OnToken, RestingStatus } from "./context";
import { resumeGate } from "./graph-run";
import { entryFor } from "../knowledge";
import { understandWithFallback } from "../llm/understand-with-fallback";
import { cardRequestOf, type CardActionOutcome } from "../graph/cards";
import { cardAction, cardActionFailed } from "../graph/nodes/card-action";
import { pendingOptionOf } from "../graph/nodes/intake";
import { cardActionText, caseStandingText, knowledgeText, limitsText, notBookedText } from "../graph/replies";
import { resolvePending, resolveTransaction, type Understanding } from "../understanding";
import { understandCustomerText } from "../understanding/offline-understanding";
import { languageOfMessage } from "../understanding/language";
import { wordsFor, type Words } from "@/i18n/words";

/** A customer message on a thread paused at the approval gate. */
export type AwaitingInput = { tenantId: string; threadId: string; customerId: string; text: string; actor: string };
/** The reply, the status the thread rests in, the case and the intent the message was understood as. */
export type AwaitingAnswer = { reply: string; status: RestingStatus; caseId?: string; intent?: string | null };

type Kase = NonNullable<Awaited<ReturnType<typeof getLatestCaseByThread>>>;

async function limitsAnswer(ctx: Ctx, ref: { tenantId: string; customerId: string }, w: Words): Promise<string> {
  try {
    const facts = await ctx.deps.bank.limits(ref, AbortSignal.timeout(ctx.deps.settings.checkTimeoutMs));
    return w.t("limits.intro", { lines: limitsText(facts, w) });
  } catch {
    return w.t("limits.unavailableShort");
  }
}

/** A card to freeze, unfreeze or replace while the thread waits for an operator: the same node the graph runs, called beside it. */
async function cardAnswer(ctx: Ctx, input: AwaitingInput, understanding: Understanding, messageId: number, w: Words): Promise<string> {
  const state = { tenantId: input.tenantId, customerId: input.customerId, understanding, turnKey: String(messageId) };
  const config = { configurable: { thread_id: input.threadId } };
  try {
    const { cardAction: result } = await cardAction(ctx.deps)(state, config);
    return result ? cardActionText(result, understanding.cardReason, false, w) : "";
  } catch (error) {
    const command = await cardActionFailed(ctx.deps)(state, { error } as NodeError, config);
    const update = command.update as { cardAction: CardActionOutcome };
    return cardActionText(update.cardAction, undefined, false, w);
  }
}

/** The customer cancels the request under review: the approval closes and the gate wakes to tell them. Null when it is too late to cancel. */
async function cancelAwaited(ctx: Ctx, input: AwaitingInput, kase: Kase, approval: ApprovalRow, onToken?: OnToken) {
  const cancelled = await cancelCase(ctx.db, {
    tenantId: input.tenantId,
    approvalId: approval.id,
    caseId: kase.id,
    actor: input.actor,
    reason: "Cancelled by the customer",
    action: "approval.cancelled",
  });
  if (!cancelled || !approval.interruptId) return null;
  const { values, status } = await resumeGate(ctx, input.threadId, approval.interruptId, approval.id, onToken);
  return { reply: values.answer, status };
}

/** The message answers the operator's open question on the approval: stored as its answer, audited. False when no question is open. */
async function answerOperator(ctx: Ctx, input: AwaitingInput, approval: ApprovalRow): Promise<boolean> {
  const answered = await ctx.db.transaction(async (tx) => {
    const row = await answerOpenQuestion(tx, { tenantId: input.tenantId, approvalId: approval.id, answer: input.text });
    if (row)
      await recordAuditEvent(tx, {
        tenantId: input.tenantId,
        actor: input.actor,
        action: "question.answered",
        subjectType: "approval",
        subjectId: approval.id,
        data: { questionId: row.id },
      });
    return row;
  });
  return answered !== null;
}

/** Anything else: what was asked (limits, a card, a knowledge question) when the agent can answer it beside the gate, then the case's standing. */
async function standingAnswer(ctx: Ctx, input: AwaitingInput, kase: Kase | null, understanding: Understanding, messageId: number, w: Words): Promise<string> {
  const txn = kase ? await getTransactionById(ctx.db, input.tenantId, kase.transactionId) : null;
  const standing = kase
    ? caseStandingText({ merchant: txn?.merchant ?? w.t("case.unknownShop"), amountMinor: kase.amountMinor, currency: kase.currency }, kase.status, w)
    : w.t("awaiting.withOperator");
  const answer = await asideAnswer(ctx, input, understanding, messageId, w);
  return answer ? `${answer}\n\n${standing}` : standing;
}

/** The answer to what the agent can answer beside the gate (limits, a card, a knowledge question), if the request is one of those. */
async function asideAnswer(ctx: Ctx, input: AwaitingInput, understanding: Understanding, messageId: number, w: Words): Promise<string | undefined> {
  if (understanding.intent === "limits") return limitsAnswer(ctx, input, w);
  if (cardRequestOf({ ...input, understanding })) return cardAnswer(ctx, input, understanding, messageId, w);
  const entry = understanding.intent === "knowledge" && understanding.category ? entryFor(input.tenantId, understanding.category, w.language) : undefined;
  return entry ? knowledgeText(entry, w) : undefined;
}

/**
 * A claim, while a request waits for an operator, about another payment than the one waiting:
 * an item not booked yet is explained; a booked payment is named, with how to report it now
 * (this thread stays paused at the gate, so its case cannot be opened here). Undefined when the
 * message names no other payment.
 */
async function anotherPayment(ctx: Ctx, input: AwaitingInput, kase: Kase, w: Words): Promise<string | undefined> {
  const [transactions, pending] = await Promise.all([
    ctx.deps.store.listTransactions(input.tenantId, input.customerId),
    ctx.deps.store.listPending(input.tenantId, input.customerId),
  ]);
  const today = ctx.deps.clock().toISOString().slice(0, 10);
  const u = understandCustomerText(input.text, { today, transactions });
  const item = resolvePending(input.text, u, pending, transactions);
  if (item) return notBookedText(pendingOptionOf(item), undefined, w);
  const found = resolveTransaction(u, transactions);
  const named = found.kind === "match" ? found.transaction : found.kind === "ambiguous" && found.candidates.length === 1 ? found.candidates[0] : undefined;
  // The waiting payment itself, or its twin of a double charge, is the request already with an operator.
  const waiting = transactions.find((t) => t.id === kase.transactionId);
  if (!named || named.id === kase.transactionId || (named.merchant === waiting?.merchant && named.amountMinor === kase.amountMinor)) return undefined;
  return w.t("awaiting.anotherPayment", { merchant: named.merchant, amount: w.money(named.amountMinor, named.currency) });
}

/**
 * While a refund waits for an operator the thread is paused in the gate. A cancel closes
 * the approval and wakes the gate; an open question from the operator takes the message
 * as its answer; anything else gets the case's standing.
 */
export async function answerWhileAwaiting(ctx: Ctx, input: AwaitingInput, messageId: number, onToken?: OnToken): Promise<AwaitingAnswer> {
  const kase = await getLatestCaseByThread(ctx.db, input.tenantId, input.threadId);
  const approval = kase ? await getApprovalByCase(ctx.db, input.tenantId, kase.id) : null;
  const understanding = await understandWithFallback(
    ctx.deps,
    { messages: [{ role: "customer", text: input.text }], transactions: [], today: ctx.deps.clock().toISOString().slice(0, 10) },
    { record: { tenantId: input.tenantId, threadId: input.threadId } },
  );
  const intent = understanding.intent;
  const w = wordsFor(languageOfMessage(input.text) ?? (await ctx.deps.policies.forTenant(input.tenantId)).language);
  // A cancel is carried out whether it is the message's first request or its second ("freeze my card and withdraw the request").
  const { also, ...first } = understanding;
  const [cancel, other] = intent === "cancel" ? [first, also] : also?.intent === "cancel" ? [also, first] : [undefined, undefined];
  if (cancel && kase && approval) {
    const cancelled = await cancelAwaited(ctx, input, kase, approval, onToken);
    if (cancelled) {
      // The other request is answered after the cancel ("cancel it, and what are my limits?").
      const aside = other ? await asideAnswer(ctx, input, other, messageId, w) : undefined;
      if (aside) onToken?.(`\n\n${aside}`);
      return { ...cancelled, reply: aside ? `${cancelled.reply}\n\n${aside}` : cancelled.reply, caseId: kase.id, intent: "cancel" };
    }
  }
  if (approval?.status === "pending" && (await answerOperator(ctx, input, approval))) {
    const reply = w.t("awaiting.answerPassed");
    onToken?.(reply);
    return { reply, status: "awaiting_approval", caseId: kase?.id, intent };
  }
  const another = intent === "refund" && kase ? await anotherPayment(ctx, input, kase, w) : undefined;
  const standing = await standingAnswer(ctx, input, kase, understanding, messageId, w);
  const reply = another ? `${another}\n\n${standing}` : standing;
  onToken?.(reply);
  return { reply, status: "awaiting_approval", caseId: kase?.id, intent };
}
