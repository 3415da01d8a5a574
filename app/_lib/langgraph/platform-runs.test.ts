import { describe, expect, it } from "vitest";
import { inputMessage } from "@/app/api/langgraph/schema";
import { messageBody } from "@/app/api/threads/schema";
import { ApiError } from "../errors";
import { decisionRunId, isDecisionRun, untilHeard } from "./platform-runs";

describe("run ids", () => {
  it("a customer's message id cannot pose as an operator's decision run, in the Platform API or the chat", () => {
    const posing = decisionRunId("6f1c2a9e-0b7d-4c55-9a43-2d8e1f0b7c11", 3);
    expect(isDecisionRun(posing)).toBe(true);
    for (const id of [posing, "decision-anything-1", "DECISION-anything-1"]) {
      expect(inputMessage.safeParse({ type: "human", content: "hi", id }).success).toBe(false);
      expect(messageBody.safeParse({ text: "hi", clientMessageId: id }).success).toBe(false);
    }
    expect(inputMessage.parse({ type: "human", content: "hi", id: "msg-0001-decision" })).toEqual({ id: "msg-0001-decision", text: "hi" });
    expect(messageBody.parse({ text: "hi", clientMessageId: "a1b2c3d4-decisions" })).toEqual({ text: "hi", clientMessageId: "a1b2c3d4-decisions" });
  });
});

/** An announcement source a test fires by hand. */
function announcer() {
  const listeners = new Set<() => void>();
  return {
    listen: async (wake: () => void) => {
      listeners.add(wake);
      return () => listeners.delete(wake);
    },
    fire: () => listeners.forEach((wake) => wake()),
    get listening() {
      return listeners.size;
    },
  };
}

describe("waiting for a run's answer", () => {
  it("asks again on each announcement, not on a timer, and stops listening once it holds", async () => {
    const heard = announcer();
    let asked = 0;
    let answered = false;
    const waiting = untilHeard(
      async () => {
        asked++;
        return answered;
      },
      heard.listen,
      { signal: new AbortController().signal, timeoutMs: 60_000 },
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(asked, "asked once, then waits for an announcement").toBe(1);
    heard.fire();
    await new Promise((r) => setTimeout(r, 10));
    expect(asked).toBe(2);
    answered = true;
    heard.fire();
    await expect(waiting).resolves.toBeUndefined();
    expect(asked).toBe(3);
    expect(heard.listening).toBe(0);
  });

  it("stops waiting as soon as the client goes away", async () => {
    const heard = announcer();
    const leave = new AbortController();
    const waiting = untilHeard(async () => false, heard.listen, { signal: leave.signal, timeoutMs: 60_000 });
    await new Promise((r) => setTimeout(r, 10));
    leave.abort();
    await expect(waiting).rejects.toMatchObject({ code: "timeout:client" });
    expect(heard.listening).toBe(0);
  });

  it("past its time is a 504 timeout:run, not an answer without the reply", async () => {
    const waiting = untilHeard(async () => false, announcer().listen, { signal: new AbortController().signal, timeoutMs: 30 });
    const error = await waiting.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "timeout:run", status: 504 });
  });

  it("answers at once when the run is done", async () => {
    await expect(untilHeard(async () => true, announcer().listen, { signal: new AbortController().signal, timeoutMs: 0 })).resolves.toBeUndefined();
  });
});
