import { index, integer, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";

/**
 * What each customer and each client address has used of its budgets, one row per budget,
 * subject and fixed window, shared by every app instance. A customer's rows carry their
 * tenant; an address's row carries none (a request without a session belongs to no bank), and
 * row-level security shows it only to work acting for no tenant.
 */
export const requestBudgets = pgTable(
  "request_budgets",
  {
    /** The customer's bank; null for a client address. */
    tenantId: text("tenant_id"),
    /** Which budget (`turns_per_minute`, `turns_per_day`, `conversations_per_day`, `address_per_minute`). */
    budget: text("budget").notNull(),
    /** The customer id, or the client address (an IPv6 client's /64). */
    subject: text("subject").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    /** When the window closes: its count stops mattering, and the sweep deletes it. */
    windowEnd: timestamp("window_end", { withTimezone: true }).notNull(),
    /** Requests let through in the window; never above the budget's limit. */
    used: integer("used").notNull(),
  },
  (t) => [
    unique("request_budgets_window_key").on(t.tenantId, t.budget, t.subject, t.windowStart).nullsNotDistinct(),
    index("request_budgets_window_end_idx").on(t.windowEnd),
  ],
);
