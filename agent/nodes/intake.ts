import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { AgentDeps } from "../deps";
import { STAGNATION_REPEATS, type AgentStateType, type AgentUpdate, type CaseRef, type Clarification } from "../state";
import { understandWithFallback } from "../llm/understand-with-fallback";
import { resolveTransaction, type Understanding } from "../understanding";

/** Fields that describe one turn; each turn starts them afresh. */
const freshTurn = { case: null, clarification: null, checks: null, verdict: null, approval: null, refundOutcome: null, handoff: null, answer: "" } as const;

/** The same intent, amount and transaction asked for again and again: the agent is looping. */
function isStagnant(previous: string[], fingerprint: string): boolean {
  const window = [...previous, fingerprint].slice(-STAGNATION_REPEATS);
  return window.length === STAGNATION_REPEATS && window.every((f) => f === fingerprint);
}

/**
 * Carries a pending clarification forward: "the Coffee Corner one" after "which
 * payment?" is still the refund the customer asked for.
 */
function withPriorContext(now: Understanding, state: AgentStateType): Understanding {
  const prior = state.understanding;
  if (!state.clarification || !prior || prior.intent !== "refund") return now;
  if (now.intent === "limits" || now.intent === "cancel" || now.intent === "status") return now;
  return {
    ...prior,
    intent: "refund",
    reason: now.reason && now.reason !== "other" ? now.reason : prior.reason,
    merchant: now.merchant ?? prior.merchant,
    amountMinor: now.amountMinor ?? prior.amountMinor,
    date: now.date ?? prior.date,
  };
}

/** Reads the customer's message and settles which case, if any, this turn is about. */
export const intake = (deps: AgentDeps) =>
  async function intake(state: AgentStateType, config: LangGraphRunnableConfig): Promise<AgentUpdate> {
    const { tenantId, customerId } = state;
    const threadId = String(config.configurable?.thread_id);
    const transactions = await deps.store.listTransactions(tenantId, customerId);
    const today = deps.clock().toISOString().slice(0, 10);
    const read = await understandWithFallback(
      deps,
      { messages: [...state.recent, { role: "customer", text: state.input }], transactions, today },
      { signal: config.signal, record: { tenantId, threadId, step: Number(config.metadata?.langgraph_step ?? -1) } },
    );
    const understanding = withPriorContext(read, state);
    const base: AgentUpdate = { ...freshTurn, intent: understanding.intent, understanding, recent: [{ role: "customer", text: state.input }] };

    if (understanding.intent === "status" || understanding.intent === "cancel") {
      const latest = await deps.store.getLatestCase(tenantId, customerId);
      if (!latest) return base;
      const caseRef: CaseRef = {
        caseId: latest.caseId,
        transactionId: latest.transactionId,
        merchant: latest.merchant,
        amountMinor: latest.amountMinor,
        currency: latest.currency,
        postedAt: "",
        reason: latest.reason,
        priorStatus: latest.status,
        ...(latest.status === "refunded" && latest.approval && latest.approval.amountMinor !== latest.amountMinor ? { paidMinor: latest.approval.amountMinor } : {}),
      };
      return { ...base, case: caseRef, approval: latest.approval };
    }
    if (understanding.intent !== "refund") return base;

    const resolution = resolveTransaction(understanding, transactions);
    if (resolution.kind === "ambiguous") {
      const clarification: Clarification = {
        kind: "which_transaction",
        options: resolution.candidates.map((t) => ({ merchant: t.merchant, amountMinor: t.amountMinor, postedAt: t.postedAt })),
      };
      return { ...base, clarification };
    }
    if (resolution.kind === "none") {
      const named = understanding.merchant || understanding.amountMinor || understanding.date;
      return { ...base, clarification: { kind: named ? "none_found" : "which_refund" } };
    }
    const txn = resolution.transaction;
    const fingerprint = `refund|${txn.amountMinor}|${txn.id}`;
    if (isStagnant(state.fingerprints, fingerprint)) {
      const reason = `The customer asked about the ${txn.merchant} payment ${STAGNATION_REPEATS} times in a row without progress.`;
      await deps.store.handOff({ tenantId, threadId, reason });
      return { ...base, fingerprints: [fingerprint], handoff: { reason } };
    }
    const opened = await deps.store.upsertCase({
      tenantId,
      threadId,
      customerId,
      transactionId: txn.id,
      reason: resolution.reason,
      amountMinor: txn.amountMinor,
      currency: txn.currency,
    });
    const caseRef: CaseRef = {
      caseId: opened.caseId,
      transactionId: txn.id,
      merchant: txn.merchant,
      amountMinor: txn.amountMinor,
      currency: txn.currency,
      postedAt: txn.postedAt,
      reason: opened.reason,
      ...(opened.status === "open" ? {} : { priorStatus: opened.status }),
      ...(opened.paidMinor !== undefined && opened.paidMinor !== txn.amountMinor ? { paidMinor: opened.paidMinor } : {}),
    };
    return { ...base, case: caseRef, fingerprints: [fingerprint] };
  };
