import { desc, eq, sql } from "drizzle-orm";
import { getLatestHandoverByThread } from "@/db/queries/handovers";
import { listMessagesByThread } from "@/db/queries/threads";
import { approvalQuestions, approvals, cases } from "@/db/schema";
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
  const [latest] = await db
    .select({
      case: cases,
      approvalStatus: approvals.status,
      approvedAmountMinor: approvals.approvedAmountMinor,
      openQuestion: sql<boolean>`exists (select 1 from ${approvalQuestions} q where q.approval_id = ${approvals.id} and q.answered_at is null)`,
    })
    .from(cases)
    .leftJoin(approvals, eq(approvals.caseId, cases.id))
    .where(eq(cases.threadId, thread.id))
    .orderBy(desc(cases.updatedAt))
    .limit(1);
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
          approvedAmountMinor: ["approved", "executing", "executed"].includes(latest.approvalStatus ?? "") ? (latest.approvedAmountMinor ?? latest.case.amountMinor) : null,
          openQuestion: latest.openQuestion,
        }
      : null,
    handover: handover ? { status: handover.status, createdAt: handover.createdAt } : null,
  });
});
