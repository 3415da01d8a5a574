import { z } from "zod";

export const approvalsQuery = z.object({
  status: z.enum(["pending", "approved", "rejected", "cancelled", "expired", "executing", "executed", "all"]).default("pending"),
});

export const decisionBody = z
  .object({
    decision: z.enum(["approve", "reject"]),
    reason: z.string().trim().max(500).default(""),
    version: z.number().int().positive(),
  })
  .refine((d) => d.decision === "approve" || d.reason.length > 0, { message: "A rejection needs a reason.", path: ["reason"] });
