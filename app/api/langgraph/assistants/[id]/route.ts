import { route, services } from "@/app/_lib/route";
import { requireAssistant } from "@/app/_lib/langgraph/assistant";
import { requireLangGraphUser } from "@/app/_lib/langgraph/access";

export const runtime = "nodejs";

/** The assistant by its id or its graph's id. */
export const GET = route<{ id: string }>(async (req, { id }) => {
  const { db } = services();
  await requireLangGraphUser(db, req);
  return Response.json(requireAssistant(id));
});
