import { searchThreads } from "@/db/queries/threads";
import { route, services } from "@/app/_lib/route";
import { parseOptionalBody } from "@/app/_lib/request-body";
import { isStaff, requireLangGraphUser } from "@/app/_lib/langgraph/access";
import { customerIdOf } from "@/app/_lib/session";
import { APP_STATUS, toThread } from "@/app/_lib/langgraph/state";
import { threadSearchBody } from "../../schema";

export const runtime = "nodejs";

/**
 * Threads newest first: a customer's own; for operators and supervisors, the conversations
 * that reached an operator (Agent Inbox lists `status: "interrupted"`), masked.
 */
export const POST = route(async (req) => {
  const s = services();
  const user = await requireLangGraphUser(s.db, req);
  const scope = isStaff(user) ? ({ kind: "staff" } as const) : ({ kind: "customer", customerId: customerIdOf(user) } as const);
  const query = await parseOptionalBody(req, threadSearchBody, threadSearchBody.parse({}));
  if (query.status === "error") return Response.json([]);
  const rows = await searchThreads(s.db, {
    tenantId: user.tenantId,
    scope,
    status: query.status ? APP_STATUS[query.status] : undefined,
    ids: query.ids,
    limit: query.limit,
    offset: query.offset,
  });
  return Response.json(await Promise.all(rows.map((row) => toThread(s, user, row))));
});
