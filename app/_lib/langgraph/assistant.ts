import { createHash } from "node:crypto";
import type { Assistant } from "@/app/api/langgraph/schema";
import { ApiError } from "../errors";

/** The graph's name in langgraph.json and the Platform API: clients' default, so agent-chat-ui needs no setting. */
export const GRAPH_ID = "agent";

/** The Platform names a graph's default assistant uuid5(graph id, the URL namespace); the same id here. */
function defaultAssistantId(graphId: string): string {
  const namespace = Buffer.from("6ba7b8219dad11d180b400c04fd430c8", "hex");
  const hash = createHash("sha1")
    .update(Buffer.concat([namespace, Buffer.from(graphId)]))
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const ASSISTANT_ID = defaultAssistantId(GRAPH_ID);

const CREATED_AT = "2026-01-01T00:00:00.000Z";

/** The one assistant: the bank support graph, as the app runs it. */
export const ASSISTANT: Assistant = {
  assistant_id: ASSISTANT_ID,
  graph_id: GRAPH_ID,
  name: "Bank support agent",
  description: "Answers card questions and refund requests; refunds that need review wait for an operator's decision.",
  config: {},
  context: {},
  metadata: { created_by: "system" },
  version: 1,
  created_at: CREATED_AT,
  updated_at: CREATED_AT,
};

/** The assistant a request names, by its id or its graph's id, as the Platform accepts both. */
export function requireAssistant(assistantId: string): Assistant {
  if (assistantId !== ASSISTANT_ID && assistantId !== GRAPH_ID) throw new ApiError("not_found:assistant", "No such assistant.");
  return ASSISTANT;
}
