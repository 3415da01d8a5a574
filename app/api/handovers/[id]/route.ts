import { listAuditEventsBySubject } from "@/db/queries/audit";
import { getHandoverById } from "@/db/queries/handovers";
import { listMessagesByThread } from "@/db/queries/threads";
import { withLanguages } from "@/app/_lib/transcript";
import { now } from "@/app/_lib/clock";
import { ApiError } from "@/app/_lib/errors";
import { toHandoverView } from "@/app/_lib/handover-view";
import { maskedForStaff } from "@/app/_lib/personal-data";
import { route, services } from "@/app/_lib/route";
import { parseWith } from "@/app/_lib/request-body";
import { idParam } from "@/app/api/schema";
import { requireUser } from "@/app/_lib/session";
import { STAFF } from "@/vocabulary/roles";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** A handed-over conversation with its transcript and audit trail; customers' names and card numbers masked. */
export const GET = route<{ id: string }>(async (req, { id }) => {
  const { db } = services();
  const user = await requireUser(db, req, STAFF);
  const row = await getHandoverById(db, user.tenantId, parseWith(idParam, id, "handover_id"));
  if (!row) throw new ApiError("not_found:handover", "No such handover.");
  const [messages, audit] = await Promise.all([
    listMessagesByThread(db, user.tenantId, row.threadId).then(withLanguages),
    listAuditEventsBySubject(db, user.tenantId, "handover", row.id),
  ]);
  return Response.json(
    await maskedForStaff(db, user.tenantId, {
      now: now(),
      handover: toHandoverView(row),
      messages,
      audit: audit.map((a) => ({ id: a.id, actor: a.actor, action: a.action, data: a.data, at: a.at })),
    }),
  );
});
