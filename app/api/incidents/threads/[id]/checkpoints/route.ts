import { incidentRequest } from "@/app/_lib/incidents";
import { route, services } from "@/app/_lib/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The conversation's checkpoints, oldest first: id, parent, step, source, what ran, next, interrupts, size. */
async function checkpoints(req: Request, id: string): Promise<Response> {
  const { db, agent } = services();
  const { user, scope } = await incidentRequest(db, req, id, "incident.viewed");
  return scope.release({ threadId: scope.thread.threadId, checkpoints: await agent.history(user.tenantId, scope.thread.threadId) });
}

/** The checkpoint list, masked. Audited as `incident.viewed`. */
export const GET = route<{ id: string }>((req, { id }) => checkpoints(req, id));

/** The checkpoint list; `{"reveal": true}` shows names and card numbers and is audited. */
export const POST = route<{ id: string }>((req, { id }) => checkpoints(req, id));
