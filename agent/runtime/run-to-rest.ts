import { Command, type Interrupt } from "@langchain/langgraph";
import { setApprovalInterrupt, type ApprovalRow } from "@/db/queries/approvals";
import { notifyOperatorsOnce } from "@/db/queries/notifications";
import type { Ctx, OnToken, RestingStatus } from "./context";
import { withThread } from "./lease";
import type { ApprovalRequest } from "../graph/nodes/approval-gate";
import { composeReply } from "../graph/replies";
import { run, type Answering } from "./graph-run";
import type { AgentStateType } from "../graph/state";
import { recordAnswer } from "./transcript";

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

/**
 * Resumes the paused thread once a decision is final, so the customer hears it: "busy" when
 * another run holds the thread (the caller tries again later), "done" otherwise, also when
 * the thread no longer waits at the gate.
 */
export async function resumeDecided(ctx: Ctx, row: ApprovalRow): Promise<"done" | "busy"> {
  if (!row.interruptId) return "done";
  const interruptId = row.interruptId;
  const held = await withThread(ctx, row.tenantId, row.threadId, async (previous) => {
    if (previous !== "awaiting_approval") return { result: "done" as const, status: "idle" };
    const { values, status } = await resumeGate(ctx, row.threadId, interruptId, row.id);
    await recordAnswer(ctx, { tenantId: row.tenantId, threadId: row.threadId, text: values.answer });
    return { result: "done" as const, status };
  });
  return held ?? "busy";
}
