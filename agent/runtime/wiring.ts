/** The production wiring of the graph's dependencies: settings, bank clients, the model, the store and each bank's policy. */
import { env } from "@/env";
import type { Db } from "@/db/client";
import { createBankClients } from "../clients/bank";
import { createChatModel } from "../clients/model";
import { createAgentStore } from "./store";
import { appKeyRing, encryptsAtRest, type KeyRing } from "../encryption";
import type { AgentDeps, AgentSettings } from "../graph/deps";
import { DEFAULT_POLICY } from "../graph/policy";
import { databasePolicies } from "./tenant-policy";

export function settingsFromEnv(): AgentSettings {
  const e = env();
  return {
    checkTimeoutMs: e.CHECK_TIMEOUT_MS,
    checkMaxAttempts: e.CHECK_MAX_ATTEMPTS,
    turnDeadlineMs: e.TURN_DEADLINE_MS,
    retryInitialMs: 200,
    ledgerTimeoutMs: e.LEDGER_TIMEOUT_MS,
    ledgerMaxAttempts: 3,
    recursionLimit: 16,
    policy: DEFAULT_POLICY,
    authority: { operatorLimitMinor: e.OPERATOR_LIMIT_MINOR, fourEyesMinor: e.FOUR_EYES_MINOR },
    autoApproveCeilingMinor: e.AUTO_APPROVE_CEILING_MINOR,
    approvalTtlMs: e.APPROVAL_TTL_MS,
    claimTtlMs: e.CLAIM_TTL_MS,
    refundRetryMs: e.REFUND_RETRY_MS,
    leaseMs: e.THREAD_LEASE_MS,
    doubleTexting: e.DOUBLE_TEXTING,
    llmTimeoutMs: e.LLM_TIMEOUT_MS,
    ...(e.LLM_PRICE_INPUT_PER_MTOK !== undefined && e.LLM_PRICE_OUTPUT_PER_MTOK !== undefined
      ? { llmPrice: { inputPerMTok: e.LLM_PRICE_INPUT_PER_MTOK, outputPerMTok: e.LLM_PRICE_OUTPUT_PER_MTOK, currency: e.LLM_PRICE_CURRENCY } }
      : {}),
  };
}

/**
 * The production wiring: the bank's systems from the environment, the shared pool, each bank's
 * policy from its `tenants` row; the store records agent revision `revisionId`.
 */
export function depsFromEnv(db: Db, overrides: Partial<AgentDeps> = {}, keys: KeyRing = appKeyRing(), revisionId: string | null = null): AgentDeps {
  const e = env();
  const settings = overrides.settings ?? settingsFromEnv();
  return {
    model: createChatModel(e),
    bank: createBankClients({ limits: e.LIMITS_URL, history: e.HISTORY_URL, antifraud: e.ANTIFRAUD_URL, ledger: e.LEDGER_URL, cards: e.CARDS_URL }),
    store: createAgentStore(db, keys, encryptsAtRest(), revisionId),
    clock: () => new Date(),
    policies: databasePolicies(db, settings),
    ...overrides,
    settings,
  };
}
