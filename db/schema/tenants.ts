import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { DEFAULT_LANGUAGE, LANGUAGES } from "../../i18n/languages";

/**
 * A bank served by this deployment, with its refund policy. The agent reads the policy of a
 * conversation's bank from here; the bank's supervisor edits it (`PUT /api/tenant/policy`), a
 * compare-and-set on `version`. A tenant without a row follows the settings
 * (OPERATOR_LIMIT_MINOR, FOUR_EYES_MINOR, APPROVAL_TTL_MS and the code's auto-approval limit).
 */
export const tenants = pgTable(
  "tenants",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** ISO 4217 code the bank's amounts are in. */
    currency: text("currency").notNull(),
    /** The language the agent and the widget speak to the bank's customers unless a customer writes in another ("en", "pl"). */
    language: text("language", { enum: LANGUAGES }).notNull().default(DEFAULT_LANGUAGE),
    /** Largest refund, in minor units, the policy approves without an operator. */
    autoApproveMaxMinor: integer("auto_approve_max_minor").notNull(),
    /** Largest refund an operator may approve alone. */
    operatorLimitMinor: integer("operator_limit_minor").notNull(),
    /** Refunds from this amount need two approvers, one a supervisor. */
    fourEyesMinor: integer("four_eyes_minor").notNull(),
    /** How long an approval waits for a decision before it expires. */
    approvalWindowMs: bigint("approval_window_ms", { mode: "number" }).notNull(),
    version: integer("version").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Who changed the policy last: a username, or `seed` / `cli`. */
    updatedBy: text("updated_by").notNull(),
    /** The agent revision the bank's conversations run on, once a canary promoted it; null: the deployment's own. */
    agentRevisionId: text("agent_revision_id"),
    /** What a canary's figures may come to against the current revision's before it stops itself (`agent/runtime/canary.ts`); null: the defaults. */
    canaryThresholds: jsonb("canary_thresholds"),
  },
  (t) => [
    check(
      "tenants_limits_positive",
      sql`${t.autoApproveMaxMinor} > 0 and ${t.operatorLimitMinor} > 0 and ${t.fourEyesMinor} > 0 and ${t.approvalWindowMs} > 0`,
    ),
    check("tenants_language_known", sql`${t.language} in ('en', 'pl')`),
    check("tenants_limits_ordered", sql`${t.autoApproveMaxMinor} <= ${t.operatorLimitMinor} and ${t.operatorLimitMinor} <= ${t.fourEyesMinor}`),
  ],
);

/**
 * A loosening of a bank's policy one supervisor proposed, waiting for a second supervisor of the
 * same bank to confirm it (maker-checker). It applies only if the policy is still at
 * `baseVersion` when confirmed, and not after `expiresAt`; tightening needs no confirmation.
 */
export const tenantPolicyChanges = pgTable(
  "tenant_policy_changes",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    /** The policy version the proposal was made against. */
    baseVersion: integer("base_version").notNull(),
    autoApproveMaxMinor: integer("auto_approve_max_minor").notNull(),
    operatorLimitMinor: integer("operator_limit_minor").notNull(),
    fourEyesMinor: integer("four_eyes_minor").notNull(),
    approvalWindowMs: bigint("approval_window_ms", { mode: "number" }).notNull(),
    /** `pending` until a second supervisor confirms or rejects it, the proposer withdraws it, a newer proposal replaces it, or it expires. */
    status: text("status", { enum: ["pending", "confirmed", "rejected", "withdrawn", "superseded"] })
      .notNull()
      .default("pending"),
    proposedBy: text("proposed_by").notNull(),
    proposedAt: timestamp("proposed_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    decidedBy: text("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [index("tenant_policy_changes_tenant_idx").on(t.tenantId, t.status)],
);

export const CANARY_STATUSES = ["proposed", "running", "stopped", "promoted", "rejected", "withdrawn", "lapsed"] as const;

/**
 * A bank's canary: a share of its new conversations answered by a candidate revision the
 * deployment hosts, proposed by one supervisor and started by a second (maker-checker). While it
 * runs, its figures are compared with the current revision's every CANARY_INTERVAL_MS; a crossed
 * threshold stops it, and a window that passes promotes the candidate. A bank has at most one
 * canary proposed or running.
 */
export const canaries = pgTable(
  "canaries",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    candidateRevisionId: text("candidate_revision_id").notNull(),
    /** The revision the other conversations run on, when the canary was proposed. */
    currentRevisionId: text("current_revision_id").notNull(),
    /** Percent of the bank's new conversations the candidate answers. */
    sharePercent: integer("share_percent").notNull(),
    /** How long the canary runs before it is promoted, if it holds. */
    durationMs: bigint("duration_ms", { mode: "number" }).notNull(),
    status: text("status", { enum: CANARY_STATUSES }).notNull().default("proposed"),
    proposedBy: text("proposed_by").notNull(),
    proposedAt: timestamp("proposed_at", { withTimezone: true }).notNull(),
    /** A proposal not confirmed by then lapses. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    confirmedBy: text("confirmed_by"),
    startedAt: timestamp("started_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** Who ended it: a supervisor, or `canary` when it stopped itself or was promoted. */
    endedBy: text("ended_by"),
    /** Why it ended: the thresholds crossed, a supervisor's reason, or the window held. */
    endReason: text("end_reason"),
    /** The last comparison: each revision's figures and the thresholds crossed. */
    figures: jsonb("figures"),
    evaluatedAt: timestamp("evaluated_at", { withTimezone: true }),
  },
  (t) => [
    index("canaries_tenant_idx").on(t.tenantId, t.proposedAt),
    uniqueIndex("canaries_one_open_uq")
      .on(t.tenantId)
      .where(sql`${t.status} in ('proposed', 'running')`),
    check("canaries_share", sql`${t.sharePercent} between 1 and 100`),
  ],
);

/**
 * What one customer turn came to, by the revision that answered it: the figures a canary is
 * judged by. No words of the conversation, only what the agent did and how long it took.
 */
export const turnOutcomes = pgTable(
  "turn_outcomes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tenantId: text("tenant_id").notNull(),
    threadId: text("thread_id").notNull(),
    revisionId: text("revision_id").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    intent: text("intent"),
    /** The named outcome (`agent/eval/outcome.ts`); null when the intent came to nothing it names. */
    outcome: text("outcome"),
    clarifying: boolean("clarifying").notNull(),
    handover: boolean("handover").notNull(),
    fallback: boolean("fallback").notNull(),
    /** A refund claim that reached the policy's verdict. */
    claim: boolean("claim").notNull(),
    /** A claim the policy approved on its own. */
    autoApproved: boolean("auto_approved").notNull(),
    /** The customer asked the same thing again right after a turn that came to nothing. */
    reask: boolean("reask").notNull(),
    /** From the turn's start to its answer. */
    latencyMs: integer("latency_ms").notNull(),
  },
  (t) => [index("turn_outcomes_tenant_idx").on(t.tenantId, t.revisionId, t.at), index("turn_outcomes_thread_idx").on(t.threadId, t.id)],
);
