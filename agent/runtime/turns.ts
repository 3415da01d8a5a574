import type { Span } from "@opentelemetry/api";
import { getApprovalById } from "@/db/queries/approvals";
import { appendCustomerMessage, getThreadById, getUnansweredMessage, hasClientMessage, requestSupersede, takeQueuedMessage } from "@/db/queries/threads";
import { answerOperatorBeside, answerWhileAwaiting } from "./awaiting";
import { claimBeside, secondClaim, type BesideRun, type Carried, type SecondClaim } from "./beside";
import type { Ctx, OnToken, QueueAnswerer, RestingStatus, TurnResult } from "./context";
import { carryOutLater } from "./carry-out";
import { withThread } from "./lease";
import { type AtRest, newerMessageStops, RunDrained, RunSuperseded, runToRest, unfinished } from "./graph-run";
import { settleSuperseded } from "./superseded";
import { STATE_SCHEMA_VERSION } from "../graph/state";
import { recordAnswer } from "./transcript";
import { log } from "@/observability/log";
import { metrics, stopwatch } from "@/observability/metrics";
import { defined, inSpan, recordFailure } from "@/observability/tracing";
import { recordTurn } from "./canary";

export type { TurnResult };

/** The client id of a conversation's message run as a turn of a thread beside it: `beside-<the message's id>`. */
const BESIDE_PREFIX = "beside-";

/**
 * One customer message; `clientMessageId`, when the client gives one, stores a resend once;
 * `carried`, for a thread opened beside a conversation, is what its first turn starts from.
 */
type TurnInput = { tenantId: string; threadId: string; customerId: string; text: string; actor: string; clientMessageId?: string; carried?: Carried };
type Outcome = { reply: string; status: RestingStatus; caseId?: string };
/**
 * An outcome with the intent the message was understood as, for the turn's measurements, and the
 * message's second claim, about another payment, with the language to take it up in.
 */
type Answered = Outcome & { intent?: string | null; second?: SecondClaim };

/** The conversation that owns a request the customer cancelled from another one is told, and its paused gate closes. */
async function wakeWithdrawn(ctx: Ctx, input: TurnInput, approvalId: string) {
  const row = await getApprovalById(ctx.db, input.tenantId, approvalId);
  if (row && row.threadId !== input.threadId) await carryOutLater(ctx, row);
}

/** Runs the graph on one customer message; a run a newer message stopped is settled and answered here. */
async function runTurn(ctx: Ctx, input: TurnInput, messageId: number, onToken?: OnToken): Promise<Answered> {
  const state = { ...input.carried, schemaVersion: STATE_SCHEMA_VERSION, tenantId: input.tenantId, customerId: input.customerId, input: input.text };
  const answer = ({ values, status }: AtRest): Answered => ({
    reply: values.answer,
    status,
    caseId: values.case?.caseId,
    intent: values.intent,
    second: secondClaim(values),
  });
  try {
    const startedAt = performance.now();
    const done = await runToRest(ctx, input.threadId, { ...state, turnKey: String(messageId) }, onToken, { tenantId: input.tenantId, messageId });
    await recordTurn(ctx, { tenantId: input.tenantId, threadId: input.threadId, values: done.values, latencyMs: performance.now() - startedAt });
    if (done.values.withdrawn) await wakeWithdrawn(ctx, input, done.values.withdrawn.approvalId);
    return answer(done);
  } catch (error) {
    if (!(error instanceof RunSuperseded)) throw error;
    const reply = await settleSuperseded(ctx, input, error.values);
    if (reply === null) return answer(await runToRest(ctx, input.threadId, null, onToken));
    onToken?.(reply);
    return { reply, status: "idle", caseId: error.values.case?.caseId, intent: error.values.intent };
  }
}

/**
 * Finishes what a cut-off run left pending before a new message starts the graph: new
 * input discards pending tasks, and a decided refund may be among them. Its answer goes to
 * the older message it belongs to, if that one is still unanswered. Returns the status the
 * thread rests in afterwards (the finished run may stop at the approval gate).
 */
async function finishPending(ctx: Ctx, input: TurnInput, messageId: number): Promise<RestingStatus> {
  const snapshot = await ctx.graph.getState({ configurable: { thread_id: input.threadId } });
  if (!unfinished(snapshot)) return "idle";
  const older = await getUnansweredMessage(ctx.db, input.tenantId, input.threadId);
  const { values, status } = await runToRest(ctx, input.threadId, null);
  const answers = older && older.id < messageId ? older.id : null;
  if (values.answer) await recordAnswer(ctx, { tenantId: input.tenantId, threadId: input.threadId, text: values.answer, answers });
  return status;
}

/** Runs a conversation's message as a turn of a thread beside it, under the message's own client id there: the same whenever it is answered again. */
export function besideRunner(ctx: Ctx, input: TurnInput, messageId: number): BesideRun {
  return (route, onToken) =>
    sendMessage(ctx, { ...input, threadId: route.threadId, clientMessageId: `${BESIDE_PREFIX}${messageId}`, carried: route.open }, onToken);
}

/**
 * Answers one customer message already in the transcript (`messageId`): the graph, or the
 * paused-thread answer. The turn is measured by intent, logged (`turn`) and traced (the
 * `agent.turn` span, over every run and bank call it makes), ids only.
 */
