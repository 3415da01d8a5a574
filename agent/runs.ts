import { randomUUID } from "node:crypto";
import { Command, isGraphDrained, RunControl, type StateSnapshot } from "@langchain/langgraph";
import type { Db } from "@/db/client";
import { failureFields, log } from "@/observability/log";
import { context, type Span } from "@opentelemetry/api";
import { RunTrace } from "@/observability/graph-trace";
import { inRun } from "@/observability/run-context";
import { inSpan, recordFailure } from "@/observability/tracing";
import { setApprovalInterrupt } from "@/db/queries/approvals";
import { notifyOperatorsOnce } from "@/db/queries/notifications";
import { claimThread, hasNewerQueuedMessage, releaseThread, releaseThreadIfQueueEmpty, renewLease, type SupersedeRequest } from "@/db/queries/threads";
import type { AgentDeps } from "./deps";
import type { AgentGraph } from "./graph";
import type { Instance } from "./instance";
import type { ApprovalRequest } from "./nodes/approval-gate";
import { composeReply } from "./replies";
import type { AgentStateType } from "./state";

/** A run answering one customer message, which a newer message on the thread may stop. */
type TurnRun = { control: RunControl; messageId: number; superseded: boolean };

/**
 * This process's hold on a thread: how many calls hold (or are claiming) it, whether its
 * lease was lost or could not be renewed, and the graph run working on it.
 */
type Hold = { count: number; lost: boolean; control?: RunControl };

/** Runs in flight in this process, the customer turns among them by thread, the threads it holds, and whether it is draining. */
export type RunRegistry = { active: Set<RunControl>; turns: Map<string, TurnRun>; held: Map<string, Hold>; draining: boolean };

export const newRunRegistry = (): RunRegistry => ({ active: new Set(), turns: new Map(), held: new Map(), draining: false });

/** Answers the customer messages queued on a thread; returns the status it rests in. */
export type QueueAnswerer = (tenantId: string, threadId: string, status: RestingStatus) => Promise<RestingStatus>;

export type Ctx = { db: Db; graph: AgentGraph; deps: AgentDeps; instance: Instance; runs: RunRegistry; answerQueued: QueueAnswerer };

/**
 * The run stopped at a superstep boundary because the process is draining or lost the
 * thread's lease; the thread is left leased, and the run resumes on whichever instance
 * recovers it.
 */
export class RunDrained extends Error {
  constructor() {
    super("the run was drained and will resume on another instance");
    this.name = "RunDrained";
  }
}
/**
 * The run answering a customer message stopped at a superstep boundary because a newer
 * message arrived (DOUBLE_TEXTING interrupt or rollback); `values` is the state it left.
 * The caller settles what the run left and closes it.
 */
export class RunSuperseded extends Error {
  constructor(readonly values: AgentStateType) {
    super("a newer customer message superseded this run");
    this.name = "RunSuperseded";
  }
}

/** The customer message a run answers; a newer queued message stops it under interrupt or rollback. */
export type Answering = { tenantId: string; messageId: number };

/** Asks the run answering an older message on the thread, if this process holds it, to stop at the next boundary. */
export function supersede(runs: RunRegistry, request: SupersedeRequest) {
  const turn = runs.turns.get(request.threadId);
  if (turn && turn.messageId < request.messageId) stopTurn(turn);
}

function stopTurn(turn: TurnRun) {
  if (turn.superseded) return;
  turn.superseded = true;
  turn.control.requestDrain("superseded by a newer customer message");
}

/**
 * A piece of the reply as it is written. With `reset`, the pieces written before are withdrawn
 * first: a language model's wording gave way to the code's.
 */
export type OnToken = (text: string, options?: { reset?: boolean }) => void;
export type RestingStatus = "idle" | "awaiting_approval";

/**
 * Whether the thread's last checkpoint holds a run that has not finished: tasks still to
 * run, or a superstep whose tasks all wrote but whose checkpoint was never saved (a
 * crash). LangGraph leaves the latter out of `next`, and new input would drop its writes.
 */
export const unfinished = (snapshot: StateSnapshot) => snapshot.tasks.length > 0;

/** Whether, under the deployment's double-texting policy, a newer customer message stops the run answering an older one. */
export const newerMessageStops = (ctx: Ctx) => ctx.deps.settings.doubleTexting === "interrupt" || ctx.deps.settings.doubleTexting === "rollback";

