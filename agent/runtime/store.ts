import type { Db } from "@/db/client";
import { withTenant } from "@/db/tenant-context";
import * as approvals from "@/db/queries/approvals";
import * as cases from "@/db/queries/cases";
import { recordAuditEventOnce } from "@/db/queries/audit";
import { recordNodeEvent } from "@/db/queries/node-events";
import { getTransactionById, listPendingByCustomer, listTransactionsByCustomer } from "@/db/queries/transactions";
import { cancelCase } from "./casework";
import type { AgentStore, ApprovalInput, CardActionAudit, CaseSummary } from "../graph/deps";
import { requestHandover } from "./handovers";
import type { ApprovalRef, Triage } from "../graph/state";
import { metrics } from "@/observability/metrics";
import { appKeyRing, encryptsAtRest, sealJson, type KeyRing } from "../encryption";
import { runRevisionId } from "../graph/run-revision";

export function toApprovalRef(row: approvals.ApprovalRow): ApprovalRef {
  return {
    approvalId: row.id,
    amountMinor: row.approvedAmountMinor ?? row.amountMinor,
    status: row.status,
    version: row.version,
    decidedBy: row.decidedBy,
    reason: row.decisionReason,
  };
}

function toCaseSummary(row: cases.CaseRow): CaseSummary {
  return {
    caseId: row.id,
    transactionId: row.transactionId,
    status: row.status,
    amountMinor: row.amountMinor,
    currency: row.currency,
    reason: row.reason,
  };
}

async function withApproval(db: Db, row: cases.CaseRow, merchant?: string) {
  const name = merchant ?? (await getTransactionById(db, row.tenantId, row.transactionId))?.merchant ?? "card";
  const approval = await approvals.getApprovalByCase(db, row.tenantId, row.id);
  const summary = toCaseSummary(row);
  const paid =
    row.status === "refunded" && approval?.approvedAmountMinor != null && approval.approvedAmountMinor !== row.amountMinor
      ? { paidMinor: approval.approvedAmountMinor }
      : {};
  return { ...summary, ...paid, merchant: name, approval: approval ? toApprovalRef(approval) : null };
}

/**
 * Each call acts for the tenant it names (its first argument, or its input's `tenantId`), so
 * row-level security holds the graph's database work to that tenant whoever calls it.
 */
function actingForTheirTenant(store: AgentStore): AgentStore {
  const tenantOf = (first: unknown) => (typeof first === "string" ? first : (first as { tenantId?: string } | undefined)?.tenantId);
  return Object.fromEntries(
    Object.entries(store as Record<string, (...args: unknown[]) => Promise<unknown>>).map(([name, call]) => {
      const bound = (...args: unknown[]) => {
        const tenantId = tenantOf(args[0]);
        return tenantId ? withTenant(tenantId, () => call(...args)) : call(...args);
      };
      return [name, bound];
    }),
  ) as AgentStore;
}

/**
 * The graph's database work, bound to one drizzle handle; what a node sent to a bank system
 * and its answer are stored encrypted with `keys` (in clear only with `encrypt` false:
 * ENCRYPTION_AT_REST=off, the protection benchmark's comparison).
 */
/** A language model's tokens and their cost, on the metrics, by bank, revision and node (a call without counts is counted as such). */
function countLlmUsage(event: Parameters<AgentStore["recordNodeEvent"]>[0], revision: string) {
  const m = metrics();
  const labels = { tenant: event.tenantId, revision, node: event.node };
  if (event.inputTokens == null && event.outputTokens == null) {
    if (event.outcome === "ok") m.llmCallsWithoutUsage.inc({ tenant: event.tenantId, revision });
    return;
  }
  m.llmTokens.inc({ ...labels, direction: "input" }, event.inputTokens ?? 0);
  m.llmTokens.inc({ ...labels, direction: "output" }, event.outputTokens ?? 0);
  if (event.costMicros != null && event.costCurrency) m.llmCost.inc({ ...labels, currency: event.costCurrency }, event.costMicros);
}

