import { route } from "@/app/_lib/route";
import { runRequest } from "@/app/_lib/langgraph/run-request";
import { decisionRun, openRun, runLocation, startBackgroundTurn } from "@/app/_lib/langgraph/platform-runs";

export const runtime = "nodejs";

/**
 * A background run. A customer message is stored and answered by the app's turn
 * machinery (poll the run or join it); a decision (command.resume) is decided before
 * the answer, so a refused one is its 403 or 409.
 */
export const POST = route<{ id: string }>(async (req, { id }) => {
  const request = await runRequest(req, id);
  const { s, user, thread } = request;
  const opened = await openRun(request);
  const run = opened.text === null ? decisionRun(s, thread.id, opened.runId) : await startBackgroundTurn(s, user, thread, opened.text, opened.runId);
  return Response.json(run, { headers: { "content-location": runLocation(thread.id, run.run_id) } });
});