/** Streams one graph run to its end, passing the reply's pieces to `onToken`. */
async function streamRun(ctx: Ctx, config: { configurable: { thread_id: string } }, input: unknown, control: RunControl, onToken?: OnToken) {
  const stream = await ctx.graph.stream(input as never, {
    ...config,
    streamMode: ["custom", "values"],
    durability: "sync",
    recursionLimit: ctx.deps.settings.recursionLimit,
    control,
  });
  for await (const [mode, chunk] of stream as AsyncIterable<[string, { type?: string; text?: string }]>) {
    if (mode === "custom" && chunk.type === "token" && chunk.text) onToken?.(chunk.text);
    else if (mode === "custom" && chunk.type === "reset") onToken?.("", { reset: true });
  }
}

/**
 * One graph run on a thread, durably checkpointed. A run that stops at the approval gate
 * links the interrupt to its approval and notifies operators once per interrupt. A run
 * `answering` a customer message stops at a superstep boundary when a newer message
 * arrives, if the deployment's double-texting policy says so (RunSuperseded).
 */
export async function run(ctx: Ctx, threadId: string, input: unknown, onToken?: OnToken, answering?: Answering) {
  const config = { configurable: { thread_id: threadId } };
  const control = new RunControl();
  const hold = ctx.runs.held.get(threadId);
  if (ctx.runs.draining || hold?.lost) throw new RunDrained();
  const turn: TurnRun | undefined = answering && newerMessageStops(ctx) ? { control, messageId: answering.messageId, superseded: false } : undefined;
  ctx.runs.active.add(control);
  if (hold) hold.control = control;
  if (turn) {
    ctx.runs.turns.set(threadId, turn);
    if (await hasNewerQueuedMessage(ctx.db, answering!.tenantId, threadId, answering!.messageId)) stopTurn(turn);
  }
  try {
    // The run's id names it in every node's log events and its span; it is not stored in the checkpoints.
    const runId = randomUUID();
    const attributes = { "agent.thread_id": threadId, "agent.run_id": runId, "agent.resume": input === null || input instanceof Command };
    // A drain stops a run at a superstep boundary on purpose: not a failure.
    const onError = (span: Span, error: unknown) => (isGraphDrained(error) ? span.setAttribute("agent.outcome", "drained") : recordFailure(span, error));
    await inSpan("agent.run", { attributes, onError }, async (span) => {
      const runTrace = span.isRecording() ? new RunTrace(context.active()) : undefined;
      try {
        await inRun(runId, () => streamRun(ctx, config, input, control, onToken), runTrace);
      } finally {
        runTrace?.end();
      }
    });
  } catch (error) {
    if (!isGraphDrained(error)) throw error;
    if (ctx.runs.draining || hold?.lost || !turn?.superseded) throw new RunDrained();
  } finally {
    ctx.runs.active.delete(control);
    if (hold?.control === control) hold.control = undefined;
    if (turn) ctx.runs.turns.delete(threadId);
  }
  const snapshot = await ctx.graph.getState(config);
  const interrupts = snapshot.tasks.flatMap((t) => t.interrupts);
  const values = snapshot.values as AgentStateType;
  if (interrupts.length === 0 && unfinished(snapshot) && turn?.superseded) throw new RunSuperseded(values);
  for (const it of interrupts) {
    const request = it.value as ApprovalRequest;
    if (!it.id || !request?.approvalId) continue;
    await setApprovalInterrupt(ctx.db, values.tenantId, request.approvalId, it.id);
    await notifyOperatorsOnce(ctx.db, { tenantId: values.tenantId, approvalId: request.approvalId, interruptId: it.id });
  }
  if (interrupts.length === 0) return { values, status: "idle" as const };
  const waiting = composeReply(values);
  onToken?.(waiting);
  return { values: { ...values, answer: waiting }, status: "awaiting_approval" as const };
}

/**
 * Runs `work` while this instance holds the thread: `take` claims the thread (false: another
 * holds it, and null is returned), then the lease is renewed every third of its length
 * until `work` ends; failed renewals are logged, not thrown. A renewal that finds the thread
 * no longer this instance's, or renewals failing for two thirds of the lease (after which
 * another instance may take the thread over, should this one also look dead), stop the run
 * on it at its next superstep boundary (RunDrained): from then on this instance neither
 * writes nor releases the thread, and whoever recovers it finishes the run.
 */
