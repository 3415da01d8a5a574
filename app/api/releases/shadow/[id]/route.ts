import { getShadowReport } from "@/db/queries/shadow-reports";
import { ApiError } from "@/app/_lib/errors";
import { route, services } from "@/app/_lib/route";
import { parseWith } from "@/app/_lib/request-body";
import { idParam } from "@/app/api/schema";
import { requireUser } from "@/app/_lib/session";
import { INVESTIGATORS } from "@/vocabulary/roles";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** One shadow-replay report of the user's bank (supervisors and auditors). */
export const GET = route<{ id: string }>(async (req, { id }) => {
  const { db } = services();
  const user = await requireUser(db, req, INVESTIGATORS);
  const row = await getShadowReport(db, user.tenantId, parseWith(idParam, id, "report_id"));
  if (!row) throw new ApiError("not_found:shadow_report", "No such shadow-replay report for your bank.");
  const { tenantId: _tenantId, ...view } = row;
  return Response.json(view, { headers: { "cache-control": "no-store" } });
});
