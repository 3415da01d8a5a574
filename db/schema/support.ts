import { sql } from "drizzle-orm";
import { APPROVAL_RISKS } from "../../vocabulary/risks";
import { APPROVAL_STATUSES, CASE_STATUSES, HANDOVER_STATUSES, THREAD_STATUSES } from "../../vocabulary/statuses";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * A revision of the agent (`agent/runtime/revision.ts`): its id, the digests it is made of, and
 * its number, in the order revisions first ran here (the LangGraph API's assistant version).
 * Shared by every bank of the deployment.
 */
export const agentRevisions = pgTable("agent_revisions", {
  id: text("id").primaryKey(),
  number: integer("number").notNull().unique(),
  components: jsonb("components").notNull(),
  firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A shadow replay's report (`npm run release:shadow`): how a candidate revision would have
 * answered a window of a bank's customer turns, replayed in the sandbox. Written by the
 * command, read by supervisors and auditors; it holds outcomes and counts, never the
 * customers' words.
 */
export const shadowReports = pgTable(
  "shadow_reports",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    candidateRevisionId: text("candidate_revision_id").notNull(),
    since: timestamp("since", { withTimezone: true }).notNull(),
    until: timestamp("until", { withTimezone: true }).notNull(),
    turns: integer("turns").notNull(),
    outcomesChanged: integer("outcomes_changed").notNull(),
    /** Who ran it: the operating-system user of the command. */
    ranBy: text("ran_by").notNull(),
    report: jsonb("report").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("shadow_reports_tenant_idx").on(t.tenantId, t.createdAt)],
);

/** One conversation; the LangGraph thread id is this id. */
export const threads = pgTable(
  "threads",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    customerId: text("customer_id").notNull(),
    /**
     * The conversation the customer is talking in, for a thread the agent opened beside it: a
     * claim about another payment made while that conversation waits for an operator.
     */
    parentThreadId: text("parent_thread_id").references((): AnyPgColumn => threads.id),
    status: text("status", { enum: THREAD_STATUSES }).notNull().default("idle"),
    /** The agent revision the conversation started on (`agent_revisions`); null for conversations older than revisions. */
    revisionId: text("revision_id"),
    /** A busy thread belongs to the run holding this lease until it expires. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /** The app instance running the thread; a dead instance's threads are recovered. */
    leaseOwner: text("lease_owner"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("threads_customer_idx").on(t.tenantId, t.customerId), index("threads_parent_idx").on(t.tenantId, t.parentThreadId)],
);

/** The full transcript; graph state keeps only a short window of it. */
export const messages = pgTable(
  "messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tenantId: text("tenant_id").notNull(),
    threadId: text("thread_id")
      .notNull()
      .references(() => threads.id),
    role: text("role", { enum: ["customer", "agent"] }).notNull(),
    text: text("text").notNull(),
    /** A customer message sent while a run was busy, waiting its turn (double-texting). */
    queued: boolean("queued").notNull().default(false),
    /** When the agent answered this customer message; null until then (recovery answers the rest). */
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    /** The id the customer's client gave the message: a resend with the same id is stored once. */
    clientMessageId: text("client_message_id"),
    /** The agent revision that wrote an agent message; null on customer messages and older ones. */
    revisionId: text("revision_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("messages_thread_idx").on(t.threadId, t.id),
    uniqueIndex("messages_client_id_uq")
      .on(t.threadId, t.clientMessageId)
      .where(sql`${t.clientMessageId} is not null`),
    /** The few messages waiting behind a run, counted by the metrics without reading the transcript. */
    index("messages_queued_idx")
      .on(t.tenantId)
      .where(sql`${t.queued}`),
  ],
);

/** A customer's claim about one transaction; at most one per transaction. */
export const cases = pgTable(
  "cases",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    threadId: text("thread_id")
      .notNull()
      .references(() => threads.id),
    customerId: text("customer_id").notNull(),
    transactionId: text("transaction_id").notNull(),
    reason: text("reason", { enum: ["duplicate", "unrecognised", "abroad", "other"] }).notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull().default("EUR"),
    status: text("status", { enum: CASE_STATUSES }).notNull().default("open"),
    /** The agent revision that opened the case. */
    revisionId: text("revision_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("cases_transaction_uq").on(t.tenantId, t.transactionId), index("cases_customer_idx").on(t.tenantId, t.customerId)],
);

/**
 * The decision on one case's refund. Every change is a compare-and-set on `version`:
 * pending -> approved | rejected | cancelled | expired; approved -> executing -> executed.
 */
export const approvals = pgTable(
  "approvals",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    caseId: text("case_id")
      .notNull()
      .references(() => cases.id),
    threadId: text("thread_id")
      .notNull()
      .references(() => threads.id),
    status: text("status", { enum: APPROVAL_STATUSES }).notNull(),
    version: integer("version").notNull().default(1),
    /** `policy` when the auto-approval rule decided, `operator` otherwise. */
    mode: text("mode", { enum: ["policy", "operator"] }).notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull().default("EUR"),
    /** Why policy decided as it did, in words an operator reads. */
    policyReason: text("policy_reason").notNull(),
    /** The three checks' summaries the decision rests on. */
    checks: jsonb("checks").notNull(),
    /** The LangGraph interrupt that waits for this decision. */
    interruptId: text("interrupt_id"),
    /** Antifraud's verdict when the case was opened, or `unavailable`; the queue filters on it. */
    risk: text("risk", { enum: APPROVAL_RISKS }).notNull().default("unavailable"),
    /** A pending approval not decided by then expires. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Two for four-eyes refunds, one otherwise, by the policy in force when the approval opened. */
    requiredApprovals: integer("required_approvals").notNull().default(1),
    /**
     * The bank's operator limit and four-eyes threshold when the approval opened: a decision
     * applies the stricter of these and today's, so a later loosening never reaches it. Null
     * on approvals opened before they were kept (`requiredApprovals` stands in).
     */
    operatorLimitMinor: integer("operator_limit_minor"),
    fourEyesMinor: integer("four_eyes_minor"),
    firstApprovedBy: text("first_approved_by"),
    firstApprovedRole: text("first_approved_role"),
    firstApprovedAt: timestamp("first_approved_at", { withTimezone: true }),
    /** The amount the first of two approvers approved; the second must approve the same amount. */
    firstApprovedAmountMinor: integer("first_approved_amount_minor"),
    /**
     * The amount the refund pays, set by the approval that settled it (policy's, the single
     * approver's, or the second of two); null while pending, after a rejection, and on
     * approvals settled before every approval recorded it (those paid the full amount).
     */
    approvedAmountMinor: integer("approved_amount_minor"),
    /** The operator working the case; others cannot decide it until the lease ends. */
    claimedBy: text("claimed_by"),
    claimExpiresAt: timestamp("claim_expires_at", { withTimezone: true }),
    decidedBy: text("decided_by"),
    decisionReason: text("decision_reason"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("approvals_case_uq").on(t.caseId),
    index("approvals_pending_idx").on(t.tenantId, t.status, t.createdAt),
    index("approvals_expiry_idx").on(t.status, t.expiresAt),
  ],
);

/** An operator's question to the customer about a pending approval, and the answer. */
export const approvalQuestions = pgTable(
  "approval_questions",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    approvalId: text("approval_id")
      .notNull()
      .references(() => approvals.id),
    askedBy: text("asked_by").notNull(),
    question: text("question").notNull(),
    askedAt: timestamp("asked_at", { withTimezone: true }).notNull().defaultNow(),
    answer: text("answer"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [index("approval_questions_approval_idx").on(t.approvalId, t.askedAt)],
);

/**
 * A conversation the agent handed to a person: its summary for staff, why, and the answer.
 * At most one is open per thread, so asking again is a no-op. Every change is a
 * compare-and-set on `version`: open -> answered | closed.
 */
export const handovers = pgTable(
  "handovers",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    threadId: text("thread_id")
      .notNull()
      .references(() => threads.id),
    customerId: text("customer_id").notNull(),
    /** What the agent tells the person taking over. */
    summary: text("summary").notNull(),
    /** Why: the customer asked for a person, the conversation went in circles, or the agent cannot help. */
    reason: text("reason", { enum: ["needs_person", "stagnation", "customer_asked"] }).notNull(),
    /** The Banking77 category of the request, when the agent knew it. */
    category: text("category"),
    status: text("status", { enum: HANDOVER_STATUSES }).notNull().default("open"),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    answeredBy: text("answered_by"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    /** The staff member's reply as the customer received it (without the "from our support team" prefix). */
    answer: text("answer"),
    closedBy: text("closed_by"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("handovers_open_thread_uq")
      .on(t.tenantId, t.threadId)
      .where(sql`${t.status} = 'open'`),
    index("handovers_queue_idx").on(t.tenantId, t.status, t.createdAt),
  ],
);

/** One notification to operators per interrupt, however often the gate re-runs. */
export const operatorNotifications = pgTable("operator_notifications", {
  interruptId: text("interrupt_id").primaryKey(),
  tenantId: text("tenant_id").notNull(),
  approvalId: text("approval_id")
    .notNull()
    .references(() => approvals.id),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who did what, for auditors. Append-only: the database refuses UPDATE, DELETE and TRUNCATE.
 * Each tenant's rows form a hash chain the database computes on insert (`audit_events_chain`
 * trigger; `npm run audit:verify` checks it): `seq` numbers the tenant's rows 1, 2, 3, ...,
 * `prevHash` is the hash of the tenant's row before (64 zeros for the first) and `hash` is
 * SHA-256 over the row's canonical encoding (`db/audit-chain.ts`). Values an insert gives
 * for these three are replaced.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tenantId: text("tenant_id").notNull(),
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    data: jsonb("data")
      .notNull()
      .default(sql`'{}'::jsonb`),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    seq: bigint("seq", { mode: "number" }).notNull(),
    prevHash: text("prev_hash").notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [index("audit_subject_idx").on(t.subjectType, t.subjectId), uniqueIndex("audit_events_chain_uq").on(t.tenantId, t.seq)],
);

/** One row per node attempt: latency, outcome, error. */
export const nodeEvents = pgTable(
  "node_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tenantId: text("tenant_id").notNull(),
    threadId: text("thread_id").notNull(),
    node: text("node").notNull(),
    system: text("system"),
    outcome: text("outcome", { enum: ["ok", "degraded", "error"] }).notNull(),
    latencyMs: integer("latency_ms").notNull(),
    attempts: integer("attempts").notNull().default(1),
    error: text("error"),
    /** The superstep the attempt belonged to. */
    step: integer("step"),
    /** What was sent and what came back, so a sandbox replay can answer from the recording. */
    request: jsonb("request"),
    response: jsonb("response"),
    idempotencyKey: text("idempotency_key"),
    /** The agent revision that ran the attempt. */
    revisionId: text("revision_id"),
    /** A language model's call: the tokens it read and wrote, as the provider reported them (null when it did not). */
    inputTokens: integer("input_tokens"),
    outputTokens: integer("output_tokens"),
    /** What those tokens cost by the model's price in settings, in millionths of its currency; null without a price or a count. */
    costMicros: bigint("cost_micros", { mode: "number" }),
    /** The currency of `costMicros` (the model's price's). */
    costCurrency: text("cost_currency"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("node_events_thread_idx").on(t.threadId, t.at)],
);

/**
 * A tenant's retention policy; a tenant without a row follows the RETENTION_* settings.
 * After `idleDays` without activity a thread's checkpoints are pruned (`keep_latest` keeps
 * its latest one, `delete` does not); messages, node events and ended sessions go after
 * their own windows. Null windows mean the setting's default.
 */
export const retentionPolicies = pgTable("retention_policies", {
  tenantId: text("tenant_id").primaryKey(),
  idleDays: doublePrecision("idle_days"),
  mode: text("mode", { enum: ["keep_latest", "delete"] }),
  messageDays: doublePrecision("message_days"),
  nodeEventDays: doublePrecision("node_event_days"),
  sessionDays: doublePrecision("session_days"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A checkpoint an investigator pinned for an incident: retention never prunes it, nor its parent. */
export const checkpointPins = pgTable(
  "checkpoint_pins",
  {
    tenantId: text("tenant_id").notNull(),
    threadId: text("thread_id")
      .notNull()
      .references(() => threads.id),
    checkpointId: text("checkpoint_id").notNull(),
    pinnedBy: text("pinned_by").notNull(),
    reason: text("reason").notNull(),
    pinnedAt: timestamp("pinned_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.checkpointId] }), index("checkpoint_pins_tenant_idx").on(t.tenantId, t.threadId)],
);

/** A legal hold keeps a whole thread (checkpoints, messages, node events) until it is released. */
export const legalHolds = pgTable(
  "legal_holds",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    threadId: text("thread_id")
      .notNull()
      .references(() => threads.id),
    placedBy: text("placed_by").notNull(),
    reason: text("reason").notNull(),
    placedAt: timestamp("placed_at", { withTimezone: true }).notNull().defaultNow(),
    releasedBy: text("released_by"),
    releasedAt: timestamp("released_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("legal_holds_active_uq")
      .on(t.threadId)
      .where(sql`${t.releasedAt} is null`),
  ],
);

/**
 * One row per run of a periodic job that must run once per interval across instances:
 * the instance that inserts the interval's row runs it, the others see the row and skip.
 */
export const jobRuns = pgTable(
  "job_runs",
  {
    job: text("job").notNull(),
    /** The start of the interval this run belongs to. */
    slot: timestamp("slot", { withTimezone: true }).notNull(),
    instance: text("instance").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    counts: jsonb("counts"),
  },
  (t) => [primaryKey({ columns: [t.job, t.slot] })],
);

/**
 * The last time retention pruned a thread, the thread's last activity then and the mode it
 * pruned under: a thread with no activity since, under the same mode, has nothing more to
 * prune, so later sweeps pass it by and reach the others. Releasing a legal hold clears it.
 */
export const retentionMarks = pgTable("retention_marks", {
  threadId: text("thread_id")
    .primaryKey()
    .references(() => threads.id),
  tenantId: text("tenant_id").notNull(),
  lastActiveAt: timestamp("last_active_at", { withTimezone: true }).notNull(),
  mode: text("mode", { enum: ["keep_latest", "delete"] }).notNull(),
  prunedAt: timestamp("pruned_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What one app instance measured in memory over one sampling interval, written so the ops
 * page sees every instance, not just the one answering: checkpoint writes and sizes as
 * histogram bucket counts (summed over instances, then read as quantiles), and counts of
 * events that leave no row of their own (refunds the recovery job retried, threads taken
 * over from a dead instance). Only intervals in which something happened are written.
 */
export const opsSamples = pgTable(
  "ops_samples",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    instanceId: text("instance_id").notNull(),
    /** The end of the interval. */
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** Checkpoint writes (`put`) in the interval, per histogram bucket (the last one is above every bound). */
    checkpointWriteBuckets: jsonb("checkpoint_write_buckets").$type<number[]>().notNull(),
    /** Checkpoint sizes in the interval, per histogram bucket (the last one is above every bound). */
    checkpointSizeBuckets: jsonb("checkpoint_size_buckets").$type<number[]>().notNull(),
    checkpointsOver1Mb: integer("checkpoints_over_1mb").notNull().default(0),
    refundsRetried: integer("refunds_retried").notNull().default(0),
    takeovers: integer("takeovers").notNull().default(0),
    /** Requests refused in the interval for being over a budget, by budget. */
    rateLimited: jsonb("rate_limited").$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [index("ops_samples_at_idx").on(t.at)],
);
