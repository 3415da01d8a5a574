import { Command } from "@langchain/langgraph";
import { claimRefundRetry, listUnfinishedRefunds } from "@/db/queries/approvals";
import { getCaseById } from "@/db/queries/cases";
import { getTransactionById } from "@/db/queries/transactions";
import { log } from "@/observability/log";
import { metrics } from "@/observability/metrics";
import { toApprovalRef } from "./store";
import type { Ctx } from "./context";
import { runToRest } from "./graph-run";
import { withThread } from "./lease";
import type { AgentUpdate } from "../graph/state";
import { recordAnswer } from "./transcript";

/**
 * Retries refunds the ledger never confirmed (admitted, still executing, their thread at
 * rest), through the refund node and with the case's idempotency key: a ledger that had
 * committed replays its answer, one that had not pays now, once. Each retry is claimed by
 * a compare-and-set and runs holding the thread; the customer hears when it is paid.
 */
export async function retryUnfinishedRefunds(ctx: Ctx): Promise<string[]> {
  const olderThanMs = ctx.deps.settings.refundRetryMs;
  const paid: string[] = [];
  for (const due of await listUnfinishedRefunds(ctx.db, { olderThanMs, now: ctx.deps.clock() })) {
    const done = await withThread(ctx, due.tenantId, due.threadId, async (previous) => {
      if (previous !== "idle") return { result: false, status: previous === "awaiting_approval" ? "awaiting_approval" : "idle" };
      const approval = await claimRefundRetry(ctx.db, { tenantId: due.tenantId, approvalId: due.id, olderThanMs, now: ctx.deps.clock() });
      const kase = approval && (await getCaseById(ctx.db, due.tenantId, approval.caseId));
      const txn = kase && (await getTransactionById(ctx.db, due.tenantId, kase.transactionId));
      if (!approval || !kase || !txn) return { result: false, status: "idle" };
      metrics().refunds.inc({ outcome: "retried" });
      log().info({ event: "refund.retried", tenantId: due.tenantId, threadId: due.threadId, caseId: kase.id, approvalId: approval.id });
      const update: AgentUpdate = {
        intent: "refund",
        clarification: null,
        handoff: null,
        refundOutcome: null,
        case: {
          caseId: kase.id,
          transactionId: kase.transactionId,
          merchant: txn.merchant,
          amountMinor: kase.amountMinor,
          currency: kase.currency,
          postedAt: txn.postedAt.toISOString(),
          reason: kase.reason,
        },
        // The version the refund was admitted from: admission moved it on by one, and a re-run is admitted only from an earlier version.
        approval: { ...toApprovalRef(approval), status: "approved", version: approval.version - 1 },
      };
      const { values, status } = await runToRest(ctx, due.threadId, new Command({ goto: "refund", update }));
      const executed = values.refundOutcome?.status === "executed";
      if (executed) await recordAnswer(ctx, { tenantId: due.tenantId, threadId: due.threadId, text: values.answer });
      return { result: executed, status };
    });
    if (done) paid.push(due.id);
  }
  return paid;
}
