import { listRevisions } from "@/db/queries/revisions";
import { route, services } from "@/app/_lib/route";
import { parseOptionalBody } from "@/app/_lib/request-body";
import { assistantAt, requireAssistant } from "@/app/_lib/langgraph/assistant";
import { requireLangGraphUser } from "@/app/_lib/langgraph/access";
import { assistantVersionsBody } from "../../../schema";

export const runtime = "nodejs";

/**
 * The assistant's versions, newest first: one for each revision of the agent that has run here,
 * numbered in the order they first ran. `metadata` keeps those whose metadata has each of its
 * entries (`{"revision": "rev-…"}`).
 */
export const POST = route<{ id: string }>(async (req, { id }) => {
  const { db, agent } = services();
  await requireLangGraphUser(db, req);
  requireAssistant(id);
  const query = await parseOptionalBody(req, assistantVersionsBody, assistantVersionsBody.parse({}));
  await agent.revisionRegistered();
  const versions = (await listRevisions(db))
    .reverse()
    .map(assistantAt)
    .filter((version) => Object.entries(query.metadata ?? {}).every(([key, value]) => JSON.stringify(version.metadata[key]) === JSON.stringify(value)));
  return Response.json(versions.slice(query.offset, query.offset + query.limit));
});
