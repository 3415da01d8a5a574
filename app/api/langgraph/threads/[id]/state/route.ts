import { route, services } from "@/app/_lib/route";
import { loadLangGraphThread, requireLangGraphUser } from "@/app/_lib/langgraph/access";
import { currentState } from "@/app/_lib/langgraph/state";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The thread's current state: values, next nodes, tasks, and the approval interrupt while it waits. */
export const GET = route<{ id: string }>(async (req, { id }) => {
  const s = services();
  const user = await requireLangGraphUser(s.db, req);
  const thread = await loadLangGraphThread(s.db, user, id);
  return Response.json(await currentState(s, user, thread));
});
