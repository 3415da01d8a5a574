import { route, services } from "@/app/_lib/route";
import { parseWith } from "@/app/_lib/request-body";
import { idParam } from "@/app/api/schema";
import { loadLangGraphThread, requireLangGraphUser } from "@/app/_lib/langgraph/access";
import { finishedRunResult, loadRun } from "@/app/_lib/langgraph/platform-runs";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Waits for the run to finish and answers the thread's values, as runs/wait does. */
export const GET = route<{ id: string; runId: string }>(async (req, { id, runId }) => {
  const s = services();
  const user = await requireLangGraphUser(s.db, req);
  const thread = await loadLangGraphThread(s.db, user, id);
  const run = await loadRun(s, user, thread, parseWith(idParam, runId, "run_id"));
  return Response.json(await finishedRunResult(s, user, thread, run.run_id, req.signal));
});
