import { maskName } from "@/agent/incidents/masking";
import { searchThreads } from "@/db/queries/incidents";
import { INVESTIGATORS } from "@/app/_lib/incidents";
import { parseWith, route, services } from "@/app/_lib/route";
import { requireUser } from "@/app/_lib/session";
import { searchQuery } from "../schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Finds conversations by customer, case, status, dates, refunds and degraded checks. */
export const GET = route(async (req) => {
  const { db } = services();
  const user = await requireUser(db, req, INVESTIGATORS);
  const q = parseWith(searchQuery, Object.fromEntries(new URL(req.url).searchParams), "query");
  const { rows, total } = await searchThreads(db, user.tenantId, q);
  return Response.json({
    page: q.page,
    pageSize: q.pageSize,
    total,
    threads: rows.map((r) => ({ ...r, customerName: maskName(r.customerName) })),
  });
});
