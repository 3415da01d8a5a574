import { route, services } from "@/app/_lib/route";
import { parseOptionalBody } from "@/app/_lib/request-body";
import { ASSISTANT } from "@/app/_lib/langgraph/assistant";
import { requireLangGraphUser } from "@/app/_lib/langgraph/access";
import { assistantSearchBody } from "../../schema";

export const runtime = "nodejs";

/** The one assistant (the bank support graph), when the search matches it. */
export const POST = route(async (req) => {
  const { db } = services();
  await requireLangGraphUser(db, req);
  const query = await parseOptionalBody(req, assistantSearchBody, assistantSearchBody.parse({}));
  const matches = (!query.graph_id || query.graph_id === ASSISTANT.graph_id) && (!query.name || query.name === ASSISTANT.name) && query.offset === 0;
  return Response.json(matches ? [ASSISTANT] : []);
});
