import { route, services } from "@/app/_lib/route";
import { parseBody, parseWith } from "@/app/_lib/request-body";
import { idParam } from "@/app/api/schema";
import { requireUser } from "@/app/_lib/session";
import { answerPolicyChange } from "@/app/_lib/tenant-policy";
import { SUPERVISORS } from "@/vocabulary/roles";
import { policyChangeAnswer } from "../../../schema";

export const runtime = "nodejs";

/** A supervisor confirms or rejects the loosening another supervisor of their bank proposed (or withdraws their own). */
export const POST = route<{ id: string }>(async (req, { id }) => {
  const { db, agent } = services();
  const user = await requireUser(db, req, SUPERVISORS);
  const changeId = parseWith(idParam, id, "policy_change_id");
  const { answer } = await parseBody(req, policyChangeAnswer);
  return Response.json(await answerPolicyChange(db, agent, { tenantId: user.tenantId, actor: user.username, changeId, answer }));
});
