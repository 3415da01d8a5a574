import { z } from "zod";
import { LANGUAGES } from "@/i18n/languages";
import { timestamp } from "@/agent/graph/wire";
import { messages } from "@/db/schema";
import { BUDGET_NAMES } from "@/vocabulary/budgets";
import { ID_CHARACTERS, ID_MAX_LENGTH, ID_RULE } from "@/vocabulary/ids";
import { THREAD_STATUSES } from "@/vocabulary/statuses";

/**
 * Shapes every part of the API shares, on the wire. Requests are parsed with the schemas
 * beside their routes; answers are described by these and by their neighbours, and the
 * OpenAPI document is generated from both.
 */

/** Every error: `{code: "type:surface", message}`; the status follows the type. */
export const errorBody = z
  .object({
    code: z
      .string()
      .regex(/^[a-z_]+:[a-z_]+$/)
      .meta({ example: "conflict:approval" }),
    message: z.string().meta({ description: "For people; never internals." }),
    retryAfterSeconds: z.number().int().optional().meta({ description: "too_many_requests and rate_limited: the Retry-After header, repeated." }),
    budget: z.enum(BUDGET_NAMES).optional().meta({ description: "rate_limited: the budget that was spent." }),
    currentStatus: z.string().optional().meta({
      description:
        "conflict on an approval or a policy change: its status now (a policy change: confirmed, rejected, withdrawn, superseded, expired, or stale when the policy moved on).",
    }),
    currentVersion: z
      .number()
      .int()
      .optional()
      .meta({ description: "conflict on an approval, a handover or a bank's policy: its version now; nothing was changed." }),
  })
  .meta({ id: "Error" });

export { currency, minorUnits, timestamp } from "@/agent/graph/wire";
export { ledgerEntry } from "@/agent/clients/bank";
export { cardStatus } from "@/agent/clients/cards";

export const threadStatus = z.enum(THREAD_STATUSES);

/** An id in a path or a body: a thread, case, approval, handover or checkpoint. */
export const idParam = z.string().min(1).max(ID_MAX_LENGTH).regex(ID_CHARACTERS, ID_RULE);

/** One line of a conversation's transcript. */
export const transcriptMessage = z.object({
  id: z.number().int(),
  role: z.enum(messages.role.enumValues),
  text: z.string(),
  createdAt: timestamp,
});

/** A message as staff read it: with the language a customer's message is written in, as the agent reads it (null for the agent's replies and for a message that shows none: "ok", "249"). */
export const staffTranscriptMessage = transcriptMessage.extend({ language: z.enum(LANGUAGES).nullable() });

/** An audit event: who did what, when. */
export const auditEvent = z.object({ id: z.number().int(), actor: z.string(), action: z.string(), data: z.unknown(), at: timestamp });
