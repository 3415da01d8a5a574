import { refusalError } from "@/app/_lib/refusal";
import { route, services } from "@/app/_lib/route";
import { parseBody, parseWith } from "@/app/_lib/request-body";
import { idParam } from "@/app/api/schema";
import { requireUser } from "@/app/_lib/session";
import { questionBody } from "../../schema";
import { DECIDERS } from "@/vocabulary/roles";

export const runtime = "nodejs";

/** Asks the customer a question in their chat; the approval waits for the answer. */
export const POST = route<{ id: string }>(async (req, { id }) => {
  const { db, agent } = services();
  const user = await requireUser(db, req, DECIDERS);
  const approvalId = parseWith(idParam, id, "approval_id");
  const body = await parseBody(req, questionBody);
  const result = await agent.askCustomer({ tenantId: user.tenantId, approvalId, actor: user.username, role: user.role, ...body });
  if (result.kind !== "ok") throw refusalError(result, "approval");
  return Response.json({ questionId: result.questionId, version: result.version }, { status: 201 });
});
