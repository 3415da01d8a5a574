import { searchThreads } from "@/db/queries/incidents";
import { maskedForStaff } from "@/app/_lib/personal-data";
import { parseWith, route, services } from "@/app/_lib/route";
import { requireUser } from "@/app/_lib/session";
import { searchQuery } from "../schema";
import { INVESTIGATORS } from "@/vocabulary/roles";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Finds conversations by customer, case, status, dates, refunds and degraded checks. */
export const GET = route(async (req) => {
  const { db } = services();
  const user = await requireUser(db, req, INVESTIGATORS);
  const q = parseWith(searchQuery, Object.fromEntries(new URL(req.url).searchParams), "query");
  const { rows, total } = await searchThreads(db, user.tenantId, q);
  // Names stay masked in the results: a reveal is for one conversation, not a list.
  return Response.json(await maskedForStaff(db, user.tenantId, { page: q.page, pageSize: q.pageSize, total, threads: rows }));
});
