import { createHash } from "node:crypto";
import type { CaseRow } from "@/db/queries/cases";
import { getThreadById, openThreadBeside, type ThreadRow } from "@/db/queries/threads";
import type { Ctx, OnToken, TurnResult } from "./context";
import { refersBack, SAME_AGAIN, THE_OTHER } from "../graph/nodes/intake";
import type { AgentStateType, AgentUpdate } from "../graph/state";
import { resolvePending, resolveTransaction, type PendingTxn, type Txn, type Understanding } from "../understanding";
import { moneyClauses, understandCustomerText } from "../understanding/offline-understanding";
import type { Language } from "@/i18n/languages";
import { wordsFor } from "@/i18n/words";

/**
 * A LangGraph thread waits at one gate at a time, so while a conversation's request waits for
 * an operator, what the gate cannot answer beside itself runs on a thread the agent opens
 * beside the conversation: a claim about another payment (its case opened, checked and decided
 * like any other), a cancel of another waiting request, and the answer to a question such a
 * thread asked. The customer keeps talking in their conversation and hears everything there.
 */

/** What a thread opened beside a conversation starts from: what the conversation last showed and discussed. */
export type Carried = Pick<AgentUpdate, "language" | "focus" | "shown" | "recent" | "claim">;

/** Where the message goes: a thread beside the conversation; a new one (opened by `openBeside`) with what it starts from. */
export type BesideRoute = { threadId: string; open?: Carried };

/** Answers the message on a thread beside the conversation, as one turn of that thread. */
export type BesideRun = (route: BesideRoute, onToken?: OnToken) => Promise<TurnResult>;

type Input = { tenantId: string; threadId: string; customerId: string; text: string };

/** The id of the thread opened for a conversation's message: the same whenever that message is answered again. */
function besideId(threadId: string, messageId: number): string {
  const hex = createHash("sha256").update(`${threadId}\n${messageId}`).digest("hex");
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20, 32)].join("-");
}

/** The customer's booked payments and items not booked yet, as the message is read against them. */
export type Payments = { transactions: Txn[]; pending: PendingTxn[]; today: string };

/** Which payment a message names, against the payment the conversation waits on. */
function namedPayment(
  message: string,
  payments: Payments,
  waitingTransactionId: string | undefined,
  { dayAlone = true } = {},
): "waiting" | "other" | "not_booked" | "none" {
  const { transactions, pending, today } = payments;
  const text = moneyClauses(message, payments);
  const u = understandCustomerText(text, { today, transactions });
  if (resolvePending(text, u, pending, transactions)) return "not_booked";
  const found = resolveTransaction(u, transactions);
  const named = found.kind === "match" ? [found.transaction] : found.kind === "ambiguous" ? found.candidates : [];
  const waiting = transactions.find((t) => t.id === waitingTransactionId);
  // The waiting payment, or its twin of a double charge, is the request already with an operator.
  const isWaiting = (t: Txn) => t.id === waitingTransactionId || (t.merchant === waiting?.merchant && t.amountMinor === waiting.amountMinor);
  if (named.length > 0) return named.every(isWaiting) ? "waiting" : "other";
  // A day with no payment of its own names none for a cancel ("having spoken to my family this afternoon, withdraw the request").
  return u.merchant || u.amountMinor !== undefined || (u.date && dayAlone) ? "other" : "none";
}

const asks = (u: Understanding, intent: string) => u.intent === intent || u.also?.intent === intent;

/**
 * The thread beside the conversation that answers this message, or null when the gate answers
 * it: the newest such thread while it waits for the customer's answer to its question; for a
 * claim about another payment, or a cancel that names another payment or may mean another
 * waiting request, the newest one that is free, else a new one.
 */
