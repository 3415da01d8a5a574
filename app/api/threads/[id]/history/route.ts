import { route, services } from "@/app/_lib/route";
import { INVESTIGATORS } from "@/app/_lib/incidents";
import { requireUser } from "@/app/_lib/session";
import { loadVisibleThread } from "@/app/_lib/threads";

export const runtime = "nodejs";

/** The thread's checkpoints, oldest first: id, parent, step, source, next, interrupts, size. */
export const GET = route<{ id: string }>(async (req, { id }) => {
  const { db, agent } = services();
  const user = await requireUser(db, req, INVESTIGATORS);
  const thread = await loadVisibleThread(db, user, id);
  return Response.json({ threadId: thread.id, checkpoints: await agent.history(thread.id) });
});