export async function holdThread<T>(ctx: Ctx, threadId: string, take: () => Promise<boolean>, work: () => Promise<T>): Promise<T | null> {
  const hold = ctx.runs.held.get(threadId) ?? { count: 0, lost: false };
  hold.count++;
  ctx.runs.held.set(threadId, hold);
  let stopRenewing: (() => void) | undefined;
  try {
    if (!(await take())) return null;
    stopRenewing = renewWhileHeld(ctx, threadId, hold);
    return await work();
  } finally {
    stopRenewing?.();
    if (--hold.count === 0) ctx.runs.held.delete(threadId);
  }
}

/** Renews the thread's lease every third of its length until the returned function is called. */
function renewWhileHeld(ctx: Ctx, threadId: string, hold: Hold): () => void {
  const leaseMs = ctx.deps.settings.leaseMs;
  let renewedAt = Date.now();
  let renewing = false;
  let ended = false;
  const stop = (reason: string) => {
    log().error({ event: "lease.lost", threadId, reason });
    hold.lost = true;
    hold.control?.requestDrain(reason);
  };
  const timer = setInterval(async () => {
    if (renewing || hold.lost) return;
    renewing = true;
    const asked = Date.now();
    try {
      const renewed = await renewLease(ctx.db, { threadId, owner: ctx.instance.id, leaseMs });
      if (renewed) renewedAt = asked;
      else if (!ended) stop("another instance holds the thread");
    } catch (error) {
      log().warn({ event: "lease.renewal_failed", threadId, ...failureFields(error) });
      if (!ended && Date.now() - renewedAt > (leaseMs * 2) / 3) stop("the thread's lease could not be renewed and may run out");
    } finally {
      renewing = false;
    }
  }, leaseMs / 3);
  timer.unref();
  return () => {
    ended = true;
    clearInterval(timer);
  };
}

/**
 * Runs `work` holding the thread's lease; null when another run holds it. Before letting
 * go, customer messages queued behind the run are answered: the lease is released only by
 * a compare-and-set that sees an empty queue, so none is left behind, whoever held it.
 */
export async function withThread<T>(
  ctx: Ctx,
  tenantId: string,
  threadId: string,
  work: (previous: string) => Promise<{ result: T; status: RestingStatus }>,
  takeOver = false,
): Promise<T | null> {
  await ctx.instance.ready();
  let previous: string | null = null;
  const take = async () => {
    previous = await claimThread(ctx.db, { tenantId, threadId, leaseMs: ctx.deps.settings.leaseMs, owner: ctx.instance.id, takeOver });
    return previous !== null;
  };
  return holdThread(ctx, threadId, take, async () => {
    const before = previous!;
    let status: RestingStatus = before === "awaiting_approval" ? "awaiting_approval" : "idle";
    let release = true;
    try {
      const done = await work(before);
      status = done.status;
      return done.result;
    } catch (error) {
      if (error instanceof RunDrained) release = false;
      throw error;
    } finally {
      if (release) await letGo(ctx, tenantId, threadId, status);
    }
  });
}

/**
 * Lets go of a thread this instance holds, answering its queued messages first; each is
 * taken only after a renewal proves the thread is still this instance's. A run stopped
 * while answering one (RunDrained) leaves the thread leased, for recovery to finish.
 */
export async function letGo(ctx: Ctx, tenantId: string, threadId: string, status: RestingStatus) {
  const owner = ctx.instance.id;
  let resting = status;
  /** Released, no longer this instance's, or left leased for recovery: nothing to release at the end. */
  let settled = false;
  try {
    while (!ctx.runs.draining) {
      settled = await releaseThreadIfQueueEmpty(ctx.db, { tenantId, threadId, owner, status: resting });
      if (settled) return;
      settled = !(await renewLease(ctx.db, { threadId, owner, leaseMs: ctx.deps.settings.leaseMs }));
      if (settled) return;
      resting = await ctx.answerQueued(tenantId, threadId, resting);
    }
  } catch (error) {
    if (error instanceof RunDrained) settled = true;
    throw error;
  } finally {
    if (!settled) await releaseThread(ctx.db, { tenantId, threadId, owner, status: resting });
  }
}

/** Wakes the paused gate by its interrupt id; the gate reads the decision from the database. */
export function resumeGate(ctx: Ctx, threadId: string, interruptId: string, approvalId: string, onToken?: OnToken) {
  return run(ctx, threadId, new Command({ resume: { [interruptId]: { approvalId } } }), onToken);
}

/** Retries `attempt` until it gets the thread or the time is up. */
export async function waitForThread<T>(attempt: () => Promise<T | null>, timeoutMs = 30_000): Promise<T | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await attempt();
    if (value !== null || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}
