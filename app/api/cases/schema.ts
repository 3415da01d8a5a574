import { z } from "zod";
import { auditEvent, currency, ledgerEntry, minorUnits, timestamp } from "@/app/api/schema";
import { approvals, cases } from "@/db/schema";
import { APPROVAL_STATUSES, CASE_STATUSES } from "@/vocabulary/statuses";

export const caseStatus = z.enum(CASE_STATUSES);
export const caseReason = z.enum(cases.reason.enumValues);
export const approvalStatus = z.enum(APPROVAL_STATUSES);

/** The transaction a case is about. */
export const caseTransaction = z.object({ id: z.string(), merchant: z.string(), amountMinor: minorUnits, currency, postedAt: timestamp, country: z.string() });

const caseRecord = z.looseObject({
  id: z.string(),
  threadId: z.string(),
  customerId: z.string(),
  transactionId: z.string(),
  reason: caseReason,
  amountMinor: minorUnits,
  currency,
  status: caseStatus,
  createdAt: timestamp,
  updatedAt: timestamp,
});

const approvalRecord = z.looseObject({
  id: z.string(),
  caseId: z.string(),
  status: approvalStatus,
  version: z.number().int(),
  mode: z.enum(approvals.mode.enumValues),
  amountMinor: minorUnits,
  approvedAmountMinor: minorUnits.nullable(),
  requiredApprovals: z.number().int(),
  firstApprovedBy: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decisionReason: z.string().nullable(),
  decidedAt: timestamp.nullable(),
});

/** A case with its transaction, decision, audit trail and ledger entries. */
export const caseDetail = z.object({
  case: caseRecord,
  transaction: caseTransaction.extend({ customerId: z.string(), cardId: z.string() }).loose().nullable(),
  approval: approvalRecord.nullable(),
  audit: z.array(auditEvent.loose()),
  ledgerEntries: z.array(ledgerEntry),
});
