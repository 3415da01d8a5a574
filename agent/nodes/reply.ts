import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { composeReply } from "../replies";
import type { AgentStateType, AgentUpdate } from "../state";

/** Answers the customer; the words stream to the widget as they are written. */
export async function reply(state: AgentStateType, config: LangGraphRunnableConfig): Promise<AgentUpdate> {
  const text = composeReply(state);
  for (const piece of text.match(/\S+\s*/g) ?? []) config.writer?.({ type: "token", text: piece });
  return { answer: text, recent: [{ role: "agent", text }] };
}
