import { z } from "zod";
import { timestamp } from "@/app/api/schema";
import { canaryView } from "@/app/api/tenant/canary/schema";

const count = z.number().int().nonnegative();
const orNull = (schema: z.ZodNumber) => schema.nullable();

const refunds = z.object({
  executed: count.meta({ description: "Refunds the ledger confirmed (approvals that became executed)." }),
  failed: count.meta({ description: "Refunds whose ledger call failed after its retries (each refund once a minute)." }),
  retried: count.meta({ description: "Unconfirmed refunds the recovery job retried (from the instances' samples)." }),
});

const checkpoints = z.object({
  writes: count.meta({ description: "Checkpoints written, every instance together." }),
  writeP50Ms: orNull(z.number().nonnegative()),
  writeP95Ms: orNull(z.number().nonnegative()),
  sizeP50Bytes: orNull(z.number().nonnegative()),
  sizeP95Bytes: orNull(z.number().nonnegative()),
  over1Mb: count.meta({ description: "Checkpoints of 1 MiB or more." }),
});

const figures = {
  turns: count.meta({ description: "Customer messages the agent answered." }),
  turnsPerSecond: z.number().nonnegative(),
  refunds,
  takeovers: count.meta({ description: "Threads an instance took over from a dead or drained one and finished (recoveries)." }),
  degraded: z.record(z.string(), count).meta({ description: "Checks recorded as unavailable after every retry, by system." }),
  rateLimited: z.record(z.string(), count).meta({
    description:
      "Requests refused 429 for being over a budget, by budget (turns_per_minute, turns_per_day, conversations_per_day, address_per_minute), every bank's and every address's (from the instances' samples).",
  }),
  checkpoints,
};

/** One minute of the window. */
export const opsMinute = z.object({
  at: timestamp.meta({ description: "The minute's start." }),
  ...figures,
  approvalsWaiting: count.meta({ description: "Approvals waiting for a person at the minute's end (now, for the current minute)." }),
});

/** What the ops page charts: the last hour by minute, the last five minutes together, and the approvals waiting now. */
export const opsSummary = z
  .object({
    generatedAt: timestamp,
    bucketSeconds: z.literal(60),
    minutes: z.array(opsMinute).meta({ description: "The last 60 minutes, oldest first; the last one is the current, unfinished minute." }),
    live: z.object({
      seconds: z.number().positive().meta({ description: "How long the live window is: the last five minutes, the current one up to now." }),
      ...figures,
    }),
    approvals: z.object({
      waiting: count,
      oldestAgeSeconds: orNull(z.number().nonnegative()),
      ages: z.array(z.object({ label: z.string(), count })).meta({ description: "How many approvals have waited how long, youngest band first." }),
    }),
    unconfirmedRefunds: z.object({
      waiting: count.meta({
        description: "Refunds admitted and not yet confirmed by the ledger: the recovery job retries them, reading the ledger by case first.",
      }),
      pastKeyWindow: count.meta({
        description: "Of those, decided longer ago than the ledger's key window (LEDGER_KEY_WINDOW_MS): only the ledger's read by case can settle them.",
      }),
      keyWindowMs: z.number().int().positive(),
    }),
    systems: z.array(z.string()).meta({ description: "The systems with degraded checks in the window, by name." }),
    invalidStates: count.meta({
      description:
        "Node attempts of the last hour that failed on a checkpointed state not fitting the state's schema: each names its fields in the conversation's node events.",
    }),
    languageModel: z
      .array(
        z.object({
          revision: z.string().meta({ description: "The agent revision that made the calls (`unrecorded` for calls recorded before revisions)." }),
          answers: count.meta({ description: "Agent messages the revision wrote in the window." }),
          calls: count.meta({ description: "Language-model calls (understanding and wording), used or set aside." }),
          callsWithoutUsage: count.meta({ description: "Calls whose answer reported no token counts: their cost is unknown." }),
          inputTokens: count,
          outputTokens: count,
          cost: z
            .array(z.object({ currency: z.string(), micros: count }))
            .meta({ description: "What the tokens cost by the model's price in settings, in millionths of each currency; empty without a price." }),
          costPerAnswer: z
            .array(z.object({ currency: z.string(), micros: z.number().nonnegative() }))
            .meta({ description: "The cost divided by the answers, in millionths of each currency." }),
        }),
      )
      .meta({ description: "The last hour's language-model use of the bank, by agent revision; empty when no language model answered." }),
    canary: canaryView.nullable().meta({
      description:
        "The bank's canary when one is proposed or running, or ended in the last 24 hours: its candidate, share, status, why it ended, and the last comparison of the candidate's figures with the current revision's.",
    }),
    largeCheckpointBytes: z.number().int().positive(),
  })
  .meta({ id: "OpsSummary" });

export type OpsSummary = z.infer<typeof opsSummary>;
export type OpsMinute = z.infer<typeof opsMinute>;
