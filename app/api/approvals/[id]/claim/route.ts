import type { ClaimResult } from "@/agent";
import { refusalError } from "@/app/_lib/refusal";
import { route, services } from "@/app/_lib/route";
import { parseOptionalBody, parseWith } from "@/app/_lib/request-body";
import { idParam } from "@/app/api/schema";
import { requireUser } from "@/app/_lib/session";
import { claimBody } from "../../schema";
import { DECIDERS } from "@/vocabulary/roles";

export const runtime = "nodejs";

function answer(approvalId: string, result: ClaimResult): Response {
  if (result.kind !== "ok") throw refusalError(result, "claim");
  return Response.json({ approvalId, claimedBy: result.claimedBy, claimExpiresAt: result.claimExpiresAt, version: result.version });
}

/** Claims the case for the signed-in operator (a lease); `takeover` is for supervisors. */
export const POST = route<{ id: string }>(async (req, { id }) => {
  const { db, agent } = services();
  const user = await requireUser(db, req, DECIDERS);
  const approvalId = parseWith(idParam, id, "approval_id");
  const { takeover } = await parseOptionalBody(req, claimBody, { takeover: false });
  return answer(approvalId, await agent.claim({ tenantId: user.tenantId, approvalId, actor: user.username, role: user.role, takeover }));
});

/** Releases the claim: the holder's own, or anyone's for a supervisor. */
export const DELETE = route<{ id: string }>(async (req, { id }) => {
  const { db, agent } = services();
  const user = await requireUser(db, req, DECIDERS);
  const approvalId = parseWith(idParam, id, "approval_id");
  return answer(approvalId, await agent.release({ tenantId: user.tenantId, approvalId, actor: user.username, role: user.role }));
});
