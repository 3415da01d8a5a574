import { describe, expect, it } from "vitest";
import { resultEvents, streamModes } from "./sse";

const decode = (events: Uint8Array[]) => events.map((e) => new TextDecoder().decode(e));
const interrupt = { id: "int-1", value: [] };

describe("a finished run's events", () => {
  it("stream values by default, and the interrupt as a values chunk of its own after them", () => {
    const events = decode(resultEvents({ messages: [], case: null, __interrupt__: [interrupt] }, streamModes(undefined)));
    expect(events).toEqual([
      `event: values\ndata: {"messages":[],"case":null}\n\n`,
      `event: values\ndata: {"__interrupt__":[${JSON.stringify(interrupt)}]}\n\n`,
    ]);
  });

  it("send the interrupt as an update when updates are asked for, and nothing of it when the run did not pause", () => {
    expect(decode(resultEvents({ messages: [], case: null, __interrupt__: [interrupt] }, streamModes(["updates"])))).toEqual([
      `event: updates\ndata: {"__interrupt__":[${JSON.stringify(interrupt)}]}\n\n`,
    ]);
    expect(resultEvents({ messages: [], case: null }, streamModes(["updates", "messages-tuple"]))).toEqual([]);
  });
});