export async function besideRoute(
  ctx: Ctx,
  input: Input,
  messageId: number,
  understanding: Understanding,
  payments: Payments,
  waiting: CaseRow | null,
  threads: ThreadRow[],
  severalInView = false,
): Promise<BesideRoute | null> {
  const free = threads.find((t) => t.status === "idle");
  const newest = threads[0];
  if (newest && newest === free && (await askedBeside(ctx, newest.id))) return { threadId: newest.id };
  const claim = asks(understanding, "refund");
  const cancel = asks(understanding, "cancel");
  // "what about the other one?", "and the other one also" after two payments were listed, one of them the request that waits: a claim about the other.
  const mayMeanTheOther = !cancel && (claim || SAME_AGAIN.test(input.text)) && THE_OTHER.test(input.text);
  if (!claim && !cancel && !mayMeanTheOther) return null;
  const named = namedPayment(input.text, payments, waiting?.transactionId, { dayAlone: claim });
  let parentState: Promise<Partial<AgentStateType>> | undefined;
  const parentOf = () => (parentState ??= stateOf(ctx, input.threadId));
  const otherShown = mayMeanTheOther && named === "none" && waitingIsOneOfTwoShown(await parentOf(), waiting);
  // Other requests wait beside the conversation, or the agent's last answer spoke of several of the customer's waiting requests.
  const othersWait = severalInView || threads.some((t) => t.status === "awaiting_approval");
  // A claim goes beside when it names another payment, booked or not. A cancel does when it names another
  // booked payment, an item not booked yet without pointing back at the conversation's own request
  // ("cancel that claim, and my atm limit?"), or nothing while other requests wait too: there it asks which.
  const beside = otherShown
    ? true
    : claim
      ? named === "other" || named === "not_booked"
      : named === "other" || (named === "not_booked" && !refersBack(input.text)) || (named === "none" && othersWait);
  if (!beside) return null;
  if (free) return { threadId: free.id };
  const parent = await parentOf();
  // A cancel starts with no payment in focus: what the conversation discussed before it paused is not what "cancel that one" means now.
  const open: Carried = {
    ...((claim || otherShown) && !cancel && { focus: parent.focus }),
    shown: parent.shown,
    recent: parent.recent,
    ...(parent.language && { language: parent.language }),
  };
  return { threadId: besideId(input.threadId, messageId), open };
}

/** A message's second claim, and the language its turn was answered in. */
export type SecondClaim = { claim: Understanding; language: Language | "" };

/** The second claim of a message whose turn took up a claim ("...and City Parking 38, please dispute both"), unless a person took the conversation over. */
export function secondClaim(values: Pick<AgentStateType, "understanding" | "handoff" | "language">): SecondClaim | undefined {
  const u = values.understanding;
  if (u?.intent !== "refund" || u.also?.intent !== "refund" || values.handoff) return undefined;
  return { claim: u.also, language: values.language };
}

/**
 * A message's second claim, about another payment than the one its turn took up ("electro mart
 * 1249 and city parking 38, please dispute both"), taken up on a thread beside the conversation
 * like any claim made while a request waits. Its answer follows the conversation's own; a resend
 * of the message hears the answer it got then.
 */
export async function claimBeside(
  ctx: Ctx,
  input: Input,
  messageId: number,
  claim: Understanding,
  language: Language | "",
  run: BesideRun,
  onToken?: OnToken,
): Promise<string> {
  // A message taken up beside a conversation opens the thread for its second claim beside that conversation too, where the customer reads.
  const conversation = (await getThreadById(ctx.db, input.tenantId, input.threadId))?.parentThreadId ?? input.threadId;
  const route: BesideRoute = { threadId: besideId(conversation, messageId), open: { claim, ...(language && { language }) } };
  await openBeside(ctx, { ...input, threadId: conversation }, route);
  let started = false;
  const told = (token: string) => {
    if (!started) onToken?.("\n\n");
    started = true;
    onToken?.(token);
  };
  const result = await run(route, told);
  if (result.kind === "ok") return result.reply;
  const earlier = result.kind === "duplicate" ? (await stateOf(ctx, route.threadId)).answer : undefined;
  const reply = earlier || wordsFor(language || undefined).t("awaiting.besideBusy");
  told(reply);
  return reply;
}

/** Opens the route's thread beside the conversation when it is a new one (again, when the same message is answered again). */
export async function openBeside(ctx: Ctx, input: Input, route: BesideRoute): Promise<void> {
  if (route.open)
    await openThreadBeside(ctx.db, {
      tenantId: input.tenantId,
      customerId: input.customerId,
      parentThreadId: input.threadId,
      id: route.threadId,
      revisionId: ctx.revision.id,
    });
}

/** Whether the thread's last turn asked the customer a question that waits for their answer. */
export async function askedBeside(ctx: Ctx, threadId: string): Promise<boolean> {
  const clarification = (await stateOf(ctx, threadId)).clarification;
  return clarification != null && clarification.kind !== "not_booked";
}

/** Whether the conversation last listed two payments and its waiting request is about one of them. */
function waitingIsOneOfTwoShown({ shown }: Partial<AgentStateType>, waiting: CaseRow | null): boolean {
  return waiting !== null && shown?.length === 2 && shown.some((o) => o.transactionId === waiting.transactionId);
}

async function stateOf(ctx: Ctx, threadId: string): Promise<Partial<AgentStateType>> {
  return ((await ctx.graph.getState({ configurable: { thread_id: threadId } })).values ?? {}) as Partial<AgentStateType>;
}
