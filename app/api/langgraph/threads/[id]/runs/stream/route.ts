import type { OnToken } from "@/agent";
import { route } from "@/app/_lib/route";
import { runRequest } from "@/app/_lib/langgraph/run-request";
import { answerTurn, openRun, runLocation, runResult } from "@/app/_lib/langgraph/platform-runs";
import { endWithSession, listenerSignal, resultEvents, streamModes } from "@/app/_lib/langgraph/sse";
import { errorEvent, sseEvent, sseResponse } from "@/app/_lib/sse";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * A run as server-sent events, in the Platform's event names: `metadata` (the run id),
 * `messages` (the reply's tokens, under messages-tuple: a wording withdrawn midway is
 * left behind under its own message id, and the words that replace it stream under a new
 * one, so a client never joins the two), `values` (the thread's values,
 * then `{__interrupt__}` while a refund waits), `updates` (the interrupt), `error` (also
 * the last event when the session that opened the stream ends first). A
 * decision is decided before the stream opens, so a refused one is its 403 or 409.
 */
export const POST = route<{ id: string }>(async (req, { id }) => {
  const request = await runRequest(req, id);
  const { s, user, session, thread, body } = request;
  const modes = streamModes(body.stream_mode);
  const { runId, text } = await openRun(request);

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
      let opened = false;
      const open = () => {
        opened = true;
        send("metadata", { run_id: runId, attempt: 1 });
      };
      let unfollow = () => {};
      try {
        unfollow = await endWithSession(session, controller, () => {
          if (!opened) open();
          const was = listening;
          listening = false;
          listener.stop();
          return was;
        });
        if (text === null) open();
        else {
          // The run's id goes out once its message is stored, so a client that joins the run right after finds it; tokens wait for it.
          const early: { piece: string; id: string }[] = [];
          let wording = 1;
          const token = ({ piece, id }: { piece: string; id: string }) => {
            if (modes.has("messages-tuple"))
              send("messages", [
                { type: "AIMessageChunk", id, content: piece },
                { langgraph_node: "reply", run_id: runId },
              ]);
          };
          const onToken: OnToken = (piece, options) => {
            if (options?.reset) wording += 1;
            if (!piece) return;
            const chunk = { piece, id: `run-${runId}-reply${wording > 1 ? `-${wording}` : ""}` };
            if (opened) token(chunk);
            else early.push(chunk);
          };
          const onStored = () => {
            open();
            early.forEach(token);
          };
          await answerTurn(request, runId, text, listener.signal, { onToken, onStored });
        }
        for (const event of resultEvents(await runResult(s, user, thread.id), modes)) if (listening) controller.enqueue(event);
      } catch (error) {
        if (!opened) open();
        if (listening) controller.enqueue(errorEvent(error, "run", { stream: "run stream", tenantId: user.tenantId, threadId: thread.id, runId }));
      } finally {
        unfollow();
        if (listening) controller.close();
      }
    },
  });
  return sseResponse(stream, { "content-location": runLocation(thread.id, runId) });
});
