import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { Agent } from "@/agent";
import { policyFromSettings } from "@/agent/runtime/tenant-policy";
import type { Db, DbOrTx } from "@/db/client";
import { recordAuditEvent } from "@/db/queries/audit";
import { getPendingPolicyChange, lockPolicyChangeById, proposePolicyChange, settlePolicyChange, type PolicyChangeRow } from "@/db/queries/policy-changes";
import { getTenant, policyValuesOf as valuesOf, setTenantPolicy, type TenantPolicyValues, type TenantRow } from "@/db/queries/tenants";
import type { policyChangeView, tenantPolicyBody, tenantPolicyView } from "@/app/api/tenant/schema";
import { loosenings, policyInconsistency } from "@/app/api/tenant/schema";
import { env } from "@/env";
import { ApiError } from "./errors";

type PolicyView = z.infer<typeof tenantPolicyView>;
type ChangeView = z.infer<typeof policyChangeView>;
type Policy = Omit<PolicyView, "pendingChange" | "autoApproveCeilingMinor">;

/** One audit row about the bank's policy, by `actor`. */
function auditPolicy(tx: DbOrTx, input: { tenantId: string; actor: string }, action: string, data: Record<string, unknown>) {
  return recordAuditEvent(tx, { tenantId: input.tenantId, actor: input.actor, action, subjectType: "tenant", subjectId: input.tenantId, data });
}

