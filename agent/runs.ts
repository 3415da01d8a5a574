import { Command, isGraphDrained, RunControl } from "@langchain/langgraph";
import type { Db } from "@/db/client";
import { setApprovalInterrupt } from "@/db/queries/approvals";
import { notifyOperatorsOnce } from "@/db/queries/notifications";
import { claimThread, releaseThread, releaseThreadIfQueueEmpty } from "@/db/queries/threads";
import type { AgentDeps } from "./deps";
import type { AgentGraph } from "./graph";
import type { Instance } from "./instance";
import type { ApprovalRequest } from "./nodes/approval-gate";
import { composeReply } from "./replies";
import type { AgentStateType } from "./state";

/** Runs in flight in this process, and whether it is draining. */
export type RunRegistry = { active: Set<RunControl>; draining: boolean };

/** Answers the customer messages queued on a thread; returns the status it rests in. */
export type QueueAnswerer = (tenantId: string, threadId: string, status: RestingStatus) => Promise<RestingStatus>;

export type Ctx = { db: Db; graph: AgentGraph; deps: AgentDeps; instance: Instance; runs: RunRegistry; answerQueued: QueueAnswerer };

/** The run stopped at a superstep boundary because the process is draining; it resumes elsewhere. */
export class RunDrained extends Error {
  constructor() {
    super("the run was drained and will resume on another instance");
    this.name = "RunDrained";
  }
}
export type OnToken = (text: string) => void;
export type RestingStatus = "idle" | "awaiting_approval";

export const LEASE_MS = 120_000;

/**
 * One graph run on a thread, durably checkpointed. A run that stops at the approval gate
 * links the interrupt to its approval and notifies operators once per interrupt.
 */
export async function run(ctx: Ctx, threadId: string, input: unknown, onToken?: OnToken) {
  const config = { configurable: { thread_id: threadId } };
  const control = new RunControl();
  if (ctx.runs.draining) throw new RunDrained();
  ctx.runs.active.add(control);
  try {
    const stream = await ctx.graph.stream(input as never, {
      ...config,
      streamMode: ["custom", "values"],
      durability: "sync",
      recursionLimit: ctx.deps.settings.recursionLimit,
      control,
    });
    for await (const [mode, chunk] of stream as AsyncIterable<[string, { type?: string; text?: string }]>) {
      if (mode === "custom" && chunk.type === "token" && chunk.text) onToken?.(chunk.text);
    }
  } catch (error) {
    if (isGraphDrained(error)) throw new RunDrained();
    throw error;
  } finally {
    ctx.runs.active.delete(control);
  }
  const snapshot = await ctx.graph.getState(config);
  const interrupts = snapshot.tasks.flatMap((t) => t.interrupts);
  const values = snapshot.values as AgentStateType;
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
  const previous = await claimThread(ctx.db, { tenantId, threadId, leaseMs: LEASE_MS, owner: ctx.instance.id, takeOver });
  if (!previous) return null;
  let status: RestingStatus = previous === "awaiting_approval" ? "awaiting_approval" : "idle";
  let release = true;
  try {
    const done = await work(previous);
    status = done.status;
    return done.result;
  } catch (error) {
    if (error instanceof RunDrained) release = false;
    throw error;
  } finally {
    if (release) await letGo(ctx, tenantId, threadId, status);
  }
}

/** Lets go of a thread this instance holds, answering its queued messages first. */
export async function letGo(ctx: Ctx, tenantId: string, threadId: string, status: RestingStatus) {
  let resting = status;
  let released = false;
  try {
    while (!ctx.runs.draining) {
      if (await releaseThreadIfQueueEmpty(ctx.db, { tenantId, threadId, status: resting })) {
        released = true;
        break;
      }
      resting = await ctx.answerQueued(tenantId, threadId, resting);
    }
  } finally {
    if (!released) await releaseThread(ctx.db, { tenantId, threadId, status: resting });
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
