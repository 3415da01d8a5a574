import { ApiError } from "@/app/_lib/errors";
import { INVESTIGATORS, openIncident } from "@/app/_lib/incidents";
import { idParam, parseWith, route, services } from "@/app/_lib/route";
import { requireUser } from "@/app/_lib/session";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The raw state at one checkpoint and a line diff against its parent. Reading never re-runs anything. */
export const GET = route<{ id: string; checkpointId: string }>(async (req, { id, checkpointId }) => {
  const { db, agent } = services();
  const user = await requireUser(db, req, INVESTIGATORS);
  const scope = await openIncident(db, user, id, req);
  const view = await agent.incidents.checkpoint(scope.thread.threadId, parseWith(idParam, checkpointId, "checkpoint_id"));
  if (!view) throw new ApiError("not_found:checkpoint", "No such checkpoint in this conversation.");
  return Response.json(scope.mask(view));
});
