import { ApiError } from "@/app/_lib/errors";
import { INVESTIGATORS, openIncident } from "@/app/_lib/incidents";
import { parseBody, route, services } from "@/app/_lib/route";
import { requireUser } from "@/app/_lib/session";
import { replayBody } from "../../../schema";

export const runtime = "nodejs";

/**
 * Runs the rest of the conversation from a checkpoint in a sandbox (in-memory saver,
 * recorded system answers, dry-run ledger), optionally under a what-if policy.
 */
export const POST = route<{ id: string }>(async (req, { id }) => {
  const { db, agent } = services();
  const user = await requireUser(db, req, INVESTIGATORS);
  const body = await parseBody(req, replayBody);
  const scope = await openIncident(db, user, id, req, { audit: "incident.replayed" });
  const result = await agent.incidents.replay(user.tenantId, scope.thread.threadId, body);
  if (!result) throw new ApiError("not_found:checkpoint", "No such checkpoint in this conversation.");
  return Response.json(scope.mask(result));
});
