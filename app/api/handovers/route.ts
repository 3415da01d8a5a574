import { listHandovers } from "@/db/queries/handovers";
import { now } from "@/app/_lib/clock";
import { toHandoverView } from "@/app/_lib/handover-view";
import { maskedForStaff } from "@/app/_lib/personal-data";
import { route, services } from "@/app/_lib/route";
import { parseWith } from "@/app/_lib/request-body";
import { requireUser } from "@/app/_lib/session";
import { handoverListQuery } from "./schema";
import { STAFF } from "@/vocabulary/roles";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Conversations handed to a person, for the console: open ones longest waiting first. */
export const GET = route(async (req) => {
  const { db } = services();
  const user = await requireUser(db, req, STAFF);
  const q = parseWith(handoverListQuery, Object.fromEntries(new URL(req.url).searchParams), "query");
  const rows = await listHandovers(db, user.tenantId, q.status);
  return Response.json(await maskedForStaff(db, user.tenantId, { now: now(), handovers: rows.map(toHandoverView) }));
});
