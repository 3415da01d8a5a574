import { route } from "@/app/_lib/route";
import { runRequest } from "@/app/_lib/langgraph/run-request";
import { answerTurn, openRun, runLocation, runResult } from "@/app/_lib/langgraph/platform-runs";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** A run answered when it is done: the thread's values, with `__interrupt__` while a refund waits for a decision. */
export const POST = route<{ id: string }>(async (req, { id }) => {
  const request = await runRequest(req, id);
  const { s, user, thread } = request;
  const run = await openRun(request);
  if (run.text !== null) await answerTurn(request, run.runId, run.text, req.signal);
  return Response.json(await runResult(s, user, thread.id), { headers: { "content-location": runLocation(thread.id, run.runId) } });
});
