import { route, services } from "@/app/_lib/route";
import { parseWith } from "@/app/_lib/request-body";
import { idParam } from "@/app/api/schema";
import { loadLangGraphThread, requireLangGraphSession } from "@/app/_lib/langgraph/access";
import { finishedRunResult, loadRun, runLocation } from "@/app/_lib/langgraph/platform-runs";
import { endWithSession, listenerSignal, resultEvents, streamModes } from "@/app/_lib/langgraph/sse";
import { errorEvent, sseEvent, sseResponse } from "@/app/_lib/sse";
import { joinStreamQuery } from "../../../../../schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Joins a run's stream: once the run is done, its values and interrupt (tokens already sent are not replayed); an `error` when the session ends first. */
export const GET = route<{ id: string; runId: string }>(async (req, { id, runId }) => {
  const s = services();
  const { user, session } = await requireLangGraphSession(s.db, req);
  const thread = await loadLangGraphThread(s.db, user, id);
  const run = await loadRun(s, user, thread, parseWith(idParam, runId, "run_id"));
  const modes = parseWith(joinStreamQuery, new URL(req.url).searchParams.getAll("stream_mode"), "query");
  let listening = true;
  const listener = listenerSignal(req);
  const stream = new ReadableStream<Uint8Array>({
    cancel() {
      listening = false;
      listener.stop();
    },
    async start(controller) {
      let unfollow = () => {};
      try {
        unfollow = await endWithSession(session, controller, () => {
          const was = listening;
          listening = false;
          listener.stop();
          return was;
        });
        controller.enqueue(sseEvent("metadata", { run_id: run.run_id, attempt: 1 }));
        const result = await finishedRunResult(s, user, thread, run.run_id, listener.signal);
        for (const event of resultEvents(result, streamModes(modes))) if (listening) controller.enqueue(event);
      } catch (error) {
        if (listening)
          controller.enqueue(errorEvent(error, "run", { stream: "run stream join", tenantId: user.tenantId, threadId: thread.id, runId: run.run_id }));
      } finally {
        unfollow();
        if (listening) controller.close();
      }
    },
  });
  return sseResponse(stream, { "content-location": runLocation(thread.id, run.run_id) });
});