function policyOf(row: TenantRow): Policy {
  return {
    tenantId: row.id,
    name: row.name,
    currency: row.currency,
    ...valuesOf(row),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}

/** What a bank without a row follows: the settings, at version 0. */
function settingsPolicy(agent: Agent, tenantId: string): Policy {
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

async function currentPolicy(db: DbOrTx, agent: Agent, tenantId: string): Promise<Policy> {
  const row = await getTenant(db, tenantId);
  return row ? policyOf(row) : settingsPolicy(agent, tenantId);
}

function changeOf(row: PolicyChangeRow, base: TenantPolicyValues, viewer: string): ChangeView {
  const values = valuesOf(row);
  return {
    id: row.id,
    ...values,
    baseVersion: row.baseVersion,
    loosens: loosenings(base, values),
    proposedBy: row.proposedBy,
    proposedByYou: row.proposedBy === viewer,
    proposedAt: row.proposedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** The bank's policy as its supervisor `viewer` sees it, with the loosening waiting for a second supervisor. */
export async function readTenantPolicy(db: DbOrTx, agent: Agent, tenantId: string, viewer: string): Promise<PolicyView> {
  const policy = await currentPolicy(db, agent, tenantId);
  const pending = await getPendingPolicyChange(db, tenantId, agent.deps.clock());
  return { ...policy, pendingChange: pending ? changeOf(pending, policy, viewer) : null, autoApproveCeilingMinor: agent.deps.settings.autoApproveCeilingMinor };
}

const stale = (current: Policy, version: number) =>
  new ApiError(
    "conflict:policy",
    `The policy is at version ${current.version}, not ${version}: someone changed it since you read it. Nothing was changed; read it again.`,
    {
      currentVersion: current.version,
    },
  );

/** Writes `policy` at `version` with its audit row, in `tx`; null when another change came first. */
async function applyPolicy(
  tx: DbOrTx,
  agent: Agent,
  input: { tenantId: string; actor: string; version: number; policy: TenantPolicyValues; before: Policy; confirms?: PolicyChangeRow },
) {
  const row = await setTenantPolicy(tx, {
    tenantId: input.tenantId,
    version: input.version,
    policy: input.policy,
    actor: input.actor,
    now: agent.deps.clock(),
    defaults: { name: input.before.name, currency: input.before.currency },
  });
  if (!row) return null;
  const confirmed = input.confirms ? { proposedBy: input.confirms.proposedBy, confirmedBy: input.actor, changeId: input.confirms.id } : {};
  await auditPolicy(tx, input, "tenant.policy_changed", { version: row.version, before: valuesOf(input.before), after: valuesOf(row), ...confirmed });
  return row;
}

/**
 * A supervisor's change to the bank's policy at the version they read. Inconsistent limits, or an
 * auto-approval limit above the deployment's ceiling, are 400 `bad_request:policy`; a stale
 * version is 409 `conflict:policy`. A change that only tightens applies at once, audited as
 * `tenant.policy_changed` with the policy before and after. One that loosens anything (a higher
 * limit or threshold, a longer window) does not apply: it waits as the bank's pending change,
 * audited as `tenant.policy_change_proposed`, until a second supervisor confirms it
 * (`confirmPolicyChange`); no person alone loosens a money control.
 */
export async function changeTenantPolicy(
  db: Db,
  agent: Agent,
  input: { tenantId: string; actor: string; body: z.infer<typeof tenantPolicyBody> },
): Promise<{ status: 200 | 202; view: PolicyView }> {
  const { version, ...policy } = input.body;
  const inconsistency = policyInconsistency(policy);
  if (inconsistency) throw new ApiError("bad_request:policy", inconsistency);
  const ceiling = agent.deps.settings.autoApproveCeilingMinor;
  if (policy.autoApproveMaxMinor > ceiling) {
    throw new ApiError(
      "bad_request:policy",
      `The auto-approval limit may not be above this deployment's ceiling of ${ceiling} minor units (AUTO_APPROVE_CEILING_MINOR).`,
    );
  }
  const now = agent.deps.clock();
  const outcome = await db.transaction(async (tx) => {
    // Read in the transaction: if the compare-and-set below succeeds, nothing changed the row since.
    const before = await currentPolicy(tx, agent, input.tenantId);
    if (before.version !== version) return { kind: "stale" as const, before };
    const loosened = loosenings(before, policy);
    // test:guards loosening-waits
    if (loosened.length === 0) {
      const row = await applyPolicy(tx, agent, { ...input, version, policy, before });
      return row ? { kind: "applied" as const } : { kind: "stale" as const, before };
    }
    const change = await proposePolicyChange(tx, {
      id: randomUUID(),
      tenantId: input.tenantId,
      baseVersion: version,
      policy,
      proposedBy: input.actor,
      now,
      expiresAt: new Date(now.getTime() + env().POLICY_CHANGE_TTL_MS),
    });
    await auditPolicy(tx, input, "tenant.policy_change_proposed", {
      changeId: change.id,
      baseVersion: version,
      before: valuesOf(before),
      after: policy,
      loosens: loosened,
      expiresAt: change.expiresAt.toISOString(),
    });
    return { kind: "proposed" as const };
  });
  if (outcome.kind === "stale") throw stale(await currentPolicy(db, agent, input.tenantId), version);
  if (outcome.kind === "applied") agent.deps.policies.forget(input.tenantId);
  return { status: outcome.kind === "applied" ? 200 : 202, view: await readTenantPolicy(db, agent, input.tenantId, input.actor) };
}

/**
 * A second supervisor's answer to the bank's pending change: `confirm` applies it (if the policy is
 * still at the version it was proposed against), `reject` ends it; the proposer may only
 * withdraw it (`reject` by them). Audited either way. 404 for an unknown change, 409
 * `conflict:policy_change` when it is no longer pending (decided, replaced, expired) or the
 * policy has moved on, 403 `forbidden:four_eyes` when its proposer tries to confirm it.
 */
export async function answerPolicyChange(
  db: Db,
  agent: Agent,
  input: { tenantId: string; actor: string; changeId: string; answer: "confirm" | "reject" },
): Promise<PolicyView> {
  const now = agent.deps.clock();
  await db.transaction(async (tx) => {
    const change = await lockPolicyChangeById(tx, input.tenantId, input.changeId);
    if (!change) throw new ApiError("not_found:policy_change", "There is no such policy change for your bank.");
    if (change.status !== "pending" || change.expiresAt <= now) {
      const state = change.status === "pending" ? "expired" : change.status;
      throw new ApiError("conflict:policy_change", `This policy change is ${state}; nothing was changed.`, { currentStatus: state });
    }
    const own = change.proposedBy === input.actor;
    if (input.answer === "reject") {
      const status = own ? "withdrawn" : "rejected";
      await settlePolicyChange(tx, { tenantId: input.tenantId, id: change.id, status, actor: input.actor, now });
      await auditPolicy(tx, input, `tenant.policy_change_${status}`, { changeId: change.id });
      return;
    }
    if (own) throw new ApiError("forbidden:four_eyes", "You proposed this change; another supervisor of your bank must confirm it.");
    const before = await currentPolicy(tx, agent, input.tenantId);
    const row =
      before.version === change.baseVersion
        ? await applyPolicy(tx, agent, {
            tenantId: input.tenantId,
            actor: input.actor,
            version: change.baseVersion,
            policy: valuesOf(change),
            before,
            confirms: change,
          })
        : null;
    if (!row) {
      throw new ApiError(
        "conflict:policy_change",
        `The policy changed to version ${before.version} after this change was proposed against version ${change.baseVersion}; propose it again.`,
        { currentStatus: "stale" },
      );
    }
    await settlePolicyChange(tx, { tenantId: input.tenantId, id: change.id, status: "confirmed", actor: input.actor, now });
    await auditPolicy(tx, input, "tenant.policy_change_confirmed", { changeId: change.id, proposedBy: change.proposedBy });
  });
  agent.deps.policies.forget(input.tenantId);
  return readTenantPolicy(db, agent, input.tenantId, input.actor);
}
