import { listApprovalQueue } from "@/db/queries/approval-queue";
import { toApprovalView } from "@/app/_lib/approval-view";
import { now } from "@/app/_lib/clock";
import { maskedForStaff } from "@/app/_lib/personal-data";
import { route, services } from "@/app/_lib/route";
import { parseWith } from "@/app/_lib/request-body";
import { requireUser } from "@/app/_lib/session";
import { queueQuery } from "./schema";
import { STAFF } from "@/vocabulary/roles";
import { APPROVAL_STATUSES } from "@/vocabulary/statuses";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The operator queue: filtered, sorted, one page, with what each decision rests on. */
export const GET = route(async (req) => {
  const started = performance.now();
  const { db } = services();
  const user = await requireUser(db, req, STAFF);
  const q = parseWith(queueQuery, Object.fromEntries(new URL(req.url).searchParams), "query");
  const at = now();
  const { rows, total } = await listApprovalQueue(
    db,
    user.tenantId,
    {
      statuses: q.status === "all" ? [...APPROVAL_STATUSES] : [q.status],
      risk: q.risk,
      minAmountMinor: q.minAmount,
      maxAmountMinor: q.maxAmount,
      claimed: q.claimed,
      sort: q.sort,
      page: q.page,
      pageSize: q.pageSize,
    },
    user.username,
    at,
  );
  const body = await maskedForStaff(db, user.tenantId, { now: at, page: q.page, pageSize: q.pageSize, total, approvals: rows.map(toApprovalView) });
  const serverMs = performance.now() - started;
  return Response.json(body, { headers: { "server-timing": `app;dur=${serverMs.toFixed(1)}` } });
});
