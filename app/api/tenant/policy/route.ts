import { route, services } from "@/app/_lib/route";
import { parseBody } from "@/app/_lib/request-body";
import { requireUser } from "@/app/_lib/session";
import { changeTenantPolicy, readTenantPolicy } from "@/app/_lib/tenant-policy";
import { SUPERVISORS } from "@/vocabulary/roles";
import { tenantPolicyBody } from "../schema";

export const runtime = "nodejs";

/** The refund policy of the supervisor's own bank. */
export const GET = route(async (req) => {
  const { db, agent } = services();
  const user = await requireUser(db, req, SUPERVISORS);
  return Response.json(await readTenantPolicy(db, agent, user.tenantId, user.username));
});

/** Changes the supervisor's bank's policy at the version they read: a tightening at once (200), a loosening as a proposal for a second supervisor (202). */
export const PUT = route(async (req) => {
  const { db, agent } = services();
  const user = await requireUser(db, req, SUPERVISORS);
  const body = await parseBody(req, tenantPolicyBody);
  const { status, view } = await changeTenantPolicy(db, agent, { tenantId: user.tenantId, actor: user.username, body });
  return Response.json(view, { status });
});