/** The agent's database work; what it records (cases, node events) names the running revision (`runRevision`), else `revisionId`. */
export function createAgentStore(db: Db, keys: KeyRing = appKeyRing(), encrypt = encryptsAtRest(), revisionId: string | null = null): AgentStore {
  const seal = encrypt ? <T>(value: T) => sealJson(keys, value) : <T>(value: T) => value;
  return actingForTheirTenant({
    listTransactions: (tenantId, customerId) => listTransactionsByCustomer(db, tenantId, customerId),
    listPending: (tenantId, customerId) => listPendingByCustomer(db, tenantId, customerId),
    async upsertCase(input) {
      const row = await cases.upsertCase(db, { ...input, revisionId: runRevisionId(revisionId) });
      if (!row) return null;
      if (row.status !== "refunded") return toCaseSummary(row);
      const approval = await approvals.getApprovalByCase(db, input.tenantId, row.id);
      return { ...toCaseSummary(row), paidMinor: approval?.approvedAmountMinor ?? row.amountMinor };
    },
    async getLatestCase(tenantId, customerId) {
      const row = await cases.getLatestCaseByCustomer(db, tenantId, customerId);
      return row ? withApproval(db, row) : null;
    },
    async getThreadCase(tenantId, threadId) {
      const row = await cases.getLatestCaseByThread(db, tenantId, threadId);
      return row ? withApproval(db, row) : null;
    },
    async listCases(tenantId, customerId) {
      const rows = await cases.listCasesByCustomer(db, tenantId, customerId);
      return Promise.all(rows.map(async (r) => ({ ...(await withApproval(db, r.case, r.merchant)), threadId: r.case.threadId })));
    },
    async withdrawRequest(input) {
      const row = await cancelCase(db, { ...input, reason: "Cancelled by the customer", action: "approval.cancelled" });
      return row !== null;
    },
    async recordPolicyApproval(input, decide) {
      let verdict: Triage | undefined;
      const { row, recorded } = await approvals.recordPolicyApproval(db, input, async (own) => {
        verdict = await decide(own);
        return verdict.outcome === "auto_approve";
      });
      if (recorded) metrics().decisions.inc({ decision: "auto_approved" });
      if (!row) return { verdict: verdict!, approval: null };
      return { verdict: verdict ?? { outcome: "auto_approve", reason: row.policyReason }, approval: toApprovalRef(row) };
    },
    async openApproval(input: ApprovalInput) {
      return db.transaction(async (tx) => {
        const row = await approvals.openApproval(tx, input);
        if (row.status === "pending") {
          await cases.markCaseAwaitingApproval(tx, input.tenantId, input.caseId);
        }
        return toApprovalRef(row);
      });
    },
    async getApproval(tenantId, approvalId) {
      const row = await approvals.getApprovalById(db, tenantId, approvalId);
      return row ? toApprovalRef(row) : null;
    },
    admitRefund: (input) => approvals.admitRefund(db, input),
    completeRefund: (input) => approvals.completeRefund(db, input),
    async recordNodeEvent(event) {
      const ranAs = runRevisionId(revisionId);
      await recordNodeEvent(db, { ...event, revisionId: ranAs, request: seal(event.request), response: seal(event.response) });
      if (event.system === "llm") countLlmUsage(event, ranAs ?? "none");
    },
    recordCardAction: (input) =>
      recordAuditEventOnce(
        db,
        {
          tenantId: input.tenantId,
          actor: "agent",
          action: CARD_AUDIT_ACTIONS[input.action],
          subjectType: "thread",
          subjectId: input.threadId,
          data: { customerId: input.customerId, cardId: input.cardId, reason: input.reason, changed: input.changed, status: input.status },
        },
        input.idempotencyKey,
      ),
    requestHandover: (input) => requestHandover(db, input),
  });
}

/** The audit trail's name for each card change. */
export const CARD_AUDIT_ACTIONS: Record<CardActionAudit["action"], string> = {
  freeze: "card.frozen",
  unfreeze: "card.unfrozen",
  replacement: "card.replacement_requested",
};
