import type { Db } from "@/db/client";
import { recordAuditEvent } from "@/db/queries/audit";
import { getThreadCustomer } from "@/db/queries/incidents";
import { activeHold, listPins, pinCheckpoint, placeHold, releaseHold, type LegalHold, type Pin } from "@/db/queries/retention";
import type { Agent } from "@/agent";
import { holdBody, pinBody } from "@/app/api/incidents/schema";
import { ApiError } from "./errors";
import { parseBody, parseWith } from "./request-body";
import { idParam } from "@/app/api/schema";
import { requireUser, type SessionUser } from "./session";
import { INVESTIGATORS } from "@/vocabulary/roles";

const pinView = (p: Pin) => ({ checkpointId: p.checkpointId, pinnedBy: p.pinnedBy, reason: p.reason, pinnedAt: p.pinnedAt.toISOString() });
const holdView = (h: LegalHold) => ({
  id: h.id,
  placedBy: h.placedBy,
  reason: h.reason,
  placedAt: h.placedAt.toISOString(),
  releasedBy: h.releasedBy,
  releasedAt: h.releasedAt?.toISOString() ?? null,
});

/** An investigator and a conversation of their bank. */
async function investigatorThread(db: Db, req: Request, rawId: string): Promise<{ user: SessionUser; threadId: string }> {
  const user = await requireUser(db, req, INVESTIGATORS);
  const threadId = parseWith(idParam, rawId, "thread_id");
  if (!(await getThreadCustomer(db, user.tenantId, threadId))) throw new ApiError("not_found:thread", "No such conversation.");
  return { user, threadId };
}

const audit = (db: Db, user: SessionUser, threadId: string, action: string, data: Record<string, unknown>) =>
  recordAuditEvent(db, { tenantId: user.tenantId, actor: user.username, action, subjectType: "thread", subjectId: threadId, data });

/** The steps pinned on a conversation and its legal hold, if one is in force. */
export async function retentionStateOf(db: Db, req: Request, rawId: string) {
  const { user, threadId } = await investigatorThread(db, req, rawId);
  const [pins, hold] = await Promise.all([listPins(db, user.tenantId, threadId), activeHold(db, user.tenantId, threadId)]);
  return Response.json({ threadId, pins: pins.map(pinView), hold: hold ? holdView(hold) : null });
}

/**
 * Pins one checkpoint of a conversation for an incident: retention never prunes it, nor
 * its parent (so its diff stays). Audited as `incident.checkpoint_pinned`; pinning again changes nothing.
 */
export async function pinStep(db: Db, agent: Agent, req: Request, rawId: string) {
  const { user, threadId } = await investigatorThread(db, req, rawId);
  const body = await parseBody(req, pinBody);
  if (!(await agent.incidents.checkpoint(user.tenantId, threadId, body.checkpointId)))
    throw new ApiError("not_found:checkpoint", "No such checkpoint in this conversation.");
  const pinned = await pinCheckpoint(db, { tenantId: user.tenantId, threadId, checkpointId: body.checkpointId, pinnedBy: user.username, reason: body.reason });
  if (pinned) await audit(db, user, threadId, "incident.checkpoint_pinned", { checkpointId: body.checkpointId, reason: body.reason });
  const pin = (await listPins(db, user.tenantId, threadId)).find((p) => p.checkpointId === body.checkpointId)!;
  return Response.json({ pinned, pin: pinView(pin) }, { status: pinned ? 201 : 200 });
}

/** Places a legal hold: retention touches nothing of the conversation until it is released. Audited as `incident.legal_hold_placed`. */
export async function placeLegalHold(db: Db, req: Request, rawId: string) {
  const { user, threadId } = await investigatorThread(db, req, rawId);
  const body = await parseBody(req, holdBody);
  const hold = await placeHold(db, { tenantId: user.tenantId, threadId, placedBy: user.username, reason: body.reason });
  if (!hold) throw new ApiError("conflict:legal_hold", "A legal hold is already in force on this conversation.");
  await audit(db, user, threadId, "incident.legal_hold_placed", { holdId: hold.id, reason: body.reason });
  return Response.json({ hold: holdView(hold) }, { status: 201 });
}

/** Releases the legal hold in force; the next sweep treats the conversation under its bank's policy. Audited as `incident.legal_hold_released`. */
export async function releaseLegalHold(db: Db, req: Request, rawId: string) {
  const { user, threadId } = await investigatorThread(db, req, rawId);
  const body = await parseBody(req, holdBody);
  const hold = await releaseHold(db, { tenantId: user.tenantId, threadId, releasedBy: user.username });
  if (!hold) throw new ApiError("conflict:legal_hold", "No legal hold is in force on this conversation.");
  await audit(db, user, threadId, "incident.legal_hold_released", { holdId: hold.id, reason: body.reason });
  return Response.json({ hold: holdView(hold) });
}
