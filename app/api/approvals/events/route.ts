import { subscribeApprovalEvents, subscribeHandoverEvents } from "@/app/_lib/live-events";
import { route, services } from "@/app/_lib/route";
import { requireSession } from "@/app/_lib/session";
import { sseComment, sseEvent, sseResponse } from "@/app/_lib/sse";
import { followSession, SESSION_ENDED } from "@/app/_lib/session-streams";
import { STAFF } from "@/vocabulary/roles";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const HEARTBEAT_MS = 15_000;

/**
 * Server-Sent Events: `ready` once the stream listens for changes (a page reloads its views
 * then, since anything that changed before it was listening was not told), one `approval`
 * event per change to any of the tenant's approvals, one `handover` event per change to a
 * handover, and `signed_out` as the last event when the session that opened the stream ends.
 */
export const GET = route(async (req) => {
  const { user, session } = await requireSession(services().db, req, STAFF);
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (bytes: Uint8Array) => {
        try {
          controller.enqueue(bytes);
        } catch {
          cleanup();
        }
      };
      const close = () => {
        cleanup();
        try {
          controller.close();
        } catch {
          return;
        }
      };
      const unsubscribeApprovals = await subscribeApprovalEvents(user.tenantId, (event) =>
        send(sseEvent("approval", { approvalId: event.approvalId, status: event.status, version: event.version })),
      );
      const unsubscribeHandovers = await subscribeHandoverEvents(user.tenantId, (event) =>
        send(sseEvent("handover", { handoverId: event.handoverId, status: event.status, version: event.version })),
      );
      const unfollow = await followSession(session, () => {
        send(sseEvent("signed_out", SESSION_ENDED));
        close();
      });
      const heartbeat = setInterval(() => send(sseComment("heartbeat")), HEARTBEAT_MS);
      cleanup = () => {
        clearInterval(heartbeat);
        unsubscribeApprovals();
        unsubscribeHandovers();
        unfollow();
      };
      req.signal.addEventListener("abort", close);
      if (req.signal.aborted) close();
      send(sseEvent("ready", {}));
    },
    cancel() {
      cleanup();
    },
  });
  return sseResponse(stream);
});
