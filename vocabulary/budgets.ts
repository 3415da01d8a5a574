/**
 * The budgets a customer and a client address spend, and the error surface each answers
 * with once spent (`rate_limited:<surface>`, 429 with Retry-After).
 */
export const BUDGETS = {
  turns_per_minute: "turn",
  turns_per_day: "turn",
  conversations_per_day: "thread",
  address_per_minute: "address",
} as const;
export type Budget = keyof typeof BUDGETS;
export const BUDGET_NAMES = Object.keys(BUDGETS) as Budget[];

export const isBudget = (value: unknown): value is Budget => typeof value === "string" && value in BUDGETS;

/** "1 second", "40 seconds", "3 minutes", "5 hours": the wait, rounded up, in the largest unit that reads well. */
export function waitWords(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  const [n, unit] = s < 120 ? [s, "second"] : s < 2 * 60 * 60 ? [Math.ceil(s / 60), "minute"] : [Math.ceil(s / 3600), "hour"];
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

/** What a person is told when a budget is spent, with how long to wait. */
export function overBudgetLine(budget: Budget, retryAfterSeconds: number): string {
  const wait = waitWords(retryAfterSeconds);
  switch (budget) {
    case "turns_per_minute":
      return `You're sending messages faster than we can answer. Please wait ${wait}.`;
    case "turns_per_day":
      return `You've sent as many messages today as we can answer. Please try again in ${wait}.`;
    case "conversations_per_day":
      return `You've started as many conversations today as we can take. Please continue one you have, or try again in ${wait}.`;
    case "address_per_minute":
      return `Too many requests from your network. Please wait ${wait}.`;
  }
}
