import type { Env } from "@/env";
import type { ApprovalRisk } from "@/vocabulary/risks";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { BankClients } from "../clients/bank";
import type { AuthorityLimits } from "./approval-rules";
import type { RefundPolicy, TenantPolicy } from "./policy";
import type { HandoverReason } from "@/db/queries/handovers";
import type { OwnClaims } from "@/db/queries/approvals";
import type { ApprovalRef, Checks, Triage } from "./state";
import type { PendingTxn, RefundReason, Txn } from "../understanding";
import type { CallCost, ModelPrice } from "../llm/usage";

/** What the agent hands a person when it cannot help on its own. */
export type HandoverRequest = {
  tenantId: string;
  threadId: string;
  customerId: string;
  /** What the person taking over reads first: what the customer wants and what the agent tried. */
  summary: string;
  reason: HandoverReason;
  /** The Banking77 category of the request, when known. */
  category?: string | null;
  /** When it was asked for, by the agent's clock (the one approvals are dated by), so the queue orders and ages both alike. */
  createdAt?: Date;
};

/** Where the agent finds the policy of a conversation's bank. */
export type TenantPolicies = {
  forTenant(tenantId: string): Promise<TenantPolicy>;
  /** Forgets what was cached about `tenantId` (every tenant when none is named). */
  forget(tenantId?: string): void;
};

export type CaseSummary = {
  caseId: string;
  transactionId: string;
  status: string;
  amountMinor: number;
  currency: string;
  reason: RefundReason;
  /** What the ledger paid, once the case is refunded: the approved amount, which may be lower. */
  paidMinor?: number;
};

export type CaseWithApproval = CaseSummary & { merchant: string; approval: ApprovalRef | null };

/** The database work nodes may do, each step repeatable. */
export type AgentStore = {
  listTransactions(tenantId: string, customerId: string): Promise<Txn[]>;
  /** The customer's items not booked yet: a refund request may name one, and is then explained, never opened. */
  listPending(tenantId: string, customerId: string): Promise<PendingTxn[]>;
  /** Opens the case for a booked card payment of the customer's, or returns the one that exists; null for anything else. */
  upsertCase(input: {
    tenantId: string;
    threadId: string;
    customerId: string;
    transactionId: string;
    reason: RefundReason;
    amountMinor: number;
    currency: string;
  }): Promise<CaseSummary | null>;
  getLatestCase(tenantId: string, customerId: string): Promise<CaseWithApproval | null>;
  /** The case a conversation works on: its most recently updated one. */
  getThreadCase(tenantId: string, threadId: string): Promise<CaseWithApproval | null>;
  /** The customer's cases, newest first, each with its merchant and approval. */
  listCases(tenantId: string, customerId: string): Promise<(CaseWithApproval & { threadId: string })[]>;
  /**
   * Cancels a request still waiting for a decision, as the customer asked (audited); false when
   * it is too late. Repeatable: a second call finds it cancelled and returns false.
   */
  withdrawRequest(input: { tenantId: string; approvalId: string; caseId: string; actor: string }): Promise<boolean>;
  /**
   * Records policy's approval of a case, deciding again under the customer's lock: `decide`
   * gets the cases of the refunds the app approved, is paying or paid for that customer since
   * `refundsSince`, and of their claims waiting for an operator (this case's excluded), and
   * returns the verdict that stands. One customer's
   * claims are decided one at a time, whatever the conversations and instances; the approval
   * is recorded only when that verdict is still `auto_approve`. A repeat for a case policy
   * already approved returns that approval.
   */
  recordPolicyApproval(
    input: ApprovalInput & { customerId: string; refundsSince: Date },
    decide: (own: OwnClaims) => Triage | Promise<Triage>,
  ): Promise<{ verdict: Triage; approval: ApprovalRef | null }>;
  openApproval(input: ApprovalInput): Promise<ApprovalRef>;
  getApproval(tenantId: string, approvalId: string): Promise<ApprovalRef | null>;
  /** approved -> executing; `firstAttempt` is false for a re-run, which must ask the ledger before it pays. */
  admitRefund(input: {
    tenantId: string;
    approvalId: string;
    version: number;
  }): Promise<{ admitted: boolean; firstAttempt: boolean; status: string; version: number }>;
  completeRefund(input: { tenantId: string; approvalId: string; caseId: string }): Promise<void>;
  /**
   * Hands the conversation to a person: staff see it in the console's queue with `summary`
   * and answer the customer in the chat. Audited as `handover.requested`; while the thread's
   * handover is open, asking again returns it with `created: false`.
   */
  requestHandover(input: HandoverRequest): Promise<{ handoverId: string; created: boolean }>;
  /**
   * Audits a change the agent asked the cards system for on the customer's behalf
   * (`card.frozen`, `card.unfrozen`, `card.replacement_requested`, on the thread); once per
   * idempotency key, however often the node runs.
   */
  recordCardAction(input: CardActionAudit): Promise<void>;
  recordNodeEvent(
    input: {
      tenantId: string;
      threadId: string;
      node: string;
      system?: string;
      outcome: "ok" | "degraded" | "error";
      latencyMs: number;
      error?: string;
      step?: number;
      request?: unknown;
      response?: unknown;
      idempotencyKey?: string;
    } & Partial<CallCost>,
  ): Promise<void>;
};

