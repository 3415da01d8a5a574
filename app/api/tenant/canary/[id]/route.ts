import { answerBankCanary } from "@/app/_lib/canary";
import { route, services } from "@/app/_lib/route";
import { parseBody, parseWith } from "@/app/_lib/request-body";
import { idParam } from "@/app/api/schema";
import { requireUser } from "@/app/_lib/session";
import { SUPERVISORS } from "@/vocabulary/roles";
import { canaryAnswer } from "../schema";

export const runtime = "nodejs";

/** A supervisor starts (confirms) or rejects the canary another supervisor of their bank proposed (or withdraws their own). */
export const POST = route<{ id: string }>(async (req, { id }) => {
  const { db, agent } = services();
  const user = await requireUser(db, req, SUPERVISORS);
  const canaryId = parseWith(idParam, id, "canary_id");
  const { answer } = await parseBody(req, canaryAnswer);
  return Response.json(await answerBankCanary(db, agent, { tenantId: user.tenantId, actor: user.username, id: canaryId, answer }));
});
