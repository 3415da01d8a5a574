import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
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
