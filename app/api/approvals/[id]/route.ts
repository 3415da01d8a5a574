import { createCardsClient } from "@/agent/clients/cards";
import { getQueueRowById } from "@/db/queries/approval-queue";
import { listQuestionsByApproval } from "@/db/queries/approval-questions";
import { listAuditEventsBySubject } from "@/db/queries/audit";
import { listCasesByCustomer } from "@/db/queries/cases";
import { listMessagesByThread } from "@/db/queries/threads";
import { withLanguages } from "@/app/_lib/transcript";
import { getTransactionById } from "@/db/queries/transactions";
import { env } from "@/env";
import { toApprovalView } from "@/app/_lib/approval-view";
import { now } from "@/app/_lib/clock";
import { ApiError } from "@/app/_lib/errors";
import { ledgerEntries } from "@/app/_lib/ledger";
import { maskedForStaff } from "@/app/_lib/personal-data";
import { route, services } from "@/app/_lib/route";
import { parseWith } from "@/app/_lib/request-body";
import { idParam } from "@/app/api/schema";
import { requireUser } from "@/app/_lib/session";
import { errorClass, log } from "@/observability/log";
import { STAFF } from "@/vocabulary/roles";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Everything an operator needs to decide one case; customers' names and card numbers masked. */
export const GET = route<{ id: string }>(async (req, { id }) => {
  const { db } = services();
  const user = await requireUser(db, req, STAFF);
  const row = await getQueueRowById(db, user.tenantId, parseWith(idParam, id, "approval_id"));
  if (!row) throw new ApiError("not_found:approval", "No such approval.");
  const customerId = row.case.customerId;
  const [transaction, messages, cases, questions, audit, refunds, cards] = await Promise.all([
    getTransactionById(db, user.tenantId, row.case.transactionId),
    listMessagesByThread(db, user.tenantId, row.approval.threadId).then(withLanguages),
    listCasesByCustomer(db, user.tenantId, customerId),
    listQuestionsByApproval(db, user.tenantId, row.approval.id),
    listAuditEventsBySubject(db, user.tenantId, "approval", row.approval.id),
    ledgerEntries(user.tenantId, { customerId }),
    cardsOf(user.tenantId, customerId),
  ]);
  const body = await maskedForStaff(db, user.tenantId, {
    now: now(),
    approval: toApprovalView(row),
    transaction: transaction && {
      id: transaction.id,
      merchant: transaction.merchant,
      amountMinor: transaction.amountMinor,
      currency: transaction.currency,
      postedAt: transaction.postedAt,
      country: transaction.country,
    },
    customer: { id: customerId, name: row.customerName },
    messages,
    earlierCases: cases
      .filter((c) => c.case.id !== row.case.id)
      .map((c) => ({
        caseId: c.case.id,
        merchant: c.merchant,
        amountMinor: c.case.amountMinor,
        currency: c.case.currency,
        status: c.case.status,
        createdAt: c.case.createdAt,
      })),
    refunds: refunds
      .filter((e) => e.status === "committed")
      .map((e) => ({ entryId: e.entryId, caseId: e.caseId, amountMinor: e.amountMinor, currency: e.currency, committedAt: e.committedAt })),
    audit: audit.map((a) => ({ id: a.id, actor: a.actor, action: a.action, data: a.data, at: a.at })),
    questions: questions.map((q) => ({
      questionId: q.id,
      question: q.question,
      askedBy: q.askedBy,
      askedAt: q.askedAt,
      answer: q.answer,
      answeredAt: q.answeredAt,
    })),
    cards,
  });
  return Response.json(body);
});

/** The customer's cards from the cards system; a system that does not answer in time leaves the case readable. */
async function cardsOf(tenantId: string, customerId: string) {
  try {
    const cards = await createCardsClient(env().CARDS_URL).list({ tenantId, customerId }, AbortSignal.timeout(env().CHECK_TIMEOUT_MS));
    return { status: "ok" as const, cards };
  } catch (error) {
    log().warn({ event: "case_view.cards_unavailable", tenantId, errorClass: errorClass(error) });
    return { status: "unavailable" as const, reason: "The cards system is not answering." };
  }
}
