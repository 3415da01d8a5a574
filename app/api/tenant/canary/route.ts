import { proposeBankCanary, readCanaries } from "@/app/_lib/canary";
import { route, services } from "@/app/_lib/route";
import { parseBody } from "@/app/_lib/request-body";
import { requireUser } from "@/app/_lib/session";
import { INVESTIGATORS, SUPERVISORS } from "@/vocabulary/roles";
import { canaryProposal } from "./schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The bank's revision, the revisions the deployment hosts, the canary thresholds and the bank's canaries (supervisors and auditors). */
export const GET = route(async (req) => {
  const { db, agent } = services();
  const user = await requireUser(db, req, INVESTIGATORS);
  return Response.json(await readCanaries(db, agent, user.tenantId), { headers: { "cache-control": "no-store" } });
});

/** A supervisor proposes a canary; another supervisor of the bank starts it. */
export const POST = route(async (req) => {
  const { db, agent } = services();
  const user = await requireUser(db, req, SUPERVISORS);
  const body = await parseBody(req, canaryProposal);
  return Response.json(await proposeBankCanary(db, agent, { tenantId: user.tenantId, actor: user.username, ...body }), { status: 201 });
});
