import type { NodeError } from "@langchain/langgraph";
import { getApprovalByCase, getApprovalById, type ApprovalRow } from "@/db/queries/approvals";
import { answerOpenQuestion } from "@/db/queries/approval-questions";
import { recordAuditEvent } from "@/db/queries/audit";
import { getLatestCaseByThread, listCasesByCustomer } from "@/db/queries/cases";
import { listMessagesBefore, listThreadsBeside, type ThreadRow } from "@/db/queries/threads";
import { getTransactionById } from "@/db/queries/transactions";
import { cancelCase } from "./casework";
import type { Ctx, OnToken, RestingStatus } from "./context";
import { resumeGate, RunDrained } from "./graph-run";
import { askedBeside, besideRoute, openBeside, type BesideRoute, type BesideRun } from "./beside";
import { entryFor } from "../knowledge";
import { understandWithFallback } from "../llm/understand-with-fallback";
import { cardRequestOf, type CardActionOutcome } from "../graph/cards";
import { cardAction, cardActionFailed } from "../graph/nodes/card-action";
import { cardActionText, caseStandingText, knowledgeText, limitsText, pendingText, stillWaitingText } from "../graph/replies";
import type { Understanding } from "../understanding";
import { languageOfMessage } from "../understanding/language";
import { asksAboutOutcome, namesAPayment, namesARequest, paymentOf } from "../understanding/offline-understanding";
import { TRANSCRIPT_WINDOW } from "../understanding/prompt";
import { wordsFor, type Words } from "@/i18n/words";

/** A customer message on a thread paused at the approval gate. */
export type AwaitingInput = { tenantId: string; threadId: string; customerId: string; text: string; actor: string };
/** The reply, the status the thread rests in, the case and the intent the message was understood as. */
export type AwaitingAnswer = { reply: string; status: RestingStatus; caseId?: string; intent?: string | null };

type Kase = NonNullable<Awaited<ReturnType<typeof getLatestCaseByThread>>>;
/** The conversation's request that waits for an operator, and its approval. */
type Waiting = { kase: Kase | null; approval: ApprovalRow | null };

/** An answer from a bank system while the thread waits for an operator, within the check's deadline, or what to say when it is out of reach. */
async function bankAnswer<T>(ctx: Ctx, ask: (signal: AbortSignal) => Promise<T>, say: (facts: T) => string, unavailable: string): Promise<string> {
  try {
    return say(await ask(AbortSignal.timeout(ctx.deps.settings.checkTimeoutMs)));
  } catch {
    return unavailable;
  }
}

/** The card's limits, from the limits system. */
const limitsAnswer = (ctx: Ctx, ref: { tenantId: string; customerId: string }, w: Words) =>
  bankAnswer(
    ctx,
    (signal) => ctx.deps.bank.limits(ref, signal),
    (facts) => w.t("limits.intro", { lines: limitsText(facts, w) }),
    w.t("limits.unavailableShort"),
  );

/** The customer's items not booked yet, from the history system ("and why is the Hotel Adler 180 still pending?"). */
const pendingAnswer = (ctx: Ctx, ref: { tenantId: string; customerId: string }, w: Words) =>
  bankAnswer(
    ctx,
    (signal) => ctx.deps.bank.history(ref, signal),
    (facts) => pendingText(facts.pending ?? [], w),
    w.t("pending.unavailable"),
  );

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

