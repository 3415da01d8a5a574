import type { ThreadRow } from "@/db/queries/threads";
import { runBody, type RunBody } from "@/app/api/langgraph/schema";
import { ApiError } from "../errors";
import { parseBody, services } from "../route";
import type { OpenSession, SessionUser } from "../session";
import { loadLangGraphThread, requireLangGraphSession } from "./access";
import { requireAssistant } from "./assistant";
import type { Services } from "./state";

export type RunRequest = { s: Services; user: SessionUser; session: OpenSession; thread: ThreadRow; body: RunBody };

/**
 * A run on a thread: who may send what. Customers send messages on their own threads and
 * never resume (their own approval least of all); operators and supervisors only resume,
 * as a decision.
 */
export async function runRequest(req: Request, threadId: string): Promise<RunRequest> {
  const s = services();
  const { user, session } = await requireLangGraphSession(s.db, req);
  const thread = await loadLangGraphThread(s.db, user, threadId);
  const body = await parseBody(req, runBody);
  requireAssistant(body.assistant_id);
  if (body.command && user.role === "customer") throw new ApiError("forbidden:role", "Customers cannot decide approvals.");
  if (body.input && user.role !== "customer") throw new ApiError("forbidden:role", "Only the customer writes in their conversation.");
  return { s, user, session, thread, body };
}
