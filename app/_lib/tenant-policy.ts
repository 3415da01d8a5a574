import type { z } from "zod";
import type { Agent } from "@/agent";
import { policyFromSettings } from "@/agent/tenant-policy";
import type { Db, DbOrTx } from "@/db/client";
import { recordAuditEvent } from "@/db/queries/audit";
import { getTenant, setTenantPolicy, type TenantPolicyValues, type TenantRow } from "@/db/queries/tenants";
import type { tenantPolicyBody, tenantPolicyView } from "@/app/api/tenant/schema";
import { policyInconsistency } from "@/app/api/tenant/schema";
import { ApiError } from "./errors";

type PolicyView = z.infer<typeof tenantPolicyView>;

function valuesOf(row: TenantPolicyValues): TenantPolicyValues {
  return { autoApproveMaxMinor: row.autoApproveMaxMinor, operatorLimitMinor: row.operatorLimitMinor, fourEyesMinor: row.fourEyesMinor, approvalWindowMs: row.approvalWindowMs };
}

function viewOf(row: TenantRow): PolicyView {
  return { tenantId: row.id, name: row.name, currency: row.currency, ...valuesOf(row), version: row.version, updatedAt: row.updatedAt.toISOString(), updatedBy: row.updatedBy };
}

/** What a bank without a row follows: the settings, at version 0. */
async function settingsView(agent: Agent, tenantId: string): Promise<PolicyView> {
  const p = policyFromSettings(agent.deps.settings);
  return {
    tenantId,
    name: tenantId,
    currency: p.currency,
    autoApproveMaxMinor: p.refund.autoApproveMaxMinor,
    operatorLimitMinor: p.authority.operatorLimitMinor,
    fourEyesMinor: p.authority.fourEyesMinor,
    approvalWindowMs: p.approvalTtlMs,
    version: 0,
    updatedAt: null,
    updatedBy: null,
  };
}

/** The bank's policy as its supervisor sees it. */
export async function readTenantPolicy(db: DbOrTx, agent: Agent, tenantId: string): Promise<PolicyView> {
  const row = await getTenant(db, tenantId);
  return row ? viewOf(row) : settingsView(agent, tenantId);
}

/**
 * Changes the bank's policy at the version the supervisor read, audited as
 * `tenant.policy_changed` with the policy before and after, in one transaction. Inconsistent
 * limits are 400 `bad_request:policy`; a stale version is 409 `conflict:policy` and changes
 * nothing. Every instance's agent applies the new policy from its next turn.
 */
export async function changeTenantPolicy(db: Db, agent: Agent, input: { tenantId: string; actor: string; body: z.infer<typeof tenantPolicyBody> }): Promise<PolicyView> {
  const { version, ...policy } = input.body;
  const inconsistency = policyInconsistency(policy);
  if (inconsistency) throw new ApiError("bad_request:policy", inconsistency);
  const changed = await db.transaction(async (tx) => {
    // Read in the transaction: if the compare-and-set below succeeds, nothing changed the row since.
    const before = await readTenantPolicy(tx, agent, input.tenantId);
    const row = await setTenantPolicy(tx, {
      tenantId: input.tenantId,
      version,
      policy,
      actor: input.actor,
      now: agent.deps.clock(),
      defaults: { name: before.name, currency: before.currency },
    });
    if (!row) return null;
    await recordAuditEvent(tx, {
      tenantId: input.tenantId,
      actor: input.actor,
      action: "tenant.policy_changed",
      subjectType: "tenant",
      subjectId: input.tenantId,
      data: { version: row.version, before: valuesOf(before), after: valuesOf(row) },
    });
    return row;
  });
  if (!changed) {
    const current = await readTenantPolicy(db, agent, input.tenantId);
    throw new ApiError("conflict:policy", `The policy is at version ${current.version}, not ${version}: someone changed it since you read it. Nothing was changed; read it again.`, { currentVersion: current.version });
  }
  agent.deps.policies.forget(input.tenantId);
  return viewOf(changed);
}
