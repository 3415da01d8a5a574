import { subscribeApprovalEvents, subscribeHandoverEvents } from "@/app/_lib/approval-events";
import { route, services } from "@/app/_lib/route";
import { requireUser } from "@/app/_lib/session";
import { STAFF } from "@/vocabulary/roles";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const HEARTBEAT_MS = 15_000;

/** Server-Sent Events: one `approval` event per change to any of the tenant's approvals, one `handover` event per change to a handover. */
export const GET = route(async (req) => {
  const user = await requireUser(services().db, req, STAFF);
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
      const unsubscribeApprovals = await subscribeApprovalEvents(user.tenantId, (event) =>
        send(`event: approval\ndata: ${JSON.stringify({ approvalId: event.approvalId, status: event.status, version: event.version })}\n\n`),
      );
      const unsubscribeHandovers = await subscribeHandoverEvents(user.tenantId, (event) =>
        send(`event: handover\ndata: ${JSON.stringify({ handoverId: event.handoverId, status: event.status, version: event.version })}\n\n`),
      );
      const unsubscribe = () => {
        unsubscribeApprovals();
        unsubscribeHandovers();
      };
      const heartbeat = setInterval(() => send(": heartbeat\n\n"), HEARTBEAT_MS);
      cleanup = () => {
        clearInterval(heartbeat);
        unsubscribe();
      };
      req.signal.addEventListener("abort", () => {
        cleanup();
        try {
          controller.close();
        } catch {
          return;
        }
      });
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