/** A person asked for while a request waits for an operator: the conversation is handed to the support team with the customer's words. */
async function handOverWhileWaiting(ctx: Ctx, input: AwaitingInput, understanding: Understanding, w: Words): Promise<string> {
  await ctx.deps.store.requestHandover({
    tenantId: input.tenantId,
    threadId: input.threadId,
    customerId: input.customerId,
    summary: `The customer asked for a person while their refund request waits for an operator. Their words: "${input.text.slice(0, 300)}"`,
    reason: "customer_asked",
    category: understanding.category ?? null,
    createdAt: ctx.deps.clock(),
  });
  return w.t("reply.handedOver");
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

/**
 * Whether the agent's last answer in the conversation spoke of two or more of the customer's
 * requests that wait for an operator ("jak stoją obie moje sprawy?"): then "cancel it" may mean
 * either, and is asked about.
 */
async function severalInView(ctx: Ctx, input: AwaitingInput, before: { role: string; text: string }[]): Promise<boolean> {
  const said = before.findLast((m) => m.role === "agent")?.text.toLowerCase();
  if (!said) return false;
  const waiting = (await listCasesByCustomer(ctx.db, input.tenantId, input.customerId)).filter((row) => row.case.status === "awaiting_approval");
  return new Set(waiting.filter((row) => said.includes(row.merchant.toLowerCase())).map((row) => row.case.id)).size >= 2;
}

/** The request waiting for an operator: its shop, amount and currency. */
async function waitingPayment(ctx: Ctx, input: AwaitingInput, kase: Kase, w: Words) {
  const txn = await getTransactionById(ctx.db, input.tenantId, kase.transactionId);
  return { merchant: txn?.merchant ?? w.t("case.unknownShop"), amountMinor: kase.amountMinor, currency: kase.currency };
}

/**
 * Where each request of the conversation stands: its own and those opened beside it, newest
 * first; asked where requests stand (`asked`), also the customer's requests waiting for an
 * operator in their other conversations.
 */
async function conversationStanding(ctx: Ctx, input: AwaitingInput, kase: Kase | null, beside: ThreadRow[], w: Words, asked = false): Promise<string> {
  const single = async () => (kase ? caseStandingText(await waitingPayment(ctx, input, kase, w), kase.status, w) : w.t("awaiting.withOperator"));
  if (beside.length === 0 && !asked) return single();
  const threads = new Set([input.threadId, ...beside.map((t) => t.id)]);
  const rows = (await listCasesByCustomer(ctx.db, input.tenantId, input.customerId)).filter(
    (row) => threads.has(row.case.threadId) || (asked && row.case.status === "awaiting_approval"),
  );
  const lines = rows.map(({ case: c, merchant }) => caseStandingText({ merchant, amountMinor: c.amountMinor, currency: c.currency }, c.status, w));
  if (lines.length < 2) return lines[0] ?? w.t("awaiting.withOperator");
  return w.t("status.list", { lines: lines.map((text) => w.t("status.line", { text })).join("\n") });
}

/** The approvals of the requests taken up beside the conversation that wait for an operator. */
async function approvalsBeside(ctx: Ctx, input: { tenantId: string }, beside: ThreadRow[]): Promise<ApprovalRow[]> {
  const waiting = beside.filter((t) => t.status === "awaiting_approval");
  const approvals = await Promise.all(
    waiting.map(async (t) => {
      const kase = await getLatestCaseByThread(ctx.db, input.tenantId, t.id);
      return kase ? getApprovalByCase(ctx.db, input.tenantId, kase.id) : null;
    }),
  );
  return approvals.filter((a): a is ApprovalRow => a?.status === "pending");
}

/**
 * The message answers an operator's open question on a request taken up beside the
 * conversation (asked in the conversation, where the customer reads it): stored as its answer.
 * Null when no such question is open.
 */
export async function answerOperatorBeside(
  ctx: Ctx,
  input: AwaitingInput,
  status: RestingStatus,
  onToken?: OnToken,
  beside?: ThreadRow[],
): Promise<AwaitingAnswer | null> {
  const threads = beside ?? (await listThreadsBeside(ctx.db, input.tenantId, input.threadId));
  for (const approval of await approvalsBeside(ctx, input, threads)) {
    if (!(await answerOperator(ctx, input, approval))) continue;
    const w = wordsFor(languageOfMessage(input.text) ?? (await ctx.deps.policies.forTenant(input.tenantId)).language);
    const reply = w.t("awaiting.answerPassed");
    onToken?.(reply);
    return { reply, status, caseId: approval.caseId };
  }
  return null;
}

/** Anything else: what was asked (limits, a card, a knowledge question) when the agent can answer it beside the gate, then where the conversation's requests stand. */
async function standingAnswer(
  ctx: Ctx,
  input: AwaitingInput,
  kase: Kase | null,
  beside: ThreadRow[],
  understanding: Understanding,
  messageId: number,
  w: Words,
): Promise<string> {
  const { also, ...first } = understanding;
  const asked = first.intent === "status" || also?.intent === "status";
  const standing = await conversationStanding(ctx, input, kase, beside, w, asked);
  // Both requests of the message are answered ("refund the electro mart money. get me a real person now").
  const answers: string[] = [];
  for (const request of also ? [first, also] : [first]) {
    const answer = await asideAnswer(ctx, input, request, messageId, w);
    if (answer) answers.push(answer);
  }
  return [...answers, standing].join("\n\n");
}

/** The answer to what the agent can answer beside the gate (thanks, limits, items not booked yet, a card, a knowledge question, a person), if the request is one of those. */
async function asideAnswer(ctx: Ctx, input: AwaitingInput, understanding: Understanding, messageId: number, w: Words): Promise<string | undefined> {
  if (understanding.intent === "greeting") return w.t(understanding.category === "thanks" ? "reply.thanks" : "reply.greeting");
  if (understanding.intent === "limits") return limitsAnswer(ctx, input, w);
  if (understanding.intent === "pending") return pendingAnswer(ctx, input, w);
  if (understanding.intent === "handover") return handOverWhileWaiting(ctx, input, understanding, w);
  if (cardRequestOf({ ...input, understanding })) return cardAnswer(ctx, input, understanding, messageId, w);
  const entry = understanding.intent === "knowledge" && understanding.category ? entryFor(input.tenantId, understanding.category, w.language) : undefined;
  return entry ? knowledgeText(entry, w) : undefined;
}

/**
 * A message answered on a thread beside the conversation (see beside.ts): its reply, then
 * where the conversation's own request stands. When that thread withdrew this request, the
 * gate wakes now and the conversation moves on; its reply said so already.
 */
async function answerBeside(
  ctx: Ctx,
  input: AwaitingInput,
  run: BesideRun,
  route: BesideRoute,
  waiting: Waiting,
  w: Words,
  onToken?: OnToken,
): Promise<Omit<AwaitingAnswer, "intent">> {
  await openBeside(ctx, input, route);
  const result = await run(route, onToken);
  if (result.kind === "draining") throw new RunDrained();
  const reply = result.kind === "ok" ? result.reply : w.t("awaiting.besideBusy");
  if (result.kind !== "ok") onToken?.(reply);
  const { kase, approval } = waiting;
  const now = approval ? await getApprovalById(ctx.db, input.tenantId, approval.id) : null;
  if (approval?.interruptId && now?.status === "cancelled") {
    const { status } = await resumeGate(ctx, input.threadId, approval.interruptId, approval.id);
    return { reply, status, caseId: kase?.id };
  }
  // A question back ("which one?") waits for its answer; anything else is followed by where this conversation's request stands.
  const asked = await askedBeside(ctx, route.threadId);
  const standing = kase && !asked && now?.status === "pending" ? stillWaitingText(await waitingPayment(ctx, input, kase, w), w) : undefined;
  if (standing) onToken?.(`\n\n${standing}`);
  const caseId = (result.kind === "ok" && result.caseId) || kase?.id;
  return { reply: standing ? `${reply}\n\n${standing}` : reply, status: "awaiting_approval", caseId };
}

/** Readings a question about what became of the waiting request may get: a help topic, nothing sure, a claim naming no payment. */
const MAY_ASK_ITS_OUTCOME = new Set(["knowledge", "unclear", "other", "pending", "refund"]);

/**
 * A message to a conversation whose request waits for an operator, as the agent takes it: a
 * question about what became of a request ("what's the state of all of them", "czemu odmowa??")
 * asks where the requests stand, whatever help topic its words resemble.
 */
export function readWhileWaiting(u: Understanding, text: string): Understanding {
  if (!MAY_ASK_ITS_OUTCOME.has(u.intent) || u.also || !asksAboutOutcome(text)) return u;
  // A claim or an item not booked yet named by its payment ("whats going on with the hotel adler 180?") is what the message is about.
  if ((u.intent === "refund" || u.intent === "pending") && (namesAPayment(u) || (u.intent === "pending" && !namesARequest(text)))) return u;
  return { intent: "status", ...paymentOf(u), confidence: u.confidence };
}

/**
 * While a refund waits for an operator the thread is paused in the gate. A cancel closes
 * the approval and wakes the gate; an open question from the operator takes the message
 * as its answer; anything else gets the case's standing.
 */
export async function answerWhileAwaiting(ctx: Ctx, input: AwaitingInput, messageId: number, run: BesideRun, onToken?: OnToken): Promise<AwaitingAnswer> {
  const kase = await getLatestCaseByThread(ctx.db, input.tenantId, input.threadId);
  const approval = kase ? await getApprovalByCase(ctx.db, input.tenantId, kase.id) : null;
  // The message is read against the customer's payments, as a turn of the graph reads it ("green grocer took 23.40 too").
  // ...and after the conversation so far ("same for the cinema one", "i co, ktoś to już sprawdził?").
  const [transactions, pending, before] = await Promise.all([
    ctx.deps.store.listTransactions(input.tenantId, input.customerId),
    ctx.deps.store.listPending(input.tenantId, input.customerId),
    listMessagesBefore(ctx.db, { tenantId: input.tenantId, threadId: input.threadId, before: messageId, limit: TRANSCRIPT_WINDOW - 1 }),
  ]);
  const payments = { transactions, pending, today: ctx.deps.clock().toISOString().slice(0, 10) };
  const heard = await understandWithFallback(
    ctx.deps,
    { messages: [...before, { role: "customer", text: input.text }], transactions, pending, today: payments.today },
    { record: { tenantId: input.tenantId, threadId: input.threadId } },
  );
  const understanding = readWhileWaiting(heard, input.text);
  const intent = understanding.intent;
  // "gadget hub" says nothing of its language: the conversation's last message that did speaks for it, then the bank's.
  const spoken = [...before]
    .reverse()
    .filter((m) => m.role === "customer")
    .map((m) => languageOfMessage(m.text))
    .find((l) => l !== undefined);
  const language = languageOfMessage(input.text) ?? spoken ?? (await ctx.deps.policies.forTenant(input.tenantId)).language;
  const w = wordsFor(language);
  const beside = await listThreadsBeside(ctx.db, input.tenantId, input.threadId);
  // A cancel is carried out whether it is the message's first request or its second ("freeze my card and withdraw the request").
  const { also, ...first } = understanding;
  const [cancel, other] = intent === "cancel" ? [first, also] : also?.intent === "cancel" ? [also, first] : [undefined, undefined];
  // Only a cancel needs to know whether the last answer listed several waiting requests.
  const several = cancel ? await severalInView(ctx, input, before) : false;
  const route = await besideRoute(ctx, input, messageId, understanding, payments, kase, beside, several);
  if (cancel && !route && kase && approval) {
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
  const answered = await answerOperatorBeside(ctx, input, "awaiting_approval", onToken, beside);
  if (answered) return { ...answered, intent };
  if (route) return { ...(await answerBeside(ctx, input, run, route, { kase, approval }, w, onToken)), intent };
  const reply = await standingAnswer(ctx, input, kase, beside, understanding, messageId, w);
  onToken?.(reply);
  return { reply, status: "awaiting_approval", caseId: kase?.id, intent };
}
