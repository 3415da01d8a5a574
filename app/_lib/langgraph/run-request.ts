import type { ThreadRow } from "@/db/queries/threads";
import { runBody, type RunBody } from "@/app/api/langgraph/schema";
import { spendTurn } from "../budgets";
import { ApiError } from "../errors";
import { services } from "../route";
import { parseBody } from "../request-body";
import { customerIdOf, type OpenSession, type SessionUser } from "../session";
import { loadLangGraphThread, requireLangGraphSession } from "./access";
import { requireAssistant } from "./assistant";
import type { Services } from "./state";

export type RunRequest = { s: Services; user: SessionUser; session: OpenSession; thread: ThreadRow; body: RunBody };

/**
 * A run on a thread: who may send what. Customers send messages on their own threads and
 * never resume (their own approval least of all); operators and supervisors only resume,
 * as a decision. A customer's message spends one of their turns (past the budget: 429).
 */
export async function runRequest(req: Request, threadId: string): Promise<RunRequest> {
  const s = services();
  const { user, session } = await requireLangGraphSession(s.db, req);
  const thread = await loadLangGraphThread(s.db, user, threadId);
  const body = await parseBody(req, runBody);
  requireAssistant(body.assistant_id);
  if (body.command && user.role === "customer") throw new ApiError("forbidden:role", "Customers cannot decide approvals.");
  if (body.input && user.role !== "customer") throw new ApiError("forbidden:role", "Only the customer writes in their conversation.");
  // A run with a message is a turn, on the same budget as the chat's.
  if (body.input) await spendTurn(s.db, user.tenantId, customerIdOf(user));
  return { s, user, session, thread, body };
}
