import { z } from "zod";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use YYYY-MM-DD.");
const flag = z.enum(["0", "1"]).transform((v) => v === "1");

export const searchQuery = z.object({
  customer: z.string().trim().max(100).optional(),
  caseId: z.string().trim().max(100).optional(),
  status: z.enum(["idle", "busy", "awaiting_approval"]).optional(),
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
      clearRisks: z.array(z.enum(["low", "medium", "high"])).max(3).optional(),
      maxRecentRefunds: z.number().int().min(0).max(100).optional(),
    })
    .strict()
    .optional(),
});

/** The replay of a checkpoint named in the path. */
export const checkpointReplayBody = replayBody.omit({ checkpointId: true });

