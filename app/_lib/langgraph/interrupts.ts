import type { StateSnapshot } from "@langchain/langgraph";
import { formatMinor } from "@/vocabulary/money";
import type { Db } from "@/db/client";
import { getApprovalById, type ApprovalRow } from "@/db/queries/approvals";
import type { CustomerInterrupt, HumanInterrupt, Interrupt } from "@/app/api/langgraph/schema";
import type { SessionUser } from "../session";
import { isStaff } from "./access";

/** What the graph's approval gate passes to interrupt(). */
type GateRequest = { approvalId: string; caseId: string; amountMinor: number; currency: string; merchant: string; policyReason: string };

const isGateRequest = (value: unknown): value is GateRequest =>
  typeof value === "object" && value !== null && typeof (value as GateRequest).approvalId === "string";

/** How many approvals the refund still needs. */
const approvalsNeeded = (row: ApprovalRow) => Math.max(row.requiredApprovals - (row.firstApprovedBy ? 1 : 0), 0);

/**
 * The gate's request in Agent Inbox's HumanInterrupt shape. `version` is what a decision
 * must name (the console's compare-and-set); accept approves, edit approves `amountMinor`
 * (at most the case's), respond rejects with the text as the reason; ignoring is not a decision.
 */
export function toHumanInterrupt(request: GateRequest, row: ApprovalRow): HumanInterrupt {
  const needed = approvalsNeeded(row);
  const agreed = row.firstApprovedAmountMinor;
  const lines = [
    `**Refund ${formatMinor(request.amountMinor, request.currency)}** for ${request.merchant} (case ${request.caseId}), ${row.status} at version ${row.version}.`,
    `Policy: ${request.policyReason}`,
    row.firstApprovedBy
      ? `${row.firstApprovedBy} approved ${formatMinor(agreed ?? request.amountMinor, request.currency)}; a second person approves that amount, or rejects.`
      : row.requiredApprovals === 2
        ? "This refund needs two approvals from different people, one a supervisor."
        : "One approval settles this refund.",
    "Accept approves; edit `amountMinor` to approve less; respond with a reason to reject.",
  ];
  return {
    action_request: {
      action: "approve_refund",
      args: {
        approvalId: row.id,
        caseId: request.caseId,
        merchant: request.merchant,
        amountMinor: request.amountMinor,
        currency: request.currency,
        version: row.version,
        approvalsNeeded: needed,
        firstApprovedBy: row.firstApprovedBy,
        firstApprovedAmountMinor: agreed,
        policyReason: request.policyReason,
      },
    },
    config: { allow_ignore: false, allow_respond: true, allow_edit: true, allow_accept: true },
    description: lines.join("\n\n"),
  };
}

/**
 * What the customer sees of the same pause: their refund and that it is with an operator.
 * The policy's reasons (risk, limits, their refund count), who approved and the version
 * are the bank's review, as in the customer API.
 */
export function toCustomerInterrupt(request: GateRequest): CustomerInterrupt {
  return {
    action_request: {
      action: "approve_refund",
      args: { caseId: request.caseId, merchant: request.merchant, amountMinor: request.amountMinor, currency: request.currency },
    },
    config: { allow_ignore: false, allow_respond: false, allow_edit: false, allow_accept: false },
    description: `Your refund of ${formatMinor(request.amountMinor, request.currency)} for ${request.merchant} (case ${request.caseId}) is with an operator for review.`,
  };
}

export type TaskInterrupt = { taskId: string; interrupt: Interrupt };

/** The snapshot's pending interrupts: for staff, each with its approval's current state in the HumanInterrupt shape; for the customer, the neutral one. */
export async function snapshotInterrupts(db: Db, user: SessionUser, snapshot: StateSnapshot): Promise<TaskInterrupt[]> {
  const found: TaskInterrupt[] = [];
  for (const task of snapshot.tasks) {
    for (const it of task.interrupts) {
      if (!it.id || !isGateRequest(it.value)) continue;
      const row = await getApprovalById(db, user.tenantId, it.value.approvalId);
      if (!row) continue;
      const shown = isStaff(user) ? toHumanInterrupt(it.value, row) : toCustomerInterrupt(it.value);
      found.push({ taskId: task.id, interrupt: { id: it.id, value: [shown] } });
    }
  }
  return found;
}