/** One card change for the audit trail. */
export type CardActionAudit = {
  tenantId: string;
  threadId: string;
  customerId: string;
  cardId: string;
  action: "freeze" | "unfreeze" | "replacement";
  reason: string | null;
  idempotencyKey: string;
  /** False when the card already was as asked. */
  changed: boolean;
  /** The card's status afterwards. */
  status: "active" | "frozen";
};

export type ApprovalInput = {
  tenantId: string;
  caseId: string;
  threadId: string;
  amountMinor: number;
  currency: string;
  policyReason: string;
  checks: Checks;
  risk: ApprovalRisk;
  expiresAt: Date;
  requiredApprovals: number;
  /** The bank's operator limit and four-eyes threshold as the approval opens: it keeps them. */
  operatorLimitMinor: number;
  fourEyesMinor: number;
  /** When the case entered review, by the agent's clock (expiry counts from it). */
  createdAt: Date;
};

export type AgentSettings = {
  checkTimeoutMs: number;
  checkMaxAttempts: number;
  /** First retry delay; later ones back off by a factor of 2. */
  retryInitialMs: number;
  ledgerTimeoutMs: number;
  ledgerMaxAttempts: number;
  recursionLimit: number;
  /**
   * The refund policy, the approval authority and the approval window a bank without a
   * `tenants` row follows (and a new row starts from). The agent applies the conversation's
   * bank's own policy, read through `AgentDeps.policies`.
   */
  policy: RefundPolicy;
  authority: AuthorityLimits;
  /** No bank's auto-approval limit goes above this, whatever its row says. */
  autoApproveCeilingMinor: number;
  /** How long an approval waits for a decision before it expires. */
  approvalTtlMs: number;
  /** How long an operator's claim lasts. */
  claimTtlMs: number;
  /** How long a refund the ledger never confirmed waits before the recovery job retries it. */
  refundRetryMs: number;
  /** What a message sent while a run is busy does: wait its turn, be refused, or stop the run (keeping or undoing its progress). */
  doubleTexting: Env["DOUBLE_TEXTING"];
  /**
   * How long a thread's lease lasts; a run renews it every third of this while it works. A
   * crashed instance's threads are recovered once their lease runs out.
   */
  leaseMs: number;
  /** Longest a language-model call may take before the offline model or the code's words answer instead (default 10 s). */
  llmTimeoutMs?: number;
  /** How long a turn may take before the customer has an answer (checks and language-model calls bound themselves by it); unset, no bound but their own. */
  turnDeadlineMs?: number;
  /** The language model's price, when set: each call's tokens are priced by it. */
  llmPrice?: ModelPrice;
};

/** Everything the graph touches outside itself, injected so tests and replays can swap it. */
export type AgentDeps = {
  model: BaseChatModel;
  bank: BankClients;
  store: AgentStore;
  clock: () => Date;
  settings: AgentSettings;
  /** Each bank's refund policy (auto-approval limit, operator limit, four-eyes threshold, approval window). */
  policies: TenantPolicies;
};
