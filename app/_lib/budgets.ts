import type { Db } from "@/db/client";
import { spendBudget, type BudgetWindow } from "@/db/queries/budgets";
import { env } from "@/env";
import { metrics } from "@/observability/metrics";
import { BUDGETS, overBudgetLine, type Budget } from "@/vocabulary/budgets";
import { clientAddress } from "./client-address";
import { now } from "./clock";
import { ApiError } from "./errors";

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Each budget's limit and window length, from the settings. */
function budgetRules(): Record<Budget, { limit: number; windowMs: number }> {
  const e = env();
  return {
    turns_per_minute: { limit: e.CUSTOMER_TURNS_PER_MINUTE, windowMs: MINUTE_MS },
    turns_per_day: { limit: e.CUSTOMER_TURNS_PER_DAY, windowMs: DAY_MS },
    conversations_per_day: { limit: e.CUSTOMER_CONVERSATIONS_PER_DAY, windowMs: DAY_MS },
    address_per_minute: { limit: e.ADDRESS_REQUESTS_PER_MINUTE, windowMs: MINUTE_MS },
  };
}

/**
 * The fixed window `at` falls in: minutes on the minute, days from midnight UTC. Every instance
 * computes the same window for the same moment, so they count into the same row.
 */
export function budgetWindowAt(at: Date, windowMs: number): { windowStart: Date; windowEnd: Date } {
  const start = Math.floor(at.getTime() / windowMs) * windowMs;
  return { windowStart: new Date(start), windowEnd: new Date(start + windowMs) };
}

/** Whole seconds until the window closes, at least one: what Retry-After says. */
export const secondsUntil = (end: Date, at: Date) => Math.max(1, Math.ceil((end.getTime() - at.getTime()) / 1000));

/** The 429 a spent budget is answered with: the wait in Retry-After and in the body, and the words to show. */
export function overBudget(budget: Budget, retryAfterSeconds: number): ApiError {
  return new ApiError(
    `rate_limited:${BUDGETS[budget]}`,
    overBudgetLine(budget, retryAfterSeconds),
    { retryAfterSeconds, budget },
    { "retry-after": String(retryAfterSeconds) },
  );
}

class Spent extends Error {
  constructor(readonly error: ApiError) {
    super(error.message);
  }
}

/**
 * Uses one request of each budget, all or none: a request refused by its day's budget does not
 * use its minute's. Refused, it throws the 429 of the first budget that was spent.
 */
async function spend(db: Db, subject: { tenantId: string | null; id: string }, budgets: Budget[], at = now()): Promise<void> {
  const rules = budgetRules();
  const windows = budgets.map((budget) => ({
    budget,
    window: { tenantId: subject.tenantId, budget, subject: subject.id, ...budgetWindowAt(at, rules[budget].windowMs) } satisfies BudgetWindow,
  }));
  const spendEach = async (tx: Parameters<typeof spendBudget>[0]) => {
    for (const { budget, window } of windows) {
      if ((await spendBudget(tx, window, rules[budget].limit)) === null) throw new Spent(overBudget(budget, secondsUntil(window.windowEnd, at)));
    }
  };
  try {
    if (windows.length === 1) await spendEach(db);
    else await db.transaction(spendEach);
  } catch (error) {
    if (!(error instanceof Spent)) throw error;
    metrics().rateLimited.inc({ limit: error.error.details!.budget as Budget });
    throw error.error;
  }
}

/** One customer message (chat or Platform API run): the customer's minute and day. */
export function spendTurn(db: Db, tenantId: string, customerId: string): Promise<void> {
  return spend(db, { tenantId, id: customerId }, ["turns_per_minute", "turns_per_day"]);
}

/** One new conversation: the customer's day. */
export function spendConversation(db: Db, tenantId: string, customerId: string): Promise<void> {
  return spend(db, { tenantId, id: customerId }, ["conversations_per_day"]);
}

/** One API request without a session: its client address's minute. Run it acting for no tenant. */
export function spendAddress(db: Db, req: Request): Promise<void> {
  return spend(db, { tenantId: null, id: clientAddress(req) }, ["address_per_minute"]);
}
