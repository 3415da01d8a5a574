import { z } from "zod";
import { approvalStatus, caseReason, caseStatus } from "@/app/api/cases/schema";
import { currency, minorUnits, threadStatus, timestamp, transcriptMessage } from "@/app/api/schema";
import { HANDOVER_STATUSES } from "@/vocabulary/statuses";

export const MAX_MESSAGE_CHARS = 2000;

/**
 * The client's id for a message (a UUID, say): a resend with the same id is stored and
 * answered once. It names the message's run in the Platform API too, where
 * `decision-<approvalId>-<version>` names an operator's decision and `beside-<messageId>` a message the
 * agent took up beside its conversation: no message takes those names.
 */
export const clientMessageId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, "8 to 64 letters, digits, - or _.")
  .refine((id) => !id.toLowerCase().startsWith("decision-"), "An id starting with decision- names an operator's decision; pick another.")
  .refine(
    (id) => !id.toLowerCase().startsWith("beside-"),
    "An id starting with beside- names a message the agent took up beside its conversation; pick another.",
  );

export const messageBody = z.object({
  text: z.string().trim().min(1, "Write a message.").max(MAX_MESSAGE_CHARS, `Keep it under ${MAX_MESSAGE_CHARS} characters.`),
  clientMessageId: clientMessageId.optional(),
});

/** A conversation as its customer's list shows it. */
const threadRow = z.object({ threadId: z.string(), customerId: z.string(), status: threadStatus, updatedAt: timestamp });

export const threadCreated = z.object({ threadId: z.string(), status: threadStatus });

export const threadList = z.object({ threads: z.array(threadRow) });

/** A refund case of the conversation, as its customer follows it. */
const customerCase = z.object({
  caseId: z.string(),
  merchant: z.string().meta({ description: "The shop of the payment the case is about." }),
  status: caseStatus,
  amountMinor: minorUnits,
  currency,
  reason: caseReason,
  approvalStatus: approvalStatus.nullable(),
  approvedAmountMinor: minorUnits.nullable().meta({ description: "What the refund pays once approved; null while undecided or after a rejection." }),
  openQuestion: z.boolean().meta({ description: "An operator asked the customer something that is not answered yet." }),
});

export const threadDetail = z.object({
  threadId: z.string(),
  status: threadStatus,
  messages: z.array(transcriptMessage),
  case: customerCase.nullable().meta({ description: "The first of `cases`: the conversation's case that changed last." }),
  cases: z.array(customerCase).meta({
    description:
      "Every refund case of the conversation, the latest changed first: also those about another payment the customer raised while a request waited for an operator, which the agent takes up on a thread of its own beside this one.",
  }),
  handover: z
    .object({ status: z.enum(HANDOVER_STATUSES), createdAt: timestamp })
    .nullable()
    .meta({ description: "The conversation's latest handover to a person: while it is open, a member of staff will answer in this chat." }),
});

/** The end of a turn. */
export const turnAnswer = z.object({ reply: z.string(), status: z.enum(["idle", "awaiting_approval"]), caseId: z.string().nullable() });

/** A message kept behind a running turn, or a resend of one the thread already has: nothing is stored twice. */
export const queuedAnswer = z.object({
  reply: z.null(),
  status: z.enum(["busy", "received"]),
  queued: z.literal(true),
  duplicate: z.literal(true).optional(),
  caseId: z.null(),
});