function takeTurn(ctx: Ctx, input: TurnInput, messageId: number, previous: string, onToken?: OnToken): Promise<Outcome> {
  const attributes = { "agent.tenant": input.tenantId, "agent.thread_id": input.threadId, "agent.message_id": messageId };
  // A drain stops the turn on purpose (another instance answers it): not a failure.
  const onError = (span: Span, error: unknown) => (error instanceof RunDrained ? span.setAttribute("agent.outcome", "drained") : recordFailure(span, error));
  return inSpan("agent.turn", { attributes, onError }, async (span) => {
    const timer = stopwatch();
    const resting = previous === "awaiting_approval" ? previous : await finishPending(ctx, input, messageId);
    // What the paused gate cannot answer runs as a turn of a thread beside the conversation, under the message's own client id there.
    const beside = besideRunner(ctx, input, messageId);
    // An operator's question on a request taken up beside the conversation is answered from it even once the conversation itself moved on.
    const { intent, second, ...outcome }: Answered =
      resting === "awaiting_approval"
        ? await answerWhileAwaiting(ctx, input, messageId, beside, onToken)
        : ((await answerOperatorBeside(ctx, input, resting, onToken)) ?? (await runTurn(ctx, input, messageId, onToken)));
    // A second claim of the message is taken up beside the conversation, and told after the first.
    if (second) outcome.reply += `\n\n${await claimBeside(ctx, input, messageId, second.claim, second.language, beside, onToken)}`;
    // A turn run beside a conversation for one of its messages is told there by the conversation's own reply.
    const seenInConversation = input.clientMessageId?.startsWith(BESIDE_PREFIX);
    await recordAnswer(ctx, { tenantId: input.tenantId, threadId: input.threadId, text: outcome.reply, answers: messageId, seenInConversation });
    metrics().turnDuration.observe({ intent: intent ?? "none" }, timer.seconds());
    span.setAttributes(defined({ "agent.intent": intent ?? "none", "agent.status": outcome.status, "agent.case_id": outcome.caseId }));
    log().info({
      event: "turn",
      tenantId: input.tenantId,
      threadId: input.threadId,
      messageId,
      intent: intent ?? "none",
      status: outcome.status,
      caseId: outcome.caseId,
      latencyMs: timer.ms(),
    });
    return outcome;
  });
}

/** Answers the customer messages queued on a thread, oldest first, while this instance holds it. */
export const answerQueued =
  (ctx: Ctx): QueueAnswerer =>
  async (tenantId, threadId, status) => {
    const thread = await getThreadById(ctx.db, tenantId, threadId);
    if (!thread) return status;
    let resting = status;
    for (let next = await takeQueuedMessage(ctx.db, tenantId, threadId); next; next = await takeQueuedMessage(ctx.db, tenantId, threadId)) {
      const input = { tenantId, threadId, customerId: thread.customerId, text: next.text, actor: thread.customerId };
      resting = (await takeTurn(ctx, input, next.id, resting)).status;
    }
    return resting;
  };

/** The status a thread rests in when this call leaves it as it found it. */
const restingStatus = (previous: string): RestingStatus => (previous === "awaiting_approval" ? "awaiting_approval" : "idle");

/**
 * One customer turn: transcript in, graph run (or the paused-thread answer), transcript
 * out. A message sent while another run holds the thread follows the deployment's
 * double-texting policy: `enqueue` keeps it and answers it when the run ahead is done
 * (on whichever instance holds the thread), `reject` refuses it, `interrupt` and
 * `rollback` keep it and ask the run answering an older message to stop (through
 * Postgres, so the instance holding the thread hears it), then answer it. `onStored` is
 * called once the message is in the transcript (or found there already, for a resend).
 */
export async function sendMessage(ctx: Ctx, input: TurnInput, onToken?: OnToken, onStored?: () => void): Promise<TurnResult> {
  if (ctx.runs.draining) return { kind: "draining", saved: false };
  const { tenantId, threadId, clientMessageId } = input;
  if (clientMessageId && (await hasClientMessage(ctx.db, tenantId, threadId, clientMessageId))) {
    onStored?.();
    return { kind: "duplicate" };
  }
  const result = await withThread<Outcome | "duplicate">(ctx, tenantId, threadId, async (previous) => {
    const message = await appendCustomerMessage(ctx.db, { tenantId, threadId, text: input.text, clientMessageId });
    onStored?.();
    if (!message) return { result: "duplicate" as const, status: restingStatus(previous) };
    const outcome = await takeTurn(ctx, input, message.id, previous, onToken);
    return { result: outcome, status: outcome.status };
  }).catch((error: unknown) => {
    if (error instanceof RunDrained) return "drained" as const;
    throw error;
  });
  if (result === "drained") return { kind: "draining", saved: true };
  if (result === "duplicate") return { kind: "duplicate" };
  if (result) return { kind: "ok", ...result };
  if (ctx.deps.settings.doubleTexting === "reject") {
    // A resend that raced its own first try past the check above is that message, not a second
    // text, once the first try has stored it.
    const resent = clientMessageId !== undefined && (await hasClientMessage(ctx.db, tenantId, threadId, clientMessageId));
    if (resent) onStored?.();
    return resent ? { kind: "duplicate" } : { kind: "busy" };
  }
  const queued = await appendCustomerMessage(ctx.db, { tenantId, threadId, text: input.text, queued: true, clientMessageId });
  onStored?.();
  if (!queued) return { kind: "duplicate" };
  if (newerMessageStops(ctx)) await requestSupersede(ctx.db, { threadId: input.threadId, messageId: queued.id });
  await withThread(ctx, tenantId, threadId, async (previous) => ({ result: null, status: restingStatus(previous) }));
  return { kind: "queued" };
}
