import { route } from "@/app/_lib/route";
import { decideByResume } from "@/app/_lib/langgraph/resume";
import { runMessage, runRequest } from "@/app/_lib/langgraph/run-request";
import { decisionRunId, newRunId, runLocation, runResult, sendTurn, turnRefusal, waitForAnswer } from "@/app/_lib/langgraph/runs";
import { errorEvent, listenerSignal, resultEvents, sseEvent, sseResponse, streamModes } from "@/app/_lib/langgraph/sse";

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
  const listener = listenerSignal(req);
  const stream = new ReadableStream<Uint8Array>({
    cancel() {
      listening = false;
      listener.stop();
    },
    async start(controller) {
      const send = (event: string, data: unknown) => {
        if (listening) controller.enqueue(sseEvent(event, data));
      };
      try {
        send("metadata", { run_id: runId, attempt: 1 });
        if (message) {
          const onToken = (text: string) => {
            if (modes.has("messages-tuple")) send("messages", [{ type: "AIMessageChunk", id: answerId, content: text }, { langgraph_node: "reply", run_id: runId }]);
          };
          const result = await sendTurn(s, user, thread, message.text, runId, onToken);
          if (result.kind === "busy" || result.kind === "draining") {
            const refusal = turnRefusal(result);
            send("error", { error: refusal.code, message: refusal.message });
            return;
          }
          if (result.kind !== "ok") await waitForAnswer(s, user, thread, runId, listener.signal);
        }
        for (const event of resultEvents(await runResult(s, user, thread.id), modes)) if (listening) controller.enqueue(event);
      } catch (error) {
        if (listening) controller.enqueue(errorEvent(error, "run stream"));
      } finally {
        if (listening) controller.close();
      }
    },
  });
  return sseResponse(stream, runLocation(thread.id, runId));
});
