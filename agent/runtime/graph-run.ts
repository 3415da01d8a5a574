import { randomUUID } from "node:crypto";
import { Command, isGraphDrained, RunControl, type Interrupt, type StateSnapshot } from "@langchain/langgraph";
import { context, type Span } from "@opentelemetry/api";
import { setApprovalInterrupt } from "@/db/queries/approvals";
import { notifyOperatorsOnce } from "@/db/queries/notifications";
import { hasNewerQueuedMessage } from "@/db/queries/threads";
import { RunTrace } from "@/observability/graph-trace";
import { inRun, inSpan, recordFailure } from "@/observability/tracing";
import type { Ctx, OnToken, RestingStatus } from "./context";
import { runEnded, stopTurn, type TurnRun } from "./run-registry";
import type { ApprovalRequest } from "../graph/nodes/approval-gate";
import { composeReply } from "../graph/replies";
import type { AgentStateType } from "../graph/state";
import { turnDeadline } from "../graph/deadline";
import { runRevision } from "../graph/run-revision";
import { currentTenant } from "@/db/tenant-context";
import { hostedRevisions, revisionForThread } from "./canary";

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

/** Where a run left the thread: its state, and the interrupts it stopped at (none: it finished). */
export type RunEnd = { values: AgentStateType; interrupts: Interrupt[] };

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
 * One graph run on a thread, durably checkpointed and traced (the `agent.run` span). It
 * stops at a superstep boundary when the process drains or loses the thread's lease
 * (RunDrained), and a run `answering` a customer message stops there when a newer message
 * arrives, if the deployment's double-texting policy says so (RunSuperseded). What a run
 * that paused at the approval gate leads to is the gate's business (runToRest).
 */
export async function run(ctx: Ctx, threadId: string, input: unknown, onToken?: OnToken, answering?: Answering): Promise<RunEnd> {
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
    const tenantId = currentTenant();
    // The revision the run answers as: a bank's canary may give the thread to a candidate.
    const ranAs = tenantId ? await revisionForThread(ctx, tenantId, threadId) : hostedRevisions(ctx)[0]!;
    const attributes = {
      "agent.thread_id": threadId,
      "agent.run_id": runId,
      "agent.revision": ranAs.id,
      "agent.resume": input === null || input instanceof Command,
    };
    // A drain stops a run at a superstep boundary on purpose: not a failure.
    const onError = (span: Span, error: unknown) => (isGraphDrained(error) ? span.setAttribute("agent.outcome", "drained") : recordFailure(span, error));
    await inSpan("agent.run", { attributes, onError }, async (span) => {
      const runTrace = span.isRecording() ? new RunTrace(context.active()) : undefined;
      try {
        const deadlineMs = ctx.deps.settings.turnDeadlineMs;
        const streamed = () => streamRun(ctx, config, input, control, onToken);
        const bounded = () => (deadlineMs === undefined ? streamed() : turnDeadline.run(Date.now() + deadlineMs, streamed));
        await inRun(runId, () => runRevision.run(ranAs, bounded), runTrace);
      } finally {
        runTrace?.end();
      }
    });
  } catch (error) {
    if (!isGraphDrained(error)) throw error;
    if (ctx.runs.draining || hold?.lost || !turn?.superseded) throw new RunDrained();
  } finally {
    runEnded(ctx.runs, control);
    if (hold?.control === control) hold.control = undefined;
    if (turn) ctx.runs.turns.delete(threadId);
  }
  const snapshot = await ctx.graph.getState(config);
  const interrupts = snapshot.tasks.flatMap((t) => t.interrupts);
  const values = snapshot.values as AgentStateType;
  if (interrupts.length === 0 && unfinished(snapshot) && turn?.superseded) throw new RunSuperseded(values);
  return { values, interrupts };
}

/** Where a run leaves a thread: its state (with the answer for the customer) and the status it rests in. */
export type AtRest = { values: AgentStateType; status: RestingStatus };

/**
 * The gate's side of a run that paused there: each interrupt is linked to its approval (so
 * a decision can wake it by id) and operators are notified once per interrupt; the customer
 * is told the request waits for review.
 */
async function pausedAtGate(ctx: Ctx, values: AgentStateType, interrupts: Interrupt[], onToken?: OnToken): Promise<AtRest> {
  for (const it of interrupts) {
    const request = it.value as ApprovalRequest;
    if (!it.id || !request?.approvalId) continue;
    await setApprovalInterrupt(ctx.db, values.tenantId, request.approvalId, it.id);
    await notifyOperatorsOnce(ctx.db, { tenantId: values.tenantId, approvalId: request.approvalId, interruptId: it.id });
  }
  const waiting = composeReply(values);
  onToken?.(waiting);
  return { values: { ...values, answer: waiting }, status: "awaiting_approval" };
}

/** One graph run (see `run`) to where the thread rests: idle, or paused at the approval gate for an operator's decision. */
export async function runToRest(ctx: Ctx, threadId: string, input: unknown, onToken?: OnToken, answering?: Answering): Promise<AtRest> {
  const { values, interrupts } = await run(ctx, threadId, input, onToken, answering);
  if (interrupts.length === 0) return { values, status: "idle" };
  return pausedAtGate(ctx, values, interrupts, onToken);
}

/** Wakes the paused gate by its interrupt id; the gate reads the decision from the database. */
export function resumeGate(ctx: Ctx, threadId: string, interruptId: string, approvalId: string, onToken?: OnToken) {
  return runToRest(ctx, threadId, new Command({ resume: { [interruptId]: { approvalId } } }), onToken);
}
