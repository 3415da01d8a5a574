import type { RunBody } from "@/app/api/langgraph/schema";

/** The stream modes a client asked for; the Platform streams `values` when none is named. */
export function streamModes(mode: RunBody["stream_mode"]): Set<string> {
  if (!mode) return new Set(["values"]);
  return new Set(Array.isArray(mode) ? mode : [mode]);
}

/** One server-sent event as the SDK parses it. */
export function sseEvent(event: string, data: unknown): Uint8Array {
  return new TextEncoder().encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** An event stream answered to the SDK, naming the run it carries (the SDK reads Content-Location). */
export function sseResponse(body: ReadableStream<Uint8Array>, location: string): Response {
  return new Response(body, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "content-location": location,
    },
  });
}
