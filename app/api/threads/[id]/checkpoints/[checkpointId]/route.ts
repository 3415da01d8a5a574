import { ApiError } from "@/app/_lib/errors";
import { idParam, parseWith, route, services } from "@/app/_lib/route";
import { INVESTIGATORS } from "@/app/_lib/incidents";
import { requireUser } from "@/app/_lib/session";
import { loadVisibleThread } from "@/app/_lib/threads";

export const runtime = "nodejs";

/** The state at one checkpoint. Reading never re-executes anything. */
export const GET = route<{ id: string; checkpointId: string }>(async (req, { id, checkpointId }) => {
  const { db, agent } = services();
  const user = await requireUser(db, req, INVESTIGATORS);
  const thread = await loadVisibleThread(db, user, id);
  const checkpoint = await agent.checkpoint(thread.id, parseWith(idParam, checkpointId, "checkpoint_id"));
  if (!checkpoint) throw new ApiError("not_found:checkpoint", "No such checkpoint in this conversation.");
  return Response.json(checkpoint);
});
