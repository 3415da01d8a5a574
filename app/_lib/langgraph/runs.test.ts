import { describe, expect, it } from "vitest";
import { inputMessage } from "@/app/api/langgraph/schema";
import { messageBody } from "@/app/api/threads/schema";
import { decisionRunId, isDecisionRun } from "./runs";

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
