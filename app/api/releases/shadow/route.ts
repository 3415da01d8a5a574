import { listShadowReports } from "@/db/queries/shadow-reports";
import { route, services } from "@/app/_lib/route";
import { requireUser } from "@/app/_lib/session";
import { INVESTIGATORS } from "@/vocabulary/roles";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The bank's shadow-replay reports, newest first (supervisors and auditors). */
export const GET = route(async (req) => {
  const { db } = services();
  const user = await requireUser(db, req, INVESTIGATORS);
  return Response.json({ reports: await listShadowReports(db, user.tenantId) }, { headers: { "cache-control": "no-store" } });
});
