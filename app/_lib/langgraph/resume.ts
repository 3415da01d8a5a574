import { z } from "zod";
import { getApprovalByCase, type ApprovalRow } from "@/db/queries/approvals";
import { getLatestCaseByThread } from "@/db/queries/cases";
import type { ThreadRow } from "@/db/queries/threads";
import { resumeValue } from "@/app/api/langgraph/schema";
import { CarryOutOverdue } from "@/agent";
import { ApiError } from "../errors";
import { refusalError } from "../refusal";
import { parseWith } from "../request-body";
import type { SessionUser } from "../session";
import type { Services } from "./state";
import type { DeciderRole } from "@/vocabulary/roles";

/** `version` absent: a rejection naming none (Agent Inbox's response is text only) applies to the approval as it is now. */
type Decision = { decision: "approved" | "rejected"; version?: number; reason: string; amountMinor?: number; approvalId?: string };

const wholeNumber = z.coerce.number().int().positive();

/** The approval this thread's gate waits on; nothing to decide is a conflict, like a decided approval. */
async function gateApproval(s: Services, user: SessionUser, thread: ThreadRow): Promise<ApprovalRow> {
  const kase = await getLatestCaseByThread(s.db, user.tenantId, thread.id);
  const approval = kase ? await getApprovalByCase(s.db, user.tenantId, kase.id) : null;
  if (!approval || approval.mode !== "operator" || approval.threadId !== thread.id) {
    throw new ApiError("conflict:interrupt", "Nothing in this conversation waits for a decision.");
  }
  return approval;
}

/**
 * `command.resume` addressed by interrupt id (`{[id]: value}`, as LangGraph resumes one
 * interrupt among several) or bare. An id other than the gate's is a stale interrupt.
 */
function unwrap(resume: unknown, approval: ApprovalRow): unknown {
  if (typeof resume !== "object" || resume === null || Array.isArray(resume)) return resume;
  const keys = Object.keys(resume);
  if (keys.includes("type") || keys.includes("decision") || keys.length !== 1) return resume;
  if (keys[0] !== approval.interruptId) throw new ApiError("conflict:interrupt", "That interrupt is no longer pending in this conversation.");
  return (resume as Record<string, unknown>)[keys[0]!];
}

/**
 * The decision a resume value stands for: the console's own body
 * (`{decision, version, reason?, amountMinor?}`), or Agent Inbox's HumanResponse, whose
 * action request carries the version it showed: accept approves, edit approves the
 * edited `amountMinor`, response rejects with its text as the reason. Money moves only on
 * a version the approver saw; a response carries none, so it rejects the approval as it
 * stands (a decided one is still a conflict).
 */
function toDecision(value: unknown): Decision {
  const parsed = parseWith(resumeValue, value, "resume");
  if (!Array.isArray(parsed) && "decision" in parsed) {
    return {
      decision: parsed.decision === "approve" ? "approved" : "rejected",
      version: parsed.version,
      reason: parsed.reason,
      amountMinor: parsed.amountMinor,
    };
  }
  const response = Array.isArray(parsed) ? parsed[0]! : parsed;
  if (response.type === "ignore")
    throw new ApiError("bad_request:resume", "An approval cannot be ignored: accept it, edit the amount, or respond with a reason to reject.");
  if (response.type === "response") return { decision: "rejected", reason: response.args };
  const args = response.args?.args ?? {};
  if (args.version === undefined) throw new ApiError("bad_request:resume", "args.version: say which version of the approval you decided on.");
  const version = parseWith(wholeNumber, args.version, "resume");
  const approvalId = args.approvalId === undefined ? undefined : String(args.approvalId);
  if (response.type === "accept") return { decision: "approved", version, reason: "", approvalId };
  return { decision: "approved", version, reason: "", approvalId, amountMinor: parseWith(wholeNumber, args.amountMinor, "resume") };
}

/** How long a resume run waits for the decision's job to resume the thread. */
const CARRY_OUT_WAIT_MS = 120_000;

/**
 * A resume through the Platform API is the console's decision: the same function, roles,
 * limits, four-eyes rule, claims and version compare-and-set, with the same refusals. Unlike
 * the console's answer, the run ends once the thread has resumed (by whichever instance took
 * the decision's job), so its result is the thread after the decision; a resume not carried
 * out in time is a 504 `timeout:run` (the decision stands).
 */
export async function decideByResume(s: Services, user: SessionUser, thread: ThreadRow, resume: unknown) {
  const approval = await gateApproval(s, user, thread);
  const decision = toDecision(unwrap(resume, approval));
  if (decision.approvalId !== undefined && decision.approvalId !== approval.id) {
    throw new ApiError("conflict:interrupt", "That approval is not the one this conversation waits on.");
  }
  const carried = await s.agent.carriedOut(user.tenantId, approval.id, CARRY_OUT_WAIT_MS);
  const result = await s.agent.decide({
    tenantId: user.tenantId,
    approvalId: approval.id,
    version: decision.version ?? approval.version,
    decision: decision.decision,
    reason: decision.reason || "Approved after review.",
    actor: user.username,
    role: user.role as DeciderRole,
    amountMinor: decision.amountMinor,
  });
  if (result.kind !== "ok" || result.approvalsNeeded > 0) carried.stop();
  if (result.kind !== "ok") throw refusalError(result, result.kind === "conflict" && result.about === "amount" ? "amount" : "approval");
  if (result.approvalsNeeded === 0) {
    await carried.done.catch((error: unknown) => {
      throw error instanceof CarryOutOverdue
        ? new ApiError("timeout:run", "The decision is recorded; the conversation has not resumed yet. Join the thread for its answer.")
        : error;
    });
  }
  return { approvalId: approval.id, version: result.version, status: result.status };
}
