import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { OnToken, TurnResult } from "@/agent";
import { getApprovalById } from "@/db/queries/approvals";
import { getMessageByClientId, getThreadById, type ThreadRow } from "@/db/queries/threads";
import type { Run, RunResult } from "@/app/api/langgraph/schema";
import { ApiError } from "../errors";
import { customerIdOf, type SessionUser } from "../session";
import { ASSISTANT_ID } from "./assistant";
import { decideByResume } from "./resume";
import type { RunRequest } from "./run-request";
import { latestState, shownTo, threadValues, type Services } from "./state";
import { failureFields, log } from "@/observability/log";

/**
 * A run is one customer message (its id is the message's client id, so a resend is the
 * same run) or one decision (`decision-<approvalId>-<version>`, the version it left). Both
 * are read back from the tables the app already keeps: no second record of runs.
 */
const DECISION_RUN = /^decision-(.+)-(\d+)$/;
export const decisionRunId = (approvalId: string, version: number) => `decision-${approvalId}-${version}`;

/** Where the SDK finds the run it started (Content-Location). */
export const runLocation = (threadId: string, runId: string) => `/api/langgraph/threads/${threadId}/runs/${runId}`;

function newRunId(messageId?: string) {
  return messageId ?? randomUUID();
}

function runObject(s: Services, threadId: string, runId: string, status: Run["status"], createdAt: Date, updatedAt: Date): Run {
  return {
    run_id: runId,
    thread_id: threadId,
    assistant_id: ASSISTANT_ID,
    created_at: createdAt.toISOString(),
    updated_at: updatedAt.toISOString(),
    status,
    metadata: {},
    multitask_strategy: s.agent.deps.settings.doubleTexting,
  };
}

/** The run, from the customer message or the decision it stands for; 404 when the thread has neither. */
export async function loadRun(s: Services, user: SessionUser, thread: ThreadRow, runId: string): Promise<Run> {
  const decision = DECISION_RUN.exec(runId);
  if (decision) {
    const approval = await getApprovalById(s.db, user.tenantId, decision[1]!);
    if (approval && approval.threadId === thread.id && approval.version >= Number(decision[2])) {
      const at = approval.decidedAt ?? approval.firstApprovedAt ?? approval.createdAt;
      return runObject(s, thread.id, runId, "success", at, at);
    }
    throw new ApiError("not_found:run", "No such run.");
  }
  const message = await getMessageByClientId(s.db, user.tenantId, thread.id, runId);
  if (!message) throw new ApiError("not_found:run", "No such run.");
  const status = message.answeredAt ? "success" : message.queued ? "pending" : "running";
  return runObject(s, thread.id, runId, status, message.createdAt, message.answeredAt ?? message.createdAt);
}

export const isDecisionRun = (runId: string) => DECISION_RUN.test(runId);

/** The run object for a decision that just landed. */
export function decisionRun(s: Services, threadId: string, runId: string): Run {
  const now = new Date();
  return runObject(s, threadId, runId, "success", now, now);
}

/** Why a customer message could not start a turn: the thread is busy under `reject`, or the app is restarting. */
export function turnRefusal(result: Extract<TurnResult, { kind: "busy" | "draining" }>): ApiError {
  if (result.kind === "busy") return new ApiError("conflict:thread", "The agent is still answering your previous message.");
  return new ApiError(
    "unavailable:draining",
    result.saved
      ? "We are restarting. Your message is saved and the answer will appear here shortly."
      : "We are restarting. Please send your message again in a moment.",
  );
}

/**
 * One customer message into the app's turn machinery, under the run's id (its client's
 * message id): the turn, and whether it was refused before its message was stored (null
 * once the message is stored, so the run can be found, read and joined from then on). Every
 * customer turn enters here: the Platform's runs and the chat's turn API.
 */
export function sendTurn(s: Services, user: SessionUser, thread: ThreadRow, text: string, runId: string | undefined, onToken?: OnToken) {
  let stored!: () => void;
  const isStored = new Promise<null>((resolve) => (stored = () => resolve(null)));
  const turn = s.agent.sendMessage(
    { tenantId: user.tenantId, threadId: thread.id, customerId: customerIdOf(user), text, actor: user.username, clientMessageId: runId },
    onToken,
    stored,
  );
  const refusal = Promise.race([isStored, turn]).then((first) => (first && (first.kind === "busy" || first.kind === "draining") ? turnRefusal(first) : null));
  // A caller that only awaits the turn hears its failure there.
  refusal.catch(() => undefined);
  return { turn, refusal };
}

/** How long a client is kept waiting for a run's answer. */
const ANSWER_WAIT_MS = 120_000;

/**
 * Waits until `check` holds, asking again each time `listen`'s wake is called (an
 * announcement that something changed), never on a timer. A client that goes away
 * (`signal` aborts) stops the waiting at once: its run goes on, nobody waits for it. Past
 * `timeoutMs` it is a 504 `timeout:run`, never an answer without the run's reply.
 */
