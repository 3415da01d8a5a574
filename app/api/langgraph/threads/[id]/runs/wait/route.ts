import { route } from "@/app/_lib/route";
import { decideByResume } from "@/app/_lib/langgraph/resume";
import { runMessage, runRequest } from "@/app/_lib/langgraph/run-request";
import { decisionRunId, newRunId, runLocation, runResult, sendTurn, turnRefusal, waitForAnswer } from "@/app/_lib/langgraph/runs";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** A run answered when it is done: the thread's values, with `__interrupt__` while a refund waits for a decision. */
export const POST = route<{ id: string }>(async (req, { id }) => {
  const { s, user, thread, body } = await runRequest(req, id);
  let runId: string;
  if (body.command) {
    const decided = await decideByResume(s, user, thread, body.command.resume);
    runId = decisionRunId(decided.approvalId, decided.version);
  } else {
    const message = runMessage(body);
    runId = newRunId(message.id);
    const result = await sendTurn(s, user, thread, message.text, runId);
    if (result.kind === "busy" || result.kind === "draining") throw turnRefusal(result);
    if (result.kind !== "ok") await waitForAnswer(s, user, thread, runId, req.signal);
  }
  return Response.json(await runResult(s, user, thread.id), { headers: { "content-location": runLocation(thread.id, runId) } });
});
