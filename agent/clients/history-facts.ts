import { z } from "zod";
import { TRANSACTION_KINDS } from "@/db/schema/banking";
import type { HistoryFacts, PendingItem } from "../graph/state";

/** Something not booked yet: a card payment's authorisation, a transfer, a withdrawal, a top-up. */
export const pendingItem = z.object({
  id: z.string(),
  kind: z.enum(TRANSACTION_KINDS),
  /** The merchant, the transfer's payee, the ATM or the top-up's source. */
  counterparty: z.string(),
  amountMinor: z.number().int(),
  currency: z.string().length(3),
  createdAt: z.iso.datetime({ offset: true }),
  /** The day (YYYY-MM-DD, UTC) by which the history system expects it to be booked. */
  expectedBy: z.iso.date(),
}) satisfies z.ZodType<PendingItem>;

/** The history system's answer, as far as the agent reads it. */
export const historyAnswer = z.object({
  refundsLast30Days: z.number().int().min(0),
  /** The committed refunds, newest first; a history system that leaves them out makes the agent count more carefully, not less. */
  refunds: z.array(z.object({ caseId: z.string(), at: z.iso.datetime({ offset: true }) })).optional(),
  cases: z.array(z.object({ status: z.string() })),
  pending: z.array(pendingItem),
});

/** What the history check knows about the customer, with the items not booked yet. */
export type HistoryFactsWithPending = HistoryFacts & { pending: PendingItem[] };

const DAY_MS = 86_400_000;
const OPEN_CASE = new Set(["open", "awaiting_approval", "approved"]);

/** The facts a history answer gives the agent. */
export function historyFactsOf(answer: z.infer<typeof historyAnswer>, now = Date.now()): HistoryFactsWithPending {
  const since = now - 30 * DAY_MS;
  return {
    refundsLast30Days: answer.refundsLast30Days,
    ...(answer.refunds ? { refundCaseIds: answer.refunds.filter((r) => Date.parse(r.at) >= since).map((r) => r.caseId) } : {}),
    openCases: answer.cases.filter((c) => OPEN_CASE.has(c.status)).length,
    casesTotal: answer.cases.length,
    pending: answer.pending,
  };
}
