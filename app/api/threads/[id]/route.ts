import { listCaseViewsByThreads } from "@/db/queries/cases";
import { getLatestHandoverByThread } from "@/db/queries/handovers";
import { listMessagesByThread, listThreadsBeside } from "@/db/queries/threads";
import { route, services } from "@/app/_lib/route";
import { requireUser } from "@/app/_lib/session";
import { loadVisibleThread } from "@/app/_lib/threads";

export const runtime = "nodejs";

type CaseView = Awaited<ReturnType<typeof listCaseViewsByThreads>>[number];

function caseOf(view: CaseView) {
  return {
    caseId: view.case.id,
    merchant: view.merchant,
    status: view.case.status,
    amountMinor: view.case.amountMinor,
    currency: view.case.currency,
    reason: view.case.reason,
    approvalStatus: view.approvalStatus,
    approvedAmountMinor: ["approved", "executing", "executed"].includes(view.approvalStatus ?? "") ? (view.approvedAmountMinor ?? view.case.amountMinor) : null,
    openQuestion: view.openQuestion,
  };
}

/**
 * The conversation's status, transcript, cases and whether a person is taking it over, for
 * the customer it belongs to. `cases` holds every refund case of the conversation, those the
 * agent took up beside it while a request waited for an operator included, the latest changed
 * first; `case` is the first of them.
 * Staff read conversations in the console (a case's, masked) or the incident viewer (audited).
 */
export const GET = route<{ id: string }>(async (req, { id }) => {
  const { db } = services();
  const user = await requireUser(db, req, ["customer"]);
  const thread = await loadVisibleThread(db, user, id);
  const [messages, handover, beside] = await Promise.all([
    listMessagesByThread(db, user.tenantId, thread.id),
    getLatestHandoverByThread(db, user.tenantId, thread.id),
    listThreadsBeside(db, user.tenantId, thread.id),
  ]);
  const cases = (await listCaseViewsByThreads(db, user.tenantId, [thread.id, ...beside.map((t) => t.id)])).map(caseOf);
  return Response.json({
    threadId: thread.id,
    status: thread.status,
    messages: messages.map((m) => ({ id: m.id, role: m.role, text: m.text, createdAt: m.createdAt })),
    case: cases[0] ?? null,
    cases,
    handover: handover ? { status: handover.status, createdAt: handover.createdAt } : null,
  });
});
