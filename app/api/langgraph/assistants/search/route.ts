import { route, services } from "@/app/_lib/route";
import { parseOptionalBody } from "@/app/_lib/request-body";
import { ASSISTANT, currentAssistant } from "@/app/_lib/langgraph/assistant";
import { requireLangGraphUser } from "@/app/_lib/langgraph/access";
import { assistantSearchBody } from "../../schema";

export const runtime = "nodejs";

/** The one assistant (the bank support graph, at the agent's current revision), when the search matches it. */
export const POST = route(async (req) => {
  const { db, agent } = services();
  await requireLangGraphUser(db, req);
  const query = await parseOptionalBody(req, assistantSearchBody, assistantSearchBody.parse({}));
  const matches = (!query.graph_id || query.graph_id === ASSISTANT.graph_id) && (!query.name || query.name === ASSISTANT.name) && query.offset === 0;
  return Response.json(matches ? [await currentAssistant(agent)] : []);
});
