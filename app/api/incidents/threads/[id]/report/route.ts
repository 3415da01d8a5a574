import { buildIncidentReport } from "@/app/_lib/incident-report";
import { incidentRequest } from "@/app/_lib/incidents";
import { route, services } from "@/app/_lib/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * Exports the incident report as a JSON file. A POST because it writes the audit trail:
 * `incident.exported`, and `incident.revealed` when the body asks for `{"reveal": true}`.
 */
export const POST = route<{ id: string }>(async (req, { id }) => {
  const { db, agent } = services();
  const { user, scope } = await incidentRequest(db, req, id, "incident.exported");
  await scope.record();
  const report = scope.mask(await buildIncidentReport(db, agent, user, scope));
  return Response.json(report, { headers: { "content-disposition": `attachment; filename="incident-${scope.thread.threadId}.json"` } });
});
