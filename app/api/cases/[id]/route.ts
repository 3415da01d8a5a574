import { getApprovalByCase } from "@/db/queries/approvals";
import { listAuditEventsBySubject } from "@/db/queries/audit";
import { getCaseById } from "@/db/queries/cases";
import { getTransactionById } from "@/db/queries/transactions";
import { ApiError } from "@/app/_lib/errors";
import { ledgerEntries as ledgerEntriesOf } from "@/app/_lib/ledger";
import { maskedForStaff } from "@/app/_lib/personal-data";
import { route, services } from "@/app/_lib/route";
import { parseWith } from "@/app/_lib/request-body";
import { idParam } from "@/app/api/schema";
import { requireUser } from "@/app/_lib/session";
import { STAFF } from "@/vocabulary/roles";

export const runtime = "nodejs";

/** A case with its transaction, decision, audit trail and ledger entries (staff only; names and card numbers masked). */
export const GET = route<{ id: string }>(async (req, { id }) => {
  const { db } = services();
  const user = await requireUser(db, req, STAFF);
  const kase = await getCaseById(db, user.tenantId, parseWith(idParam, id, "case_id"));
  if (!kase) throw new ApiError("not_found:case", "No such case.");
  const [transaction, approval, ledgerEntries] = await Promise.all([
    getTransactionById(db, user.tenantId, kase.transactionId),
    getApprovalByCase(db, user.tenantId, kase.id),
    ledgerEntriesOf(user.tenantId, { caseId: kase.id }),
  ]);
  const audit = approval ? await listAuditEventsBySubject(db, user.tenantId, "approval", approval.id) : [];
  return Response.json(await maskedForStaff(db, user.tenantId, { case: kase, transaction, approval, audit, ledgerEntries }));
});
