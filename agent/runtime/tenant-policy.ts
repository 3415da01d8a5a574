import type { Db } from "@/db/client";
import { getTenant, type TenantRow } from "@/db/queries/tenants";
import { DEFAULT_CURRENCY } from "@/vocabulary/money";
import type { AgentSettings, TenantPolicies } from "../graph/deps";
import type { RefundPolicy, TenantPolicy } from "../graph/policy";
import { withTenant } from "@/db/tenant-context";
import { DEFAULT_LANGUAGE } from "@/i18n/languages";

/** The policy a tenant without a row follows: the settings (and the code's auto-approval rule). */
export function policyFromSettings(settings: Pick<AgentSettings, "policy" | "authority" | "approvalTtlMs">): TenantPolicy {
  return {
    currency: DEFAULT_CURRENCY,
    language: DEFAULT_LANGUAGE,
    refund: settings.policy,
    authority: settings.authority,
    approvalTtlMs: settings.approvalTtlMs,
  };
}

/** A tenant's row as the policy the agent applies, its auto-approval limit no higher than the deployment's ceiling. */
export function policyFromRow(row: TenantRow, base: RefundPolicy, ceilingMinor = Number.MAX_SAFE_INTEGER): TenantPolicy {
  return {
    currency: row.currency,
    language: row.language,
    refund: { ...base, autoApproveMaxMinor: Math.min(row.autoApproveMaxMinor, ceilingMinor) },
    authority: { operatorLimitMinor: row.operatorLimitMinor, fourEyesMinor: row.fourEyesMinor },
    approvalTtlMs: row.approvalWindowMs,
  };
}

/** How long a tenant's policy is kept before it is read again, should a change notice be lost (a dropped listener). */
export const POLICY_CACHE_MS = 30_000;

/**
 * Each tenant's policy from the `tenants` table, kept for up to POLICY_CACHE_MS. A change made
 * anywhere is announced on a Postgres channel; `forget` (called for it on every instance, see
 * `createAgent`) drops the cached copy at once, so the next turn reads the new policy. A tenant
 * without a row follows the settings.
 */
export function databasePolicies(
  db: Db,
  settings: Pick<AgentSettings, "policy" | "authority" | "approvalTtlMs"> & Partial<Pick<AgentSettings, "autoApproveCeilingMinor">>,
  now = () => Date.now(),
): TenantPolicies {
  const cache = new Map<string, { at: number; policy: Promise<TenantPolicy> }>();
  return {
    forTenant(tenantId) {
      const cached = cache.get(tenantId);
      if (cached && now() - cached.at < POLICY_CACHE_MS) return cached.policy;
      // Read as the tenant it is for: its row is the only one row-level security shows it.
      const policy = withTenant(tenantId, () => getTenant(db, tenantId)).then((row) =>
        row ? policyFromRow(row, settings.policy, settings.autoApproveCeilingMinor) : policyFromSettings(settings),
      );
      const entry = { at: now(), policy };
      cache.set(tenantId, entry);
      policy.catch(() => {
        if (cache.get(tenantId) === entry) cache.delete(tenantId);
      });
      return policy;
    },
    forget(tenantId) {
      if (tenantId === undefined) cache.clear();
      else cache.delete(tenantId);
    },
  };
}

/** The same policy for every tenant: incident replays, which keep to the settings and the investigator's what-if. */
export function fixedPolicy(policy: TenantPolicy): TenantPolicies {
  return { forTenant: async () => policy, forget: () => {} };
}
