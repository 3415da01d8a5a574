import { subscribeApprovalEvents, subscribeHandoverEvents } from "@/app/_lib/live-events";
import { route, services } from "@/app/_lib/route";
import { requireSession } from "@/app/_lib/session";
import { followSession, SESSION_ENDED } from "@/app/_lib/session-streams";
import { STAFF } from "@/vocabulary/roles";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const HEARTBEAT_MS = 15_000;

/**
 * Server-Sent Events: one `approval` event per change to any of the tenant's approvals, one
 * `handover` event per change to a handover, and `signed_out` as the last event when the
 * session that opened the stream ends.
 */
export const GET = route(async (req) => {
  const { user, session } = await requireSession(services().db, req, STAFF);
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
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
        send(`event: approval\ndata: ${JSON.stringify({ approvalId: event.approvalId, status: event.status, version: event.version })}\n\n`),
      );
      const unsubscribeHandovers = await subscribeHandoverEvents(user.tenantId, (event) =>
        send(`event: handover\ndata: ${JSON.stringify({ handoverId: event.handoverId, status: event.status, version: event.version })}\n\n`),
      );
      const unfollow = await followSession(session, () => {
        send(`event: signed_out\ndata: ${JSON.stringify(SESSION_ENDED)}\n\n`);
        close();
      });
      const heartbeat = setInterval(() => send(": heartbeat\n\n"), HEARTBEAT_MS);
      cleanup = () => {
        clearInterval(heartbeat);
        unsubscribeApprovals();
        unsubscribeHandovers();
        unfollow();
      };
      req.signal.addEventListener("abort", close);
      if (req.signal.aborted) close();
      send(": connected\n\n");
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache, no-transform", connection: "keep-alive" },
  });
});
