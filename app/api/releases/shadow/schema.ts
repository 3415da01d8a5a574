import { z } from "zod";
import { timestamp } from "@/app/api/schema";
import { CHANGES } from "@/agent/incidents/shadow";

const count = z.number().int().nonnegative();
const rate = z.number().min(0).max(1);

const rates = z.object({
  clarifying: rate.meta({ description: "Share of turns answered with a clarifying question." }),
  handover: rate.meta({ description: "Share of turns handed to a person." }),
  fallback: rate.meta({
    description:
      "Share of turns the agent could not place or answer (no intent it acts on, or a question no help article answers), without a question back or a hand-over.",
  }),
});

const figures = z.object({
  turns: count,
  outcomesChanged: count.meta({ description: "Turns whose outcome differs in any way but the reply's words." }),
  changed: z.record(z.enum(CHANGES), count).meta({
    description:
      "Turns by what changed: understood (the intent), outcome (the named outcome), case (the payment a case is for, or none), decision (auto-approved or an operator), refund (the amount paid), handover, card (a card action), reply (its words).",
  }),
  production: rates,
  candidate: rates,
});

const turnOutcome = z.object({
  intent: z.string().nullable(),
  outcome: z.string().nullable(),
  case: z.string().nullable().meta({ description: "The payment (transaction id) a case was opened or found for." }),
  decision: z.string().nullable(),
  refundMinor: z.number().int().nullable(),
  handover: z.boolean(),
  card: z.string().nullable(),
  clarifying: z.boolean(),
  fallback: z.boolean(),
});

const revision = z.object({ id: z.string(), components: z.record(z.string(), z.string()) });

/** A shadow replay's report, as `npm run release:shadow` writes it. */
export const shadowReport = z.object({
  tenantId: z.string(),
  candidate: revision,
  production: z.record(z.string(), count).meta({ description: "The revisions that answered the replayed turns in production, with how many turns each." }),
  window: z.object({ since: timestamp, until: timestamp }),
  generatedAt: timestamp,
  turnsInWindow: count,
  understanding: z.object({ recorded: count, candidate: count }),
  replies: z.object({ compared: count, notCompared: count }),
  missingSystemAnswers: count,
  overall: figures,
  byIntent: z.record(z.string(), figures),
  failed: z.array(z.object({ threadId: z.string(), checkpointId: z.string(), error: z.string() })),
  changes: z.array(
    z.object({
      threadId: z.string(),
      checkpointId: z.string(),
      at: timestamp,
      changes: z.array(z.enum(CHANGES)),
      production: turnOutcome,
      candidate: turnOutcome,
    }),
  ),
});

export const shadowReportSummary = z.object({
  id: z.string(),
  candidateRevisionId: z.string(),
  since: timestamp,
  until: timestamp,
  turns: count,
  outcomesChanged: count,
  ranBy: z.string(),
  createdAt: timestamp,
});

export const shadowReportList = z.object({ reports: z.array(shadowReportSummary) });
export const shadowReportView = shadowReportSummary.extend({ report: shadowReport });

export type ShadowReportSummary = z.infer<typeof shadowReportSummary>;
export type ShadowReportView = z.infer<typeof shadowReportView>;
