import { buildIncidentReport } from "@/app/_lib/incident-report";
import { INVESTIGATORS, openIncident } from "@/app/_lib/incidents";
import { route, services } from "@/app/_lib/route";
import { requireUser } from "@/app/_lib/session";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The incident report as JSON; `?download=1` serves it as a file. Each export is audited. */
export const GET = route<{ id: string }>(async (req, { id }) => {
  const { db, agent } = services();
  const user = await requireUser(db, req, INVESTIGATORS);
  const scope = await openIncident(db, user, id, req, { audit: "incident.exported" });
  const report = await buildIncidentReport(db, agent, user, scope);
  const download = new URL(req.url).searchParams.get("download") === "1";
  return Response.json(report, {
    headers: download ? { "content-disposition": `attachment; filename="incident-${scope.thread.threadId}.json"` } : {},
  });
});
