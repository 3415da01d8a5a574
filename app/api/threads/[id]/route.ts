import { getLatestCaseViewByThread } from "@/db/queries/cases";
import { getLatestHandoverByThread } from "@/db/queries/handovers";
import { listMessagesByThread } from "@/db/queries/threads";
import { route, services } from "@/app/_lib/route";
import { requireUser } from "@/app/_lib/session";
import { loadVisibleThread } from "@/app/_lib/threads";

export const runtime = "nodejs";

/**
 * The conversation's status, transcript, latest case and whether a person is taking it over,
 * for the customer it belongs to.
 * Staff read conversations in the console (a case's, masked) or the incident viewer (audited).
 */
export const GET = route<{ id: string }>(async (req, { id }) => {
  const { db } = services();
  const user = await requireUser(db, req, ["customer"]);
  const thread = await loadVisibleThread(db, user, id);
  const [messages, handover] = await Promise.all([listMessagesByThread(db, user.tenantId, thread.id), getLatestHandoverByThread(db, user.tenantId, thread.id)]);
  const latest = await getLatestCaseViewByThread(db, user.tenantId, thread.id);
  return Response.json({
    threadId: thread.id,
    status: thread.status,
    messages: messages.map((m) => ({ id: m.id, role: m.role, text: m.text, createdAt: m.createdAt })),
    case: latest
      ? {
          caseId: latest.case.id,
          status: latest.case.status,
          amountMinor: latest.case.amountMinor,
          currency: latest.case.currency,
          reason: latest.case.reason,
          approvalStatus: latest.approvalStatus,
          approvedAmountMinor: ["approved", "executing", "executed"].includes(latest.approvalStatus ?? "")
            ? (latest.approvedAmountMinor ?? latest.case.amountMinor)
            : null,
          openQuestion: latest.openQuestion,
        }
      : null,
    handover: handover ? { status: handover.status, createdAt: handover.createdAt } : null,
  });
});
