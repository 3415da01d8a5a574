import { opsSummary } from "@/app/_lib/ops-summary";
import { route, services } from "@/app/_lib/route";
import { requireUser } from "@/app/_lib/session";
import { OPERATIONS_ROLES } from "@/vocabulary/roles";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The ops page's figures for the user's bank: the last hour by minute and the last five minutes (supervisors, auditors, ops). */
export const GET = route(async (req) => {
  const { db } = services();
  const user = await requireUser(db, req, OPERATIONS_ROLES);
  return Response.json(await opsSummary(db, user.tenantId), { headers: { "cache-control": "no-store" } });
});
