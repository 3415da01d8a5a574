import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ApiError } from "./errors";
import { errorEvent, sseComment, sseEvent, sseResponse } from "./sse";
import { SESSION_ENDED } from "./session-streams";

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const root = path.resolve(import.meta.dirname, "../..");

/** The app's and the components' source files, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

describe("the event streams' one helper", () => {
  it("frames an event and a comment as the Server-Sent Events format asks", () => {
    expect(text(sseEvent("token", { text: "Hi" }))).toBe('event: token\ndata: {"text":"Hi"}\n\n');
    expect(text(sseComment("heartbeat"))).toBe(": heartbeat\n\n");
  });

  it("tells every failure in one shape: a refusal by its code, anything else as ours, with `error` repeating the code", () => {
    const refused = text(errorEvent(new ApiError("conflict:thread", "The agent is still answering your previous message."), "turn", { stream: "turn" }));
    expect(refused).toBe(
      'event: error\ndata: {"code":"conflict:thread","message":"The agent is still answering your previous message.","error":"conflict:thread"}\n\n',
    );
    const failed = text(errorEvent(new Error("a customer's words must not reach the client"), "run", { stream: "run stream" }));
    expect(failed).toBe('event: error\ndata: {"code":"internal:run","message":"Something went wrong on our side.","error":"internal:run"}\n\n');
    expect(SESSION_ENDED).toEqual({ code: "unauthorized:session_ended", message: expect.any(String), error: "unauthorized:session_ended" });
  });

  it("answers a stream with the stream's headers, and what a route adds", () => {
    const res = sseResponse(new ReadableStream(), { "content-location": "/api/langgraph/threads/t/runs/r" });
    expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(res.headers.get("content-location")).toBe("/api/langgraph/threads/t/runs/r");
  });

  it("is the only place in the app that writes an event's frame or a stream's content type", () => {
    const framing = [/`event: /, /"event: /, /\\n\\n`/, /"text\/event-stream; charset/];
    const offenders = [...sources("app"), ...sources("components")]
      .filter((file) => file !== path.join("app", "_lib", "sse.ts"))
      .filter((file) => framing.some((pattern) => pattern.test(readFileSync(path.join(root, file), "utf8"))));
    expect(offenders).toEqual([]);
  });
});
