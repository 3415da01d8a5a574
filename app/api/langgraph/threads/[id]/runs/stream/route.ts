import { route } from "@/app/_lib/route";
import { decideByResume } from "@/app/_lib/langgraph/resume";
import { runMessage, runRequest } from "@/app/_lib/langgraph/run-request";
import type { ApiError } from "@/app/_lib/errors";
import { decisionRunId, newRunId, runLocation, runResult, runStored, sendTurn, turnRefusal, waitForAnswer } from "@/app/_lib/langgraph/runs";
import { resultEvents, sseEvent, sseResponse, streamModes } from "@/app/_lib/langgraph/sse";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * A run as server-sent events, in the Platform's event names: `metadata` (the run id),
 * `messages` (the reply's tokens, under messages-tuple), `values` (the thread's values,
 * then `{__interrupt__}` while a refund waits), `updates` (the interrupt), `error`. A
 * decision is decided before the stream opens, so a refused one is its 403 or 409.
 */
export const POST = route<{ id: string }>(async (req, { id }) => {
  const { s, user, thread, body } = await runRequest(req, id);
  const modes = streamModes(body.stream_mode);
  const decided = body.command ? await decideByResume(s, user, thread, body.command.resume) : null;
  const message = body.input ? runMessage(body) : null;
  const runId = decided ? decisionRunId(decided.approvalId, decided.version) : newRunId(message!.id);
  const answerId = `run-${runId}-reply`;

  // A client that goes away stops hearing the run, never the run itself: its message is still answered.
  let listening = true;
  const stream = new ReadableStream<Uint8Array>({
    cancel() {
      listening = false;
    },
    async start(controller) {
      const send = (event: string, data: unknown) => {
        if (listening) controller.enqueue(sseEvent(event, data));
      };
      const refuse = (refusal: ApiError) => send("error", { error: refusal.code, message: refusal.message });
      try {
        if (message) {
          // The run's metadata goes out once its message is stored, so a client that joins the run right after finds it; tokens wait for it.
          const early: string[] = [];
          let opened = false;
          const token = (text: string) => {
            if (modes.has("messages-tuple")) send("messages", [{ type: "AIMessageChunk", id: answerId, content: text }, { langgraph_node: "reply", run_id: runId }]);
          };
          const turn = sendTurn(s, user, thread, message.text, runId, (text) => (opened ? token(text) : early.push(text)));
          const refused = await runStored(s, user, thread, runId, turn);
          send("metadata", { run_id: runId, attempt: 1 });
          opened = true;
          early.forEach(token);
          if (refused) return refuse(refused);
          const result = await turn;
          if (result.kind === "busy" || result.kind === "draining") return refuse(turnRefusal(result));
          if (result.kind !== "ok") await waitForAnswer(s, user, thread, runId);
        } else {
          send("metadata", { run_id: runId, attempt: 1 });
        }
        for (const event of resultEvents(await runResult(s, user, thread.id), modes)) if (listening) controller.enqueue(event);
      } catch (error) {
        console.error("run stream failed", error);
        send("error", { error: "internal:run", message: "Something went wrong on our side." });
      } finally {
        if (listening) controller.close();
      }
    },
  });
  return sseResponse(stream, runLocation(thread.id, runId));
});
