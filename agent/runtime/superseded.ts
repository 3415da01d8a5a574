import { Overwrite, type StateSnapshot } from "@langchain/langgraph";
import type { Db } from "@/db/client";
import { recordAuditEvent } from "@/db/queries/audit";
import { getApprovalByCase, getApprovalById } from "@/db/queries/approvals";
import { cancelOpenCase } from "@/db/queries/cases";
import { cancelCase } from "./casework";
import { supersededText } from "../graph/replies";
import type { Ctx } from "./context";
import { unfinished } from "./graph-run";
import { blankState, type AgentStateType, type AgentUpdate } from "../graph/state";
import { recordAnswer } from "./transcript";

const WITHDRAWN = "Withdrawn: the customer sent a newer message before the refund started.";

/**
 * Every channel of the state set back to `before`, bypassing the reducers (a message
 * window or fingerprint list would otherwise be appended to, not replaced).
 */
function restore(before: AgentStateType): AgentUpdate {
  const blank = blankState();
  const keys = Object.keys(blank) as (keyof AgentStateType)[];
  return Object.fromEntries(keys.map((key) => [key, new Overwrite(key in before ? before[key] : blank[key])])) as AgentUpdate;
}

/** What became of the request a stopped run was working on. */
type Withdrawal = "none" | "withdrawn" | "refund_started";

/**
 * Closes the request a stopped run was working on, unless its refund started (a run
 * stopped before intake still holds the previous turn's case, which is final already). The
 * database decides, not the state: a node's writes may have been lost to a crash after
 * its effect (an approval recorded, a refund admitted) was committed. An approval still
 * pending or approved is withdrawn (a compare-and-set that loses to an admitted refund),
 * a case nobody decided on is cancelled.
 */
async function withdrawRequest(db: Db, tenantId: string, values: AgentStateType): Promise<Withdrawal> {
  const kase = values.case;
  // test:guards withdraw-stopped-approval
  if (!kase || kase.priorStatus || values.refundOutcome) return "none";
  const approval = await getApprovalByCase(db, tenantId, kase.caseId);
  if (approval) {
    const input = { tenantId, approvalId: approval.id, caseId: kase.caseId, actor: "agent", reason: WITHDRAWN, action: "approval.withdrawn" } as const;
    if (await cancelCase(db, input)) return "withdrawn";
    const now = await getApprovalById(db, tenantId, approval.id);
    return now?.status === "executing" || now?.status === "executed" ? "refund_started" : "none";
  }
  return db.transaction(async (tx) => {
    if (!(await cancelOpenCase(tx, tenantId, kase.caseId))) return "none";
    await recordAuditEvent(tx, {
      tenantId,
      actor: "agent",
      action: "case.withdrawn",
      subjectType: "case",
      subjectId: kase.caseId,
      data: { reason: WITHDRAWN },
    });
    return "withdrawn";
  });
}

/**
 * The state a thread had before its latest run began: the parent of that run's input
 * checkpoint, found among the run's own checkpoints (no more than its recursion limit).
 */
async function stateBeforeLatestRun(ctx: Ctx, threadId: string): Promise<AgentStateType> {
  const limit = ctx.deps.settings.recursionLimit + 2;
  for await (const snapshot of ctx.graph.getStateHistory({ configurable: { thread_id: threadId } }, { limit })) {
    if (snapshot.metadata?.source !== "input") continue;
    return snapshot.parentConfig ? ((await ctx.graph.getState(snapshot.parentConfig)).values as AgentStateType) : blankState();
  }
  return blankState();
}

/**
 * Settles a run that a newer customer message stopped at a superstep boundary, then
 * closes it so nothing it had scheduled runs later (not even after a crash and recovery).
 * Returns the stopped message's answer, or null when the run must be finished instead:
 * its refund was admitted and only the refund node (idempotent on the ledger) can finish it.
 *
 * - The request the run opened is closed unless its refund started, so a stopped run
 *   never leaves a decision behind that could pay later. Money that already moved stays
 *   moved, and the customer is told.
 * - `interrupt` keeps the run's progress in the thread's state; `rollback` sets the state
 *   back to where the run started, unless the run moved money. Either way the history
 *   stays one line of checkpoints (no fork, which PostgresSaver 1.0.5 can corrupt).
 * - The caller adds the answer to the transcript; should it crash first, recovery answers
 *   the message as stopped (settleCutOff), so no customer message goes without a reply.
 */
export async function settleSuperseded(ctx: Ctx, input: { tenantId: string; threadId: string }, values: AgentStateType): Promise<string | null> {
  const refundMade = values.refundOutcome?.status === "executed";
  const withdrawal = await withdrawRequest(ctx.db, input.tenantId, values);
  if (withdrawal === "refund_started") return null;
  const withdrawn = withdrawal === "withdrawn";
  const reply = supersededText(values, { refundMade, withdrawn });
  const data = { policy: ctx.deps.settings.doubleTexting, withdrawn, refundMade, caseId: values.case?.caseId ?? null };
  await recordAuditEvent(ctx.db, {
    tenantId: input.tenantId,
    actor: "agent",
    action: "thread.run_stopped",
    subjectType: "thread",
    subjectId: input.threadId,
    data,
  });
  const config = { configurable: { thread_id: input.threadId } };
  const rollback = ctx.deps.settings.doubleTexting === "rollback" && !refundMade;
  const closing: AgentUpdate = rollback
    ? restore(await stateBeforeLatestRun(ctx, input.threadId))
    : { answer: reply, recent: [{ role: "agent", text: reply }] };
  await ctx.graph.updateState(config, closing, "reply");
  return reply;
}

/**
 * Recovery's side: a run cut off by a crash after a newer message superseded its message
 * (`answers`) is settled as stopped, not resumed. A message that never reached the graph
 * is answered as stopped and nothing else changes. False when the run must be resumed
 * instead, because its refund was admitted.
 */
export async function settleCutOff(ctx: Ctx, input: { tenantId: string; threadId: string; answers: number }, snapshot: StateSnapshot): Promise<boolean> {
  let reply: string | null = supersededText(blankState(), { refundMade: false, withdrawn: false });
  if (unfinished(snapshot)) reply = await settleSuperseded(ctx, input, snapshot.values as AgentStateType);
  if (reply === null) return false;
  await recordAnswer(ctx, { ...input, text: reply });
  return true;
}
