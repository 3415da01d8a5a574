import { describe, expect, it } from "vitest";
import { readSse, type SseEvent } from "./sse";

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function collect(chunks: string[]): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  for await (const event of readSse(streamOf(chunks))) events.push(event);
  return events;
}

describe("readSse", () => {
  it("yields each event with its name and data", async () => {
    const events = await collect(['event: token\ndata: {"text":"Hi "}\n\n', 'event: done\ndata: {"reply":"Hi"}\n\n']);
    expect(events).toEqual([
      { event: "token", data: '{"text":"Hi "}' },
      { event: "done", data: '{"reply":"Hi"}' },
    ]);
  });

  it("reassembles an event split across chunks, even inside a multi-byte character", async () => {
    const bytes = new TextEncoder().encode('event: token\ndata: {"text":"1,249.00 €"}\n\n');
    const cut = bytes.length - 5;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, cut));
        controller.enqueue(bytes.slice(cut));
        controller.close();
      },
    });
    const events: SseEvent[] = [];
    for await (const event of readSse(stream)) events.push(event);
    expect(events).toEqual([{ event: "token", data: '{"text":"1,249.00 €"}' }]);
  });

  it("ignores comments, accepts CRLF and joins multi-line data", async () => {
    const events = await collect([": keep-alive\r\n\r\n", "data: a\r\ndata: b\r\n\r\n"]);
    expect(events).toEqual([{ event: "message", data: "a\nb" }]);
  });

  it("yields a final event that lacks its blank line", async () => {
    expect(await collect(['event: done\ndata: {"reply":"x"}'])).toEqual([{ event: "done", data: '{"reply":"x"}' }]);
  });
});
