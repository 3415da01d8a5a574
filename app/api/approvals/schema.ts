import { z } from "zod";
import { approvalStatus, caseReason, caseStatus, caseTransaction } from "@/app/api/cases/schema";
import { auditEvent, cardStatus, currency, minorUnits, timestamp, staffTranscriptMessage } from "@/app/api/schema";
import { APPROVAL_RISKS } from "@/vocabulary/risks";
import { APPROVAL_STATUSES } from "@/vocabulary/statuses";

const minor = z.coerce.number().int().min(0).max(1_000_000_000);

export const queueQuery = z.object({
  status: z.enum([...APPROVAL_STATUSES, "all"]).default("pending"),
  risk: z.enum(APPROVAL_RISKS).optional(),
  minAmount: minor.optional(),
  maxAmount: minor.optional(),
  claimed: z.enum(["me", "others", "none"]).optional(),
  sort: z.enum(["oldest", "newest", "amount_desc", "amount_asc", "expiry"]).default("oldest"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const decisionBody = z
  .object({
    decision: z.enum(["approve", "reject"]),
    reason: z.string().trim().max(500).default(""),
    version: z.number().int().positive(),
    amountMinor: z.number().int().positive().optional(),
  })
  .refine((d) => d.decision === "approve" || d.reason.length > 0, { message: "A rejection needs a reason.", path: ["reason"] })
  .refine((d) => d.decision === "approve" || d.amountMinor === undefined, { message: "Only an approval takes an amount.", path: ["amountMinor"] });

export const claimBody = z.object({ takeover: z.boolean().default(false) });

export const questionBody = z.object({
  question: z.string().trim().min(1, "Write a question.").max(500),
  version: z.number().int().positive(),
});

/** One of the three checks a decision rests on: its facts, or why it was unavailable. */
const check = z
  .discriminatedUnion("status", [
    z.object({ status: z.literal("ok"), facts: z.record(z.string(), z.unknown()), latencyMs: z.number() }),
    z.object({ status: z.literal("unavailable"), reason: z.string() }),
  ])
  .meta({ id: "Check" });

/** One approval as the console sees it; customers' names masked. */
export const approvalView = z
  .object({
    approvalId: z.string(),
    caseId: z.string(),
    threadId: z.string(),
    status: approvalStatus,
    version: z.number().int().meta({ description: "Send it back with a decision: every change is a compare-and-set on it." }),
    mode: z.enum(["policy", "operator"]),
    amountMinor: minorUnits,
    currency,
    customerName: z.string(),
    merchant: z.string(),
    postedAt: timestamp,
    caseReason,
    policyReason: z.string(),
    checks: z.object({ limits: check, history: check, antifraud: check }).partial(),
    risk: z.enum(APPROVAL_RISKS),
    expiresAt: timestamp,
    claimedBy: z.string().nullable(),
    claimExpiresAt: timestamp.nullable(),
    requiredApprovals: z.union([z.literal(1), z.literal(2)]),
    firstApprovedBy: z.string().nullable(),
    firstApprovedAmountMinor: minorUnits.nullable().meta({ description: "What the first of two approvers approved; the second must approve the same." }),
    approvedAmountMinor: minorUnits.nullable().meta({ description: "What the refund pays once approved; null while pending or after a rejection." }),
    openQuestion: z.object({ questionId: z.string(), question: z.string(), askedBy: z.string(), askedAt: timestamp }).nullable(),
    decidedBy: z.string().nullable(),
    decisionReason: z.string().nullable(),
    createdAt: timestamp,
  })
  .meta({ id: "Approval" });

export const queuePage = z.object({
  now: timestamp,
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  approvals: z.array(approvalView),
});

/** Everything an operator needs to decide one case. */
export const approvalDetail = z.object({
  now: timestamp,
  approval: approvalView,
  transaction: caseTransaction.nullable(),
  customer: z.object({ id: z.string(), name: z.string() }),
  messages: z.array(staffTranscriptMessage.loose()),
  earlierCases: z.array(z.object({ caseId: z.string(), merchant: z.string(), amountMinor: minorUnits, currency, status: caseStatus, createdAt: timestamp })),
  refunds: z.array(z.object({ entryId: z.string(), caseId: z.string(), amountMinor: minorUnits, currency, committedAt: timestamp.nullable() })),
  audit: z.array(auditEvent),
  questions: z.array(
    z.object({
      questionId: z.string(),
      question: z.string(),
      askedBy: z.string(),
      askedAt: timestamp,
      answer: z.string().nullable(),
      answeredAt: timestamp.nullable(),
    }),
  ),
  cards: z
    .discriminatedUnion("status", [
      z.object({ status: z.literal("ok"), cards: z.array(cardStatus) }),
      z.object({ status: z.literal("unavailable"), reason: z.string() }),
    ])
    .meta({
      description:
        "The customer's cards as the cards system reports them (frozen or active, replacement requested), or why it could not say; card digits masked.",
    }),
});

export const decisionAnswer = z.object({
  approvalId: z.string(),
  status: approvalStatus,
  version: z.number().int(),
  approvalsNeeded: z.number().int().meta({ description: "Approvals still missing: 1 after the first of two." }),
});

export const claimAnswer = z.object({
  approvalId: z.string(),
  claimedBy: z.string().nullable(),
  claimExpiresAt: timestamp.nullable(),
  version: z.number().int(),
});

export const questionAnswer = z.object({ questionId: z.string(), version: z.number().int() });

/** The data of one `approval` server-sent event. */
export const approvalEvent = z.object({ approvalId: z.string(), status: approvalStatus, version: z.number().int() });
