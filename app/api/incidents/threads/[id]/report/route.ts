import { buildIncidentReport } from "@/app/_lib/incident-report";
import { INVESTIGATORS, openIncident } from "@/app/_lib/incidents";
import { parseOptionalBody, route, services } from "@/app/_lib/route";
import { requireUser } from "@/app/_lib/session";
import { reportBody } from "../../../schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * Exports the incident report as a JSON file. A POST because it writes the audit trail:
 * `incident.exported`, and `incident.revealed` when the body asks for `{"reveal": true}`.
 */
export const POST = route<{ id: string }>(async (req, { id }) => {
  const { db, agent } = services();
  const user = await requireUser(db, req, INVESTIGATORS);
  const { reveal } = await parseOptionalBody(req, reportBody, reportBody.parse({}));
  const scope = await openIncident(db, user, id, { action: "incident.exported", reveal, path: new URL(req.url).pathname });
  await scope.record();
  const report = scope.mask(await buildIncidentReport(db, agent, user, scope));
  return Response.json(report, { headers: { "content-disposition": `attachment; filename="incident-${scope.thread.threadId}.json"` } });
});
