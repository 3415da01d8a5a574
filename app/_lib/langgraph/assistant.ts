import { createHash } from "node:crypto";
import type { Assistant } from "@/app/api/langgraph/schema";
import type { RevisionRow } from "@/db/queries/revisions";
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

/** The one assistant: the bank support graph, as the app runs it (version 1 until a revision is known). */
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

/**
 * The assistant at a revision of the agent: its version is the revision's number, its metadata
 * the revision's id and what it is made of (code, reply templates, help articles, models, prompts,
 * business rules), so a client can tell which revision answered.
 */
export function assistantAt(revision: RevisionRow): Assistant {
  const at = revision.firstSeenAt.toISOString();
  return {
    ...ASSISTANT,
    metadata: { ...ASSISTANT.metadata, revision: revision.id, components: revision.components },
    version: revision.number,
    updated_at: at,
  };
}

/** The assistant as this process runs it: at the agent's current revision. */
export async function currentAssistant(agent: { revisionRegistered(): Promise<RevisionRow> }): Promise<Assistant> {
  return assistantAt(await agent.revisionRegistered());
}

/** Whether an id names the assistant: its own id or its graph's, as the Platform accepts both. */
export function isAssistant(assistantId: string): boolean {
  return assistantId === ASSISTANT_ID || assistantId === GRAPH_ID;
}

/** The assistant a request names, by its id or its graph's id, as the Platform accepts both. */
export function requireAssistant(assistantId: string): Assistant {
  if (!isAssistant(assistantId)) throw new ApiError("not_found:assistant", "No such assistant.");
  return ASSISTANT;
}
