import { route, services } from "@/app/_lib/route";
import { loadLangGraphThread, requireLangGraphUser } from "@/app/_lib/langgraph/access";
import { toThread } from "@/app/_lib/langgraph/state";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** One thread: status, values and pending interrupts. Another customer's thread is 404. */
export const GET = route<{ id: string }>(async (req, { id }) => {
  const s = services();
  const user = await requireLangGraphUser(s.db, req);
  const thread = await loadLangGraphThread(s.db, user, id);
  return Response.json(await toThread(s, user, thread));
});
