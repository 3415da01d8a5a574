import { parseBody, route, services } from "@/app/_lib/route";
import { requireUser } from "@/app/_lib/session";
import { changeTenantPolicy, readTenantPolicy } from "@/app/_lib/tenant-policy";
import { SUPERVISORS } from "@/vocabulary/roles";
import { tenantPolicyBody } from "../schema";

export const runtime = "nodejs";

/** The refund policy of the supervisor's own bank. */
export const GET = route(async (req) => {
  const { db, agent } = services();
  const user = await requireUser(db, req, SUPERVISORS);
  return Response.json(await readTenantPolicy(db, agent, user.tenantId));
});

/** Changes the supervisor's bank's policy at the version they read; audited with the policy before and after. */
export const PUT = route(async (req) => {
  const { db, agent } = services();
  const user = await requireUser(db, req, SUPERVISORS);
  const body = await parseBody(req, tenantPolicyBody);
  return Response.json(await changeTenantPolicy(db, agent, { tenantId: user.tenantId, actor: user.username, body }));
});
