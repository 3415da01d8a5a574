import { listLedgerEntries } from "@/agent/clients/bank";
import type { Agent } from "@/agent";
import type { Db } from "@/db/client";
import { approvals } from "@/db/schema";
import { listThreadAudit } from "@/db/queries/incidents";
import { env } from "@/env";
import { and, eq } from "drizzle-orm";
import { now } from "./clock";
import type { IncidentScope } from "./incidents";
import type { SessionUser } from "./session";

/**
 * An incident report: the timeline, the decisions, the ledger entries and who viewed the
 * conversation. Unmasked: it leaves only through the scope's `mask`.
 */
export async function buildIncidentReport(db: Db, agent: Agent, user: SessionUser, scope: IncidentScope) {
  const threadId = scope.thread.threadId;
  const [timeline, decided, ledger, audit] = await Promise.all([
    agent.incidents.timeline(user.tenantId, threadId),
    db.select().from(approvals).where(and(eq(approvals.tenantId, user.tenantId), eq(approvals.threadId, threadId))),
    listLedgerEntries(env().LEDGER_URL, user.tenantId, { customerId: scope.thread.customerId }),
    listThreadAudit(db, user.tenantId, threadId),
  ]);
  const caseIds = new Set(decided.map((d) => d.caseId));
  return {
    generatedAt: now().toISOString(),
    generatedBy: user.username,
    thread: { threadId, status: scope.thread.status, createdAt: scope.thread.createdAt },
    customer: { id: scope.thread.customerId, name: scope.thread.customerName },
    timeline,
    decisions: decided.map((d) => ({
      approvalId: d.id,
      caseId: d.caseId,
      status: d.status,
      mode: d.mode,
      amountMinor: d.amountMinor,
      approvedAmountMinor: d.approvedAmountMinor,
      currency: d.currency,
      policyReason: d.policyReason,
      firstApprovedBy: d.firstApprovedBy,
      decidedBy: d.decidedBy,
      decisionReason: d.decisionReason,
      decidedAt: d.decidedAt,
    })),
    ledgerEntries: ledger.filter((e) => caseIds.has(e.caseId)),
    views: audit.filter((a) => a.action.startsWith("incident.")).map((a) => ({ actor: a.actor, action: a.action, at: a.at })),
  };
}
