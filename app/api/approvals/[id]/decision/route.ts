import { refusalError } from "@/app/_lib/refusal";
import { route, services } from "@/app/_lib/route";
import { parseBody, parseWith } from "@/app/_lib/request-body";
import { idParam } from "@/app/api/schema";
import { requireUser } from "@/app/_lib/session";
import { decisionBody } from "../../schema";
import { DECIDERS, type DeciderRole } from "@/vocabulary/roles";

export const runtime = "nodejs";

/**
 * Approve (optionally a lower amount) or reject, as a compare-and-set on the version the
 * operator saw. The server enforces authority: operator limit, four-eyes, claims, and that
 * the second of two approvals is for the first approver's amount (409 conflict:amount).
 */
export const POST = route<{ id: string }>(async (req, { id }) => {
  const { db, agent } = services();
  const user = await requireUser(db, req, DECIDERS);
  const approvalId = parseWith(idParam, id, "approval_id");
  const body = await parseBody(req, decisionBody);
  const result = await agent.decide({
    tenantId: user.tenantId,
    approvalId,
    version: body.version,
    decision: body.decision === "approve" ? "approved" : "rejected",
    reason: body.reason || "Approved after review.",
    actor: user.username,
    role: user.role as DeciderRole,
    amountMinor: body.amountMinor,
  });
  if (result.kind !== "ok") throw refusalError(result, result.kind === "conflict" && result.about === "amount" ? "amount" : "approval");
  return Response.json({ approvalId, status: result.status, version: result.version, approvalsNeeded: result.approvalsNeeded });
});