export async function untilHeard(
  check: () => Promise<boolean>,
  listen: (wake: () => void) => Promise<() => void>,
  { signal, timeoutMs }: { signal: AbortSignal; timeoutMs: number },
) {
  const deadline = Date.now() + timeoutMs;
  let wake = () => {};
  const unlisten = await listen(() => wake());
  try {
    for (;;) {
      signal.throwIfAborted();
      const woken = new Promise<void>((resolve) => (wake = resolve));
      if (await check()) return;
      const left = deadline - Date.now();
      if (left <= 0) throw new ApiError("timeout:run", "The run is still going. Join it again for its answer.");
      const waiting = new AbortController();
      const gone = () => waiting.abort();
      signal.addEventListener("abort", gone, { once: true });
      try {
        await Promise.race([woken, sleep(left, undefined, { signal: waiting.signal }).catch(() => undefined)]);
      } finally {
        signal.removeEventListener("abort", gone);
        waiting.abort();
      }
    }
  } catch (error) {
    if (signal.aborted && !(error instanceof ApiError)) throw new ApiError("timeout:client", "The client stopped waiting.");
    throw error;
  } finally {
    unlisten();
  }
}

/**
 * Waits, while the client listens, until the run's message is answered (a queued message
 * waits its turn) and the thread rests, so the run's result is the thread as the answer left
 * it (paused at the gate, say), not half way; each rest is announced.
 */
function waitForAnswer(s: Services, user: SessionUser, thread: ThreadRow, runId: string, signal: AbortSignal, timeoutMs = ANSWER_WAIT_MS): Promise<void> {
  const answeredAtRest = async () =>
    Boolean((await getMessageByClientId(s.db, user.tenantId, thread.id, runId))?.answeredAt) &&
    (await getThreadById(s.db, user.tenantId, thread.id))?.status !== "busy";
  return untilHeard(answeredAtRest, (wake) => s.agent.onThreadNews(user.tenantId, thread.id, wake), { signal, timeoutMs });
}

/**
 * Starts a run in the background and answers once its message is stored (or the turn was
 * refused), so a GET of the run right after finds it.
 */
export async function startBackgroundTurn(s: Services, user: SessionUser, thread: ThreadRow, text: string, runId: string): Promise<Run> {
  const { turn, refusal } = sendTurn(s, user, thread, text, runId);
  turn.catch((error: unknown) => log().error({ event: "run.failed", tenantId: thread.tenantId, threadId: thread.id, runId, ...failureFields(error) }));
  const refused = await refusal;
  if (refused) throw refused;
  return loadRun(s, user, thread, runId);
}

/**
 * The run a request starts: a decision is decided now (a refused one is its 403 or 409,
 * before any answer starts), a customer message is named by its client's id and sent by
 * `answerTurn`.
 */
export async function openRun({ s, user, thread, body }: RunRequest): Promise<{ runId: string; text: string | null }> {
  if (body.command) {
    const decided = await decideByResume(s, user, thread, body.command.resume);
    return { runId: decisionRunId(decided.approvalId, decided.version), text: null };
  }
  const message = body.input!.messages[0]!;
  return { runId: newRunId(message.id), text: message.text };
}

/**
 * Sends the run's customer message as a turn and waits, while the client listens, until it
 * is answered; a refused turn throws its refusal. `onStored` runs once the message is
 * stored, so a client told the run's id then can join it.
 */
export async function answerTurn(
  { s, user, thread }: RunRequest,
  runId: string,
  text: string,
  signal: AbortSignal,
  hooks: { onToken?: OnToken; onStored?: () => void } = {},
): Promise<void> {
  const { turn, refusal } = sendTurn(s, user, thread, text, runId, hooks.onToken);
  const refused = await refusal;
  if (refused) throw refused;
  hooks.onStored?.();
  const result = await turn;
  if (result.kind === "busy" || result.kind === "draining") throw turnRefusal(result);
  if (result.kind !== "ok") await waitForAnswer(s, user, thread, runId, signal);
}

/** A run's result once it is done: a decision run is done when it exists, a customer message once answered. */
export async function finishedRunResult(s: Services, user: SessionUser, thread: ThreadRow, runId: string, signal: AbortSignal): Promise<RunResult> {
  if (!isDecisionRun(runId)) await waitForAnswer(s, user, thread, runId, signal);
  return runResult(s, user, thread.id);
}

/** What runs/wait, join and the run streams answer: the thread's values, with `__interrupt__` while it waits for a decision, as the viewer sees them. */
export async function runResult(s: Services, user: SessionUser, threadId: string): Promise<RunResult> {
  const thread = (await getThreadById(s.db, user.tenantId, threadId))!;
  if (thread.status !== "awaiting_approval") return shownTo(s.db, user, await threadValues(s.db, user, thread));
  const state = await latestState(s, user, thread);
  return shownTo(s.db, user, state.interrupts.length > 0 ? { ...state.values, __interrupt__: state.interrupts } : state.values);
}
