import { randomUUID } from "node:crypto";
import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { OfflineBankModel, type Understanding } from "../understanding";
import type { BankClients, LedgerReceipt, RefundRequest } from "../clients/bank";
import type { CardChange, CardRequest, CardsClient, CardStatus } from "../clients/cards";
import type { AgentDeps, AgentStore } from "../graph/deps";
import type { ApprovalRef } from "../graph/state";

/** What each read-only system answered in the recorded turn; for cards, the listing. */
export type RecordedResponses = Partial<Record<"limits" | "history" | "antifraud" | "cards", unknown>>;
export type SystemCall = { system: string; source: "recorded" | "live" | "missing" };
export type DryRunLedgerCall = { idempotencyKey: string; request: RefundRequest };
export type DryRunCardCall = { operation: "freeze" | "unfreeze" | "replacement"; idempotencyKey: string; cardId: string; reason: string | null };

/**
 * The understanding step of a replay: it answers with what the model read in production (the
 * turn's `heard`), so a replay neither sends the customer's words to a language model again
 * nor reads them differently; a turn recorded without it is read by the offline model. Free
 * text is worded by the code, as it is without a language model.
 */
export class RecordedUnderstanding extends OfflineBankModel {
  constructor(private readonly recorded: Understanding | null) {
    super();
  }

  async _generate(messages: BaseMessage[], options: this["ParsedCallOptions"], runManager?: CallbackManagerForLLMRun): Promise<ChatResult> {
    if (!this.recorded) return super._generate(messages, options, runManager);
    const text = JSON.stringify(this.recorded);
    return { generations: [{ text, message: new AIMessage(text) }] };
  }
}

/** Replacements for these reasons also freeze the card, as the cards system does. */
const BLOCKING_REASONS = new Set(["lost", "stolen", "compromised"]);

/**
 * A cards system that changes nothing: listings answer like the other checks, and each change
 * is noted and answered with the card as the cards system would have left it.
 */
function dryRunCards(list: CardsClient["list"], calls: DryRunCardCall[]): CardsClient {
  const known = new Map<string, CardStatus>();
  const cardOf = (cardId: string): CardStatus =>
    known.get(cardId) ?? { cardId, last4: "", status: "active", frozenAt: null, frozenReason: null, replacement: null };
  const change = (operation: DryRunCardCall["operation"], req: CardRequest & { reason?: string }): CardChange => {
    calls.push({ operation, idempotencyKey: req.idempotencyKey, cardId: req.cardId, reason: req.reason ?? null });
    const card = cardOf(req.cardId);
    const now = new Date().toISOString();
    const frozen = (reason: string): CardStatus => ({ ...card, status: "frozen", frozenAt: now, frozenReason: reason as CardStatus["frozenReason"] });
    let next = card;
    if (operation === "freeze" && card.status === "active") next = frozen(req.reason!);
    if (operation === "unfreeze" && card.status === "frozen") next = { ...card, status: "active", frozenAt: null, frozenReason: null };
    if (operation === "replacement" && !card.replacement) {
      const requested = { ...card, replacement: { requestedAt: now, reason: req.reason as NonNullable<CardStatus["replacement"]>["reason"] } };
      next = card.status === "active" && BLOCKING_REASONS.has(req.reason!) ? { ...frozen(req.reason!), replacement: requested.replacement } : requested;
    }
    known.set(req.cardId, next);
    return { card: next, changed: next !== card, replayed: false };
  };
  return {
    async list(ref, signal) {
      const cards = await list(ref, signal);
      for (const card of cards) known.set(card.cardId, card);
      return cards;
    },
    freeze: async (req) => change("freeze", req),
    unfreeze: async (req) => change("unfreeze", req),
    requestReplacement: async (req) => change("replacement", req),
  };
}

/**
 * Bank clients for a sandbox: the three checks and the card listing answer from the
 * production recording (or live, read-only systems); the ledger and card changes are dry
 * runs that pay and change nothing.
 */
