import { route } from "@/app/_lib/route";
import { decideByResume } from "@/app/_lib/langgraph/resume";
import { runMessage, runRequest } from "@/app/_lib/langgraph/run-request";
import { decisionRun, newRunId, runLocation, startBackgroundTurn } from "@/app/_lib/langgraph/runs";

export const runtime = "nodejs";

/**
 * A background run. A customer message is stored and answered by the app's turn
 * machinery (poll the run or join it); a decision (command.resume) is decided before
 * the answer, so a refused one is its 403 or 409.
 */
export const POST = route<{ id: string }>(async (req, { id }) => {
  const { s, user, thread, body } = await runRequest(req, id);
  const run = body.command
    ? decisionRun(s, thread.id, await decideByResume(s, user, thread, body.command.resume))
    : await startBackgroundTurn(s, user, thread, runMessage(body).text, newRunId(runMessage(body).id));
  return Response.json(run, { headers: { "content-location": runLocation(thread.id, run.run_id) } });
});
