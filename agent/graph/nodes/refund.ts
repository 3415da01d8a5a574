import { Command, type LangGraphRunnableConfig, type NodeError } from "@langchain/langgraph";
import { log } from "@/observability/log";
import { metrics } from "@/observability/metrics";
import type { LedgerEntry, LedgerReceipt } from "../../clients/bank";
import type { AgentDeps } from "../deps";
import { refundIdempotencyKey } from "../policy";
import type { AgentStateType, AgentUpdate } from "../state";

/**
 * The only node that moves money. Admission first (approved -> executing, fenced by the
 * decision's version), then the ledger with the case's idempotency key. A re-run (the
 * approval was already executing: a crash, a drain, a retry of this node, the retry job)
 * first reads the ledger's entries for the case and completes from the entry it finds; only
 * a read that answers "none" sends the refund again. The key alone is not enough: a
 * ledger forgets it after its window, and the same request then pays a second time.
 */
export const refund = (deps: AgentDeps) =>
  async function refund(state: AgentStateType, config: LangGraphRunnableConfig): Promise<AgentUpdate> {
    const kase = state.case;
    const approval = state.approval;
    if (!kase || !approval) return { refundOutcome: { status: "not_admitted", approvalStatus: "missing" } };
    const admission = await deps.store.admitRefund({
      tenantId: state.tenantId,
      approvalId: approval.approvalId,
      version: approval.version,
    });
    if (!admission.admitted) return { refundOutcome: { status: "not_admitted", approvalStatus: admission.status } };
    const request = {
      tenantId: state.tenantId,
      caseId: kase.caseId,
      customerId: state.customerId,
      transactionId: kase.transactionId,
      amountMinor: approval.amountMinor,
      currency: kase.currency,
    };
    const idempotencyKey = refundIdempotencyKey(state.tenantId, kase.caseId);
    const call = {
      tenantId: state.tenantId,
      threadId: String(config.configurable?.thread_id),
      node: "refund",
      system: "ledger",
      step: Number(config.metadata?.langgraph_step ?? -1),
    };
    const event = { ...call, request, idempotencyKey };
    // test:guards look-before-retry
    const booked = admission.firstAttempt ? null : await bookedBefore(deps, call, kase.caseId, config.signal);
    const started = Date.now();
    let receipt = booked;
    if (!receipt) {
      try {
        receipt = await deps.bank.refund(request, idempotencyKey, config.signal);
      } catch (error) {
        await deps.store.recordNodeEvent({ ...event, outcome: "error", latencyMs: Date.now() - started, error: (error as Error).message });
        throw error;
      }
      await deps.store.recordNodeEvent({ ...event, outcome: "ok", latencyMs: Date.now() - started, response: receipt });
    }
    await deps.store.completeRefund({ tenantId: state.tenantId, approvalId: approval.approvalId, caseId: kase.caseId });
    metrics().refunds.inc({ outcome: "executed" });
    log().info({
      event: "refund.executed",
      tenantId: state.tenantId,
      threadId: event.threadId,
      caseId: kase.caseId,
      approvalId: approval.approvalId,
      replayed: receipt.replayed,
    });
    return {
      refundOutcome: { status: "executed", entryId: receipt.entryId, replayed: receipt.replayed },
      approval: { ...approval, status: "executed", version: admission.version },
    };
  };

/** Who asks the ledger: the node events of the read are recorded under it, without a key (a read sends none). */
type LedgerCall = { tenantId: string; threadId: string; node: string; system: string; step: number };

/** The ledger lists the case's refund but has not committed it yet. */
class LedgerStillBooking extends Error {
  constructor() {
    super("the ledger is still booking this case's refund");
    this.name = "LedgerStillBooking";
  }
}

/**
 * What the ledger already booked for the case, as a receipt (a committed entry is the
 * refund paid), or null when the read answers "none". A refund the ledger is still booking
 * throws, so the node retries and then waits for the retry job, as does a read that fails:
 * a re-run never pays without this answer.
 */
async function bookedBefore(deps: AgentDeps, event: LedgerCall, caseId: string, signal?: AbortSignal): Promise<LedgerReceipt | null> {
  const started = Date.now();
  const request = { operation: "read_by_case", caseId };
  let entries: LedgerEntry[];
  try {
    entries = await deps.bank.refundsOfCase({ tenantId: event.tenantId, caseId }, signal);
  } catch (error) {
    await deps.store.recordNodeEvent({ ...event, request, outcome: "error", latencyMs: Date.now() - started, error: (error as Error).message });
    throw error;
  }
  const committed = entries.find((e) => e.status === "committed");
  await deps.store.recordNodeEvent({ ...event, request, outcome: "ok", latencyMs: Date.now() - started, response: { entries } });
  if (committed) {
    log().info({ event: "refund.found_in_ledger", tenantId: event.tenantId, threadId: event.threadId, caseId, entryId: committed.entryId });
    return { entryId: committed.entryId, status: "committed", replayed: true };
  }
  if (entries.length > 0) throw new LedgerStillBooking();
  return null;
}

/**
 * The ledger stayed unreachable after every retry: the case waits, admitted, for the
 * recovery job's retry (which reads the ledger by case first), and the turn goes on to tell the customer
 * (an error handler does not follow the node's own edge to reply).
 */
export function refundFailed(state: AgentStateType, failure: NodeError): Command {
  metrics().refunds.inc({ outcome: "failed" });
  log().warn({ event: "refund.failed", tenantId: state.tenantId, caseId: state.case?.caseId, approvalId: state.approval?.approvalId });
  const update: AgentUpdate = { refundOutcome: { status: "failed", reason: failure.error?.message || "ledger unavailable" } };
  return new Command({ update, goto: "reply" });
}
