import { z } from "zod";

/**
 * Shapes every part of the API shares, on the wire. Requests are parsed with the schemas
 * beside their routes; answers are described by these and by their neighbours, and the
 * OpenAPI document is generated from both.
 */

/** Every error: `{code: "type:surface", message}`; the status follows the type. */
export const errorBody = z
  .object({
    code: z.string().regex(/^[a-z_]+:[a-z_]+$/).meta({ example: "conflict:approval" }),
    message: z.string().meta({ description: "For people; never internals." }),
    retryAfterSeconds: z.number().int().optional().meta({ description: "too_many_requests: the Retry-After header, repeated." }),
    currentStatus: z.string().optional().meta({ description: "conflict on an approval: its status now." }),
    currentVersion: z.number().int().optional().meta({ description: "conflict on an approval: its version now; nothing was changed." }),
  })
  .meta({ id: "Error" });

/** A moment, as ISO 8601 with its offset. */
export const timestamp = z.iso.datetime({ offset: true });

/** Money is integer minor units (cents), never floats. */
export const minorUnits = z.number().int().meta({ description: "Integer minor units (cents)." });

export const currency = z.string().length(3).meta({ example: "EUR" });

export const threadStatus = z.enum(["idle", "busy", "awaiting_approval"]);

/** One line of a conversation's transcript. */
export const transcriptMessage = z.object({
  id: z.number().int(),
  role: z.enum(["customer", "agent"]),
  text: z.string(),
  createdAt: timestamp,
});

/** An entry of the refund ledger, as the ledger reports it. */
export const ledgerEntry = z
  .object({
    entryId: z.string(),
    idempotencyKey: z.string().meta({ example: "refund:demo-bank:case-123" }),
    caseId: z.string(),
    customerId: z.string(),
    amountMinor: minorUnits,
    currency,
    status: z.string(),
    createdAt: timestamp,
    committedAt: timestamp.nullable(),
  })
  .meta({ id: "LedgerEntry" });

/** An audit event: who did what, when. */
export const auditEvent = z.object({ id: z.number().int(), actor: z.string(), action: z.string(), data: z.unknown(), at: timestamp });
