import { route, services } from "@/app/_lib/route";
import { currentAssistant, requireAssistant } from "@/app/_lib/langgraph/assistant";
import { requireLangGraphUser } from "@/app/_lib/langgraph/access";

export const runtime = "nodejs";

/** The assistant by its id or its graph's id, at the agent's current revision. */
export const GET = route<{ id: string }>(async (req, { id }) => {
  const { db, agent } = services();
  await requireLangGraphUser(db, req);
  requireAssistant(id);
  return Response.json(await currentAssistant(agent));
});
