import { searchThreads } from "@/db/queries/incidents";
import { recordSearch } from "@/app/_lib/incidents";
import { checkAuditedRead } from "@/app/_lib/origin";
import { maskedForStaff } from "@/app/_lib/personal-data";
import { route, services } from "@/app/_lib/route";
import { parseWith } from "@/app/_lib/request-body";
import { requireUser } from "@/app/_lib/session";
import { searchQuery } from "../schema";
import { INVESTIGATORS } from "@/vocabulary/roles";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Finds conversations by customer, case, status, dates, refunds and degraded checks; every search is audited as `incident.searched`. */
export const GET = route(async (req) => {
  const { db } = services();
  checkAuditedRead(req);
  const user = await requireUser(db, req, INVESTIGATORS);
  const url = new URL(req.url);
  const q = parseWith(searchQuery, Object.fromEntries(url.searchParams), "query");
  const { rows, total } = await searchThreads(db, user.tenantId, q);
  await recordSearch(db, user, { path: url.pathname, filters: q, total, threadIds: rows.map((r) => r.threadId) });
  // Names stay masked in the results: a reveal is for one conversation, not a list.
  return Response.json(await maskedForStaff(db, user.tenantId, { page: q.page, pageSize: q.pageSize, total, threads: rows }));
});
