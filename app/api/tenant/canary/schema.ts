import { z } from "zod";
import { timestamp } from "@/app/api/schema";
import { canaryThresholds } from "@/agent/runtime/canary";
import { CANARY_STATUSES } from "@/db/schema/tenants";

export const canaryProposal = z
  .object({
    candidateRevisionId: z
      .string()
      .regex(/^rev-[0-9a-f]{12}$/)
      .meta({ description: "A revision the deployment hosts (`hosted` lists them) other than the one the bank runs on." }),
    sharePercent: z.number().int().min(1).max(50).meta({ description: "Percent of the bank's new conversations the candidate answers, 1 to 50." }),
    durationMinutes: z
      .number()
      .int()
      .min(5)
      .max(14 * 24 * 60)
      .meta({ description: "How long the canary runs before the candidate is promoted, if its figures hold: 5 minutes to 14 days." }),
  })
  .strict();

export const canaryAnswer = z
  .object({
    answer: z.enum(["confirm", "reject"]).meta({
      description: "`confirm` starts the canary (another supervisor than its proposer only); `reject` ends the proposal (by its proposer: withdraws it).",
    }),
  })
  .strict();

export const canaryStop = z
  .object({ reason: z.string().trim().min(3).max(500).meta({ description: "Why the supervisor stops it, kept in the audit trail." }) })
  .strict();

const arm = z.object({
  revisionId: z.string(),
  turns: z.number().int(),
  fallbackRate: z.number(),
  clarifyingRate: z.number(),
  handoverRate: z.number(),
  reaskRate: z.number(),
  degradedPer100Turns: z.number(),
  claims: z.number().int(),
  autoApprovedPer100Claims: z.number().nullable(),
  latencyP95Ms: z.number().nullable(),
});

export const canaryFigures = z.object({
  current: arm,
  candidate: arm,
  sampleReached: z.boolean(),
  crossed: z.array(z.object({ figure: z.string(), current: z.number(), candidate: z.number(), limit: z.string() })),
  thresholds: canaryThresholds,
});

export const canaryView = z.object({
  id: z.string(),
  candidateRevisionId: z.string(),
  currentRevisionId: z.string(),
  sharePercent: z.number().int(),
  durationMinutes: z.number().int(),
  status: z.enum(CANARY_STATUSES),
  proposedBy: z.string(),
  proposedAt: timestamp,
  expiresAt: timestamp,
  confirmedBy: z.string().nullable(),
  startedAt: timestamp.nullable(),
  endsAt: timestamp.nullable(),
  endedAt: timestamp.nullable(),
  endedBy: z.string().nullable(),
  endReason: z.string().nullable(),
  figures: canaryFigures
    .nullable()
    .meta({ description: "The last comparison (every CANARY_INTERVAL_MS while it runs): each revision's figures since it started, the thresholds crossed." }),
  evaluatedAt: timestamp.nullable(),
});

export const canaryState = z.object({
  bankRevisionId: z.string().meta({ description: "The revision the bank's conversations run on." }),
  hosted: z.array(z.object({ id: z.string(), components: z.record(z.string(), z.string()) })).meta({
    description: "The revisions this deployment runs: its own, then the candidate its settings name (CANDIDATE_LLM_*), if any.",
  }),
  thresholds: canaryThresholds.meta({ description: "The bank's thresholds (its row's `canary_thresholds`, each unset one at its default)." }),
  canaries: z.array(canaryView).meta({ description: "The bank's canaries, newest first (up to 10)." }),
});

export type CanaryView = z.infer<typeof canaryView>;
export type CanaryState = z.infer<typeof canaryState>;
