import { closeHandover } from "@/agent/runtime/handovers";
import { handoverChangeResponse } from "@/app/_lib/handover-refusal";
import { route, services } from "@/app/_lib/route";
import { parseBody, parseWith } from "@/app/_lib/request-body";
import { idParam } from "@/app/api/schema";
import { requireUser } from "@/app/_lib/session";
import { closeBody } from "../../schema";
import { DECIDERS } from "@/vocabulary/roles";

export const runtime = "nodejs";

/** Closes a handover without writing to the customer: settled elsewhere, or nothing left to answer. */
export const POST = route<{ id: string }>(async (req, { id }) => {
  const { db } = services();
  const user = await requireUser(db, req, DECIDERS);
  const handoverId = parseWith(idParam, id, "handover_id");
  const body = await parseBody(req, closeBody);
  return handoverChangeResponse(await closeHandover(db, { tenantId: user.tenantId, handoverId, version: body.version, actor: user.username }));
});
