import { ApiError } from "@/app/_lib/errors";
import { incidentRequest } from "@/app/_lib/incidents";
import { route, services } from "@/app/_lib/route";
import { parseWith } from "@/app/_lib/request-body";
import { idParam } from "@/app/api/schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Params = { id: string; checkpointId: string };

/** The raw state at one checkpoint and a line diff against its parent. Reading never re-runs anything. */
async function checkpoint(req: Request, { id, checkpointId }: Params): Promise<Response> {
  const { db, agent } = services();
  const { user, scope } = await incidentRequest(db, req, id, "incident.viewed");
  const view = await agent.incidents.checkpoint(user.tenantId, scope.thread.threadId, parseWith(idParam, checkpointId, "checkpoint_id"));
  if (!view) throw new ApiError("not_found:checkpoint", "No such checkpoint in this conversation.");
  return scope.release(view, { checkpointId: view.checkpointId });
}

/** The state at a checkpoint, masked. Audited as `incident.viewed`. */
export const GET = route<Params>(checkpoint);

/** The state at a checkpoint; `{"reveal": true}` shows names and card numbers and is audited. */
export const POST = route<Params>(checkpoint);
