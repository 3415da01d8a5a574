import { z } from "zod";
import { handovers } from "@/db/schema";
import { auditEvent, timestamp, staffTranscriptMessage } from "@/app/api/schema";
import { HANDOVER_STATUSES } from "@/vocabulary/statuses";

export const handoverStatus = z.enum(HANDOVER_STATUSES);

export const handoverListQuery = z.object({
  status: z.enum([...HANDOVER_STATUSES, "all"]).default("open"),
});

export const answerBody = z.object({
  text: z.string().trim().min(1, "Write the answer.").max(2000),
  version: z.number().int().positive(),
});

export const closeBody = z.object({ version: z.number().int().positive() });

/** A conversation the agent handed to a person, as staff see it; customers' names masked. */
export const handoverView = z
  .object({
    handoverId: z.string(),
    threadId: z.string(),
    customerId: z.string(),
    customerName: z.string(),
    summary: z.string().meta({ description: "The agent's summary for the person taking over." }),
    reason: z.enum(handovers.reason.enumValues).meta({
      description: "needs_person: the agent cannot help; stagnation: the conversation went in circles; customer_asked: the customer asked for a person.",
    }),
    category: z.string().nullable().meta({ description: "The Banking77 category of the request, when the agent knew it." }),
    status: handoverStatus,
    version: z.number().int().meta({ description: "Send it back with an answer or a close: every change is a compare-and-set on it." }),
    createdAt: timestamp,
    answeredBy: z.string().nullable(),
    answeredAt: timestamp.nullable(),
    answer: z.string().nullable().meta({ description: "The answer as written; the customer's chat shows it after the staff member's first name." }),
    closedBy: z.string().nullable(),
    closedAt: timestamp.nullable(),
  })
  .meta({ id: "Handover" });

export const handoverList = z.object({ now: timestamp, handovers: z.array(handoverView) });

/** One handover with the conversation behind it and its audit trail. */
export const handoverDetail = z.object({
  now: timestamp,
  handover: handoverView,
  messages: z.array(staffTranscriptMessage.loose()),
  audit: z.array(auditEvent),
});

export const handoverChange = z.object({
  handoverId: z.string(),
  status: handoverStatus,
  version: z.number().int(),
  messageId: z.number().int().optional().meta({ description: "The chat message that carried the answer to the customer." }),
});

/** The data of one `handover` server-sent event. */
export const handoverEvent = z.object({ handoverId: z.string(), status: handoverStatus, version: z.number().int() });
