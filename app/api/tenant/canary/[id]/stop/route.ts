import { stopBankCanary } from "@/app/_lib/canary";
import { route, services } from "@/app/_lib/route";
import { parseBody, parseWith } from "@/app/_lib/request-body";
import { idParam } from "@/app/api/schema";
import { requireUser } from "@/app/_lib/session";
import { SUPERVISORS } from "@/vocabulary/roles";
import { canaryStop } from "../../schema";

export const runtime = "nodejs";

/** A supervisor stops the bank's running canary: new conversations go back to the bank's revision. */
export const POST = route<{ id: string }>(async (req, { id }) => {
  const { db, agent } = services();
  const user = await requireUser(db, req, SUPERVISORS);
  const canaryId = parseWith(idParam, id, "canary_id");
  const { reason } = await parseBody(req, canaryStop);
  return Response.json(await stopBankCanary(db, agent, { tenantId: user.tenantId, actor: user.username, id: canaryId, reason }));
});
