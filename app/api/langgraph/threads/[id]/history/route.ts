import { route, services } from "@/app/_lib/route";
import { parseOptionalBody, parseWith } from "@/app/_lib/request-body";
import { loadLangGraphThread, requireLangGraphUser } from "@/app/_lib/langgraph/access";
import { threadHistory } from "@/app/_lib/langgraph/state";
import type { SessionUser } from "@/app/_lib/session";
import type { ThreadRow } from "@/db/queries/threads";
import { historyBody, historyQuery } from "../../../schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

async function history(user: SessionUser, thread: ThreadRow, limit: number, before?: string) {
  const s = services();
  const snapshots = await s.agent.stateHistory(user.tenantId, thread.id, { limit, before });
  return Response.json(await threadHistory(s, user, thread, snapshots, !before));
}

/** The thread's checkpoints as ThreadStates, newest first. */
export const GET = route<{ id: string }>(async (req, { id }) => {
  const { db } = services();
  const user = await requireLangGraphUser(db, req);
  const thread = await loadLangGraphThread(db, user, id);
  const query = parseWith(historyQuery, Object.fromEntries(new URL(req.url).searchParams), "query");
  return history(user, thread, query.limit);
});

/** The SDK's getHistory: `{limit, before}` in the body. */
export const POST = route<{ id: string }>(async (req, { id }) => {
  const { db } = services();
  const user = await requireLangGraphUser(db, req);
  const thread = await loadLangGraphThread(db, user, id);
  const body = await parseOptionalBody(req, historyBody, historyBody.parse({}));
  const before = body.before ? ("checkpoint_id" in body.before ? body.before.checkpoint_id : body.before.configurable.checkpoint_id) : undefined;
  return history(user, thread, body.limit, before as string | undefined);
});