export function sandboxBank(opts: {
  live: BankClients;
  recorded: RecordedResponses;
  mode: "recorded" | "live";
  calls: SystemCall[];
  ledger: DryRunLedgerCall[];
  cards: DryRunCardCall[];
}): BankClients {
  const answer = async <T>(system: "limits" | "history" | "antifraud" | "cards", live: () => Promise<T>): Promise<T> => {
    if (opts.mode === "live") {
      opts.calls.push({ system, source: "live" });
      return live();
    }
    const recorded = opts.recorded[system];
    opts.calls.push({ system, source: recorded === undefined ? "missing" : "recorded" });
    if (recorded === undefined) throw new Error(`no recorded ${system} answer for this turn`);
    return recorded as T;
  };
  return {
    limits: (ref, signal) => answer("limits", () => opts.live.limits(ref, signal)),
    history: (ref, signal) => answer("history", () => opts.live.history(ref, signal)),
    antifraud: (ref, signal) => answer("antifraud", () => opts.live.antifraud(ref, signal)),
    async refund(request, idempotencyKey): Promise<LedgerReceipt> {
      opts.ledger.push({ idempotencyKey, request });
      // test:guards dry-run-ledger
      return { entryId: "dry-run", status: "committed", replayed: false };
    },
    /** The dry-run ledger has paid nothing. */
    refundsOfCase: async () => [],
    cards: dryRunCards((ref, signal) => answer("cards", () => opts.live.cards.list(ref, signal)), opts.cards),
  };
}

/**
 * The graph's database work, in memory: reads come from production, every write stays in
 * the sandbox (a handover too: no person is asked to answer a replay). Operator decisions
 * come from `decisionFor`, the recorded outcome.
 */
export function sandboxStore(
  production: AgentStore,
  recorded: { caseIdFor: (transactionId: string) => string | undefined; decisionFor: (caseId: string) => ApprovalRef["status"] | null },
): AgentStore & {
  answerGate(approvalId: string): boolean;
} {
  const approvals = new Map<string, ApprovalRef & { caseId: string }>();
  const byCase = new Map<string, string>();
  const open = (input: { caseId: string; amountMinor: number }, status: ApprovalRef["status"], decidedBy: string | null): ApprovalRef => {
    const existing = byCase.get(input.caseId);
    if (existing) return approvals.get(existing)!;
    const approval = {
      approvalId: `sandbox-${randomUUID()}`,
      caseId: input.caseId,
      amountMinor: input.amountMinor,
      status,
      version: 1,
      decidedBy,
      reason: null,
    };
    approvals.set(approval.approvalId, approval);
    byCase.set(input.caseId, approval.approvalId);
    return approval;
  };
  const handedOver = new Map<string, string>();
  const handOver = (threadId: string) => {
    const existing = handedOver.get(threadId);
    if (existing) return { handoverId: existing, created: false };
    const handoverId = `sandbox-handover-${randomUUID()}`;
    handedOver.set(threadId, handoverId);
    return { handoverId, created: true };
  };
  return {
    listTransactions: production.listTransactions,
    listPending: production.listPending,
    getLatestCase: production.getLatestCase,
    getThreadCase: production.getThreadCase,
    listCases: production.listCases,
    /** A replay reads what the customer cancelled; it never cancels anything itself. */
    withdrawRequest: async () => false,
    async upsertCase(input) {
      return {
        caseId: recorded.caseIdFor(input.transactionId) ?? `sandbox-case-${input.transactionId}`,
        transactionId: input.transactionId,
        status: "open",
        amountMinor: input.amountMinor,
        currency: input.currency,
        reason: input.reason,
      };
    },
    /**
     * A replay has no other claims in flight: the recorded checks decide. A turn that went to an
     * operator only because another of the customer's claims was waiting replays as approved by
     * policy, and shows as a difference.
     */
    async recordPolicyApproval(input, decide) {
      const verdict = await decide({ refunded: [], awaiting: [] });
      return { verdict, approval: verdict.outcome === "auto_approve" ? open(input, "approved", "policy") : null };
    },
    openApproval: async (input) => open(input, "pending", null),
    getApproval: async (_tenantId, approvalId) => approvals.get(approvalId) ?? null,
    async admitRefund({ approvalId, version }) {
      const a = approvals.get(approvalId);
      if (!a || a.status !== "approved" || a.version !== version)
        return { admitted: false, firstAttempt: false, status: a?.status ?? "missing", version: a?.version ?? 0 };
      Object.assign(a, { status: "executing", version: a.version + 1 });
      return { admitted: true, firstAttempt: true, status: a.status, version: a.version };
    },
    async completeRefund({ approvalId }) {
      const a = approvals.get(approvalId);
      if (a) a.status = "executed";
    },
    recordNodeEvent: async () => {},
    recordCardAction: async () => {},
    requestHandover: async (input) => handOver(input.threadId),
    answerGate(approvalId) {
      const a = approvals.get(approvalId);
      const decided = a ? recorded.decisionFor(a.caseId) : null;
      if (!a || !decided || decided === "pending") return false;
      Object.assign(a, {
        status: decided === "executing" || decided === "executed" ? "approved" : decided,
        version: a.version + 1,
        decidedBy: "recorded decision",
      });
      return true;
    },
  };
}

export type SandboxDeps = AgentDeps & { store: ReturnType<typeof sandboxStore> };
