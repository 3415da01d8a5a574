import { z } from "zod";
import { approvalStatus, caseStatus } from "@/app/api/cases/schema";
import { checkpointSummary } from "@/agent/incidents/history";
import { languageModelUse, timelineEntry } from "@/agent/incidents/timeline";
import { currency, idParam, ledgerEntry, minorUnits, threadStatus, timestamp } from "@/app/api/schema";
import { CUSTOMER_FILTER_RULE, isCustomerFilter } from "@/vocabulary/customer-filter";
import { RISKS } from "@/vocabulary/risks";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use YYYY-MM-DD.");
const flag = z.enum(["0", "1"]).transform((v) => v === "1");

export const searchQuery = z.object({
  customer: z
    .string()
    .trim()
    .max(100)
    .refine(isCustomerFilter, CUSTOMER_FILTER_RULE)
    .optional()
    .meta({ description: `${CUSTOMER_FILTER_RULE} \`%\`, \`_\` and \`\\\` match only themselves; fewer letters are refused with 400 \`bad_request:query\`.` }),
  caseId: z.string().trim().max(100).optional(),
  status: threadStatus.optional(),
  from: day.optional(),
  to: day.optional(),
  hadRefund: flag.optional(),
  hadDegraded: flag.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const replayBody = z.object({
  checkpointId: z.string().min(1).max(100),
  /** Show the replay's names and card numbers; audited as `incident.revealed`. */
  reveal: z.boolean().default(false),
  systems: z.enum(["recorded", "live"]).default("recorded"),
  policy: z
    .object({
      autoApproveMaxMinor: z.number().int().min(0).max(100_000_000).optional(),
      clearRisks: z.array(z.enum(RISKS)).max(3).optional(),
      maxRecentRefunds: z.number().int().min(0).max(100).optional(),
    })
    .strict()
    .optional(),
});

/** The replay of a checkpoint named in the path. */
export const checkpointReplayBody = replayBody.omit({ checkpointId: true });

const caseSummary = z.object({ caseId: z.string(), merchant: z.string(), amountMinor: minorUnits, currency, status: caseStatus });

/** Conversations matching a search, newest first; names masked. */
export const searchPage = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  threads: z.array(
    z.object({
      threadId: z.string(),
      customerId: z.string(),
      customerName: z.string(),
      status: threadStatus,
      createdAt: timestamp,
      updatedAt: timestamp,
      checkpointCount: z.number().int(),
      cases: z.array(caseSummary),
      hadRefund: z.boolean(),
      hadDegradedCheck: z.boolean(),
    }),
  ),
});

export const checkpointList = z.object({ threadId: z.string(), checkpoints: z.array(checkpointSummary) });

/** The raw state at one checkpoint and a line diff against its parent. */
export const checkpointDetail = z.object({
  checkpointId: z.string(),
  parentId: z.string().nullable(),
  parentPruned: z.boolean().meta({ description: "The parent was pruned by retention: there is no diff." }),
  step: z.number().int(),
  source: z.string(),
  values: z.record(z.string(), z.unknown()),
  unknownFields: z.array(z.string()).meta({ description: "State fields the current graph no longer knows (threads written by an earlier version)." }),
  diff: z.array(z.object({ value: z.string(), added: z.literal(true).optional(), removed: z.literal(true).optional() })),
});

export const timeline = z.object({
  threadId: z.string(),
  customer: z.object({ id: z.string(), name: z.string() }),
  parentThreadId: z.string().nullable().meta({
    description: "The conversation this thread was opened beside: a claim about another payment made there while a request waited for an operator.",
  }),
  besideThreadIds: z.array(z.string()).meta({ description: "The threads the agent opened beside this conversation, newest first." }),
  entries: z.array(timelineEntry),
  ledgerEntries: z.array(ledgerEntry),
});

/** The nodes a run went through and where it ended. */
const runPath = z.object({
  steps: z.array(z.object({ step: z.number().int(), nodes: z.array(z.string()) })),
  outcome: z.object({
    triage: z.string().nullable(),
    triageReason: z.string().nullable(),
    approval: z.string().nullable(),
    refund: z.string().nullable(),
    reply: z.string().nullable(),
  }),
});

export const replayResult = z.object({
  sandboxThreadId: z.string(),
  original: runPath,
  sandbox: runPath,
  differs: z.boolean().meta({ description: "The sandbox took other nodes, or triaged or refunded differently." }),
  ledgerCalls: z
    .array(z.object({ idempotencyKey: z.string(), request: z.record(z.string(), z.unknown()) }))
    .meta({ description: "Dry run: nothing was paid." }),
  cardCalls: z
    .array(
      z.object({ operation: z.enum(["freeze", "unfreeze", "replacement"]), idempotencyKey: z.string(), cardId: z.string(), reason: z.string().nullable() }),
    )
    .meta({ description: "Dry run: no card was changed." }),
  systemCalls: z.array(z.object({ system: z.string(), source: z.enum(["recorded", "live", "missing"]) })),
});

export const incidentReport = z.object({
  generatedAt: timestamp,
  generatedBy: z.string(),
  thread: z.object({ threadId: z.string(), status: threadStatus, createdAt: timestamp }),
  customer: z.object({ id: z.string(), name: z.string() }),
  timeline: z.array(timelineEntry),
  languageModel: languageModelUse,
  decisions: z.array(
    z.object({
      approvalId: z.string(),
      caseId: z.string(),
      status: approvalStatus,
      mode: z.enum(["policy", "operator"]),
      amountMinor: minorUnits,
      approvedAmountMinor: minorUnits.nullable(),
      currency,
      policyReason: z.string(),
      firstApprovedBy: z.string().nullable(),
      decidedBy: z.string().nullable(),
      decisionReason: z.string().nullable(),
      decidedAt: timestamp.nullable(),
    }),
  ),
  ledgerEntries: z.array(ledgerEntry),
  views: z.array(z.object({ actor: z.string(), action: z.string(), at: timestamp })),
});

/** Why an investigator pins a step or holds a conversation: it names the incident or the case. */
const retentionReason = z.string().trim().min(3).max(500);

export const pinBody = z.object({ checkpointId: idParam, reason: retentionReason }).strict();
export const holdBody = z.object({ reason: retentionReason }).strict();

const pin = z.object({ checkpointId: z.string(), pinnedBy: z.string(), reason: z.string(), pinnedAt: timestamp });
const hold = z.object({
  id: z.string(),
  placedBy: z.string(),
  reason: z.string(),
  placedAt: timestamp,
  releasedBy: z.string().nullable(),
  releasedAt: timestamp.nullable(),
});

/** What retention keeps of a conversation for investigators: the pinned steps and the legal hold in force. */
export const retentionState = z.object({
  threadId: z.string(),
  pins: z.array(pin),
  hold: hold.nullable().meta({ description: "The legal hold in force; while it is, retention touches nothing of the conversation." }),
});
export const pinResult = z.object({ pinned: z.boolean().meta({ description: "false: the step was pinned already." }), pin });
export const holdResult = z.object({ hold });
