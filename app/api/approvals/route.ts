import { listApprovals, type ApprovalStatus } from "@/db/queries/approvals";
import { parseWith, route, services } from "@/app/_lib/route";
import { requireUser, STAFF } from "@/app/_lib/session";
import { approvalsQuery } from "./schema";

export const runtime = "nodejs";

const ALL: ApprovalStatus[] = ["pending", "approved", "rejected", "cancelled", "expired", "executing", "executed"];

/** The operator queue, with the facts each decision rests on. */
export const GET = route(async (req) => {
  const { db } = services();
  const user = await requireUser(db, req, STAFF);
  const { status } = parseWith(approvalsQuery, Object.fromEntries(new URL(req.url).searchParams), "query");
  const rows = await listApprovals(db, user.tenantId, status === "all" ? ALL : [status]);
  return Response.json({
    approvals: rows.map((r) => ({
      approvalId: r.approval.id,
      caseId: r.case.id,
      threadId: r.approval.threadId,
      status: r.approval.status,
      version: r.approval.version,
      mode: r.approval.mode,
      amountMinor: r.approval.amountMinor,
      currency: r.approval.currency,
      customerName: r.customerName,
      merchant: r.merchant,
      postedAt: r.postedAt,
      caseReason: r.case.reason,
      policyReason: r.approval.policyReason,
      checks: r.approval.checks,
      decidedBy: r.approval.decidedBy,
      decisionReason: r.approval.decisionReason,
      createdAt: r.approval.createdAt,
    })),
  });
});
