import { answerHandover } from "@/agent/runtime/handovers";
import { handoverChangeResponse } from "@/app/_lib/handover-refusal";
import { route, services } from "@/app/_lib/route";
import { parseBody, parseWith } from "@/app/_lib/request-body";
import { idParam } from "@/app/api/schema";
import { requireUser } from "@/app/_lib/session";
import { answerBody } from "../../schema";
import { DECIDERS } from "@/vocabulary/roles";

export const runtime = "nodejs";

/** Answers the customer of a handed-over conversation in their chat, under the staff member's first name. */
export const POST = route<{ id: string }>(async (req, { id }) => {
  const { db } = services();
  const user = await requireUser(db, req, DECIDERS);
  const handoverId = parseWith(idParam, id, "handover_id");
  const body = await parseBody(req, answerBody);
  const result = await answerHandover(db, {
    tenantId: user.tenantId,
    handoverId,
    version: body.version,
    actor: user.username,
    displayName: user.displayName,
    text: body.text,
  });
  return handoverChangeResponse(result);
});
