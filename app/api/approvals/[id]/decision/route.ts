import { ApiError } from "@/app/_lib/errors";
import { idParam, parseBody, parseWith, route, services } from "@/app/_lib/route";
import { DECIDERS, requireUser } from "@/app/_lib/session";
import { decisionBody } from "../../schema";

export const runtime = "nodejs";

/** Approve or reject, as a compare-and-set on the version the operator saw. */
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
  });
  if (result.kind === "not_found") throw new ApiError("not_found:approval", "No such approval.");
  if (result.kind === "conflict") {
    throw new ApiError("conflict:approval", `This approval is ${result.status} (version ${result.version}); nothing was changed.`, {
      currentStatus: result.status,
      currentVersion: result.version,
    });
  }
  return Response.json({ approvalId, status: result.status, version: result.version });
});
