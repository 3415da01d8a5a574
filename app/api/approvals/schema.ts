import { z } from "zod";

const minor = z.coerce.number().int().min(0).max(1_000_000_000);

export const queueQuery = z.object({
  status: z.enum(["pending", "approved", "rejected", "cancelled", "expired", "executing", "executed", "all"]).default("pending"),
  risk: z.enum(["low", "medium", "high", "unavailable"]).optional(),
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
