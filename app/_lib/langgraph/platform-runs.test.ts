import { describe, expect, it } from "vitest";
import { inputMessage } from "@/app/api/langgraph/schema";
import { messageBody } from "@/app/api/threads/schema";
import { ApiError } from "../errors";
import { decisionRunId, isDecisionRun, pollUntil } from "./platform-runs";

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

describe("waiting for a run's answer", () => {
  it("stops asking as soon as the client goes away", async () => {
    let asked = 0;
    const leave = new AbortController();
    const check = async () => {
      if (++asked === 3) leave.abort();
      return false;
    };
    await expect(pollUntil(check, { signal: leave.signal, timeoutMs: 60_000, everyMs: 10 })).rejects.toMatchObject({ code: "timeout:client" });
    expect(asked).toBe(3);
  });

  it("past its time is a 504 timeout:run, not an answer without the reply", async () => {
    const waiting = pollUntil(async () => false, { signal: new AbortController().signal, timeoutMs: 30, everyMs: 10 });
    const error = await waiting.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "timeout:run", status: 504 });
  });

  it("answers at once when the run is done", async () => {
    await expect(pollUntil(async () => true, { signal: new AbortController().signal, timeoutMs: 0, everyMs: 10 })).resolves.toBeUndefined();
  });
});
