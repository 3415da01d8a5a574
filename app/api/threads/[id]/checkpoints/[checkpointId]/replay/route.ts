import { z } from "zod";
import { ApiError } from "@/app/_lib/errors";
import { INVESTIGATORS, openIncident } from "@/app/_lib/incidents";
import { parseOptionalBody, parseWith, idParam, route, services } from "@/app/_lib/route";
import { requireUser } from "@/app/_lib/session";
import { replayBody } from "../../../../../incidents/schema";

export const runtime = "nodejs";

const body = replayBody.omit({ checkpointId: true });

/** DESIGN.md's sandbox replay route: the incident viewer's replay, addressed by checkpoint. */
export const POST = route<{ id: string; checkpointId: string }>(async (req, { id, checkpointId }) => {
  const { db, agent } = services();
  const user = await requireUser(db, req, INVESTIGATORS);
  const scope = await openIncident(db, user, id, req);
  const options: z.infer<typeof body> = await parseOptionalBody(req, body, { systems: "recorded" });
  const result = await agent.incidents.replay(user.tenantId, scope.thread.threadId, {
    ...options,
    checkpointId: parseWith(idParam, checkpointId, "checkpoint_id"),
  });
  if (!result) throw new ApiError("not_found:checkpoint", "No such checkpoint in this conversation.");
  return Response.json(scope.mask(result));
});
