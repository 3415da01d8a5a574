import type { Agent } from "@/agent";
import type { Db } from "@/db/client";
import { listApprovalsByThread } from "@/db/queries/approvals";
import { listThreadAudit } from "@/db/queries/incidents";
import { now } from "./clock";
import type { IncidentScope } from "./incidents";
import { threadLedgerEntries } from "./ledger";
import { languageModelUseOf } from "@/agent/incidents/timeline";
import type { SessionUser } from "./session";

/**
 * An incident report: the timeline, the decisions, the ledger entries and who viewed the
 * conversation. Unmasked: it leaves only through the scope's `mask`.
 */
export async function buildIncidentReport(db: Db, agent: Agent, user: SessionUser, scope: IncidentScope) {
  const threadId = scope.thread.threadId;
  const [timeline, decided, ledgerEntries, audit] = await Promise.all([
    agent.incidents.timeline(user.tenantId, threadId),
    listApprovalsByThread(db, user.tenantId, threadId),
    threadLedgerEntries(db, user.tenantId, scope.thread),
    listThreadAudit(db, user.tenantId, threadId),
  ]);
  return {
    generatedAt: now().toISOString(),
    generatedBy: user.username,
    thread: { threadId, status: scope.thread.status, createdAt: scope.thread.createdAt },
    customer: { id: scope.thread.customerId, name: scope.thread.customerName },
    timeline,
    /** What the conversation's language-model calls read, wrote and cost. */
    languageModel: languageModelUseOf(timeline),
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
    ledgerEntries,
    views: audit.filter((a) => a.action.startsWith("incident.")).map((a) => ({ actor: a.actor, action: a.action, at: a.at })),
  };
}
