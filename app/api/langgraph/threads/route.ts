import { createThread, createThreadWithId, getThreadById } from "@/db/queries/threads";
import { spendConversation } from "@/app/_lib/budgets";
import { ApiError } from "@/app/_lib/errors";
import { route, services } from "@/app/_lib/route";
import { parseOptionalBody } from "@/app/_lib/request-body";
import { requireLangGraphUser } from "@/app/_lib/langgraph/access";
import { customerIdOf } from "@/app/_lib/session";
import { toThread } from "@/app/_lib/langgraph/state";
import { threadCreateBody } from "../schema";

export const runtime = "nodejs";

/** A new conversation for the signed-in customer, under the client's id when it sends one; each asked for spends one of the customer's conversations per day. */
export const POST = route(async (req) => {
  const s = services();
  const user = await requireLangGraphUser(s.db, req, ["customer"]);
  const customerId = customerIdOf(user);
  const body = await parseOptionalBody(req, threadCreateBody, threadCreateBody.parse({}));
  await spendConversation(s.db, user.tenantId, customerId);
  const revisionId = await s.agent.newThreadRevision(user.tenantId);
  let thread = body.thread_id
    ? await createThreadWithId(s.db, user.tenantId, customerId, body.thread_id, revisionId)
    : await createThread(s.db, user.tenantId, customerId, revisionId);
  if (!thread) {
    const existing = await getThreadById(s.db, user.tenantId, body.thread_id!);
    if (body.if_exists !== "do_nothing" || existing?.customerId !== customerId) throw new ApiError("conflict:thread", "A conversation with this id exists.");
    thread = existing;
  }
  return Response.json(await toThread(s, user, thread));
});
