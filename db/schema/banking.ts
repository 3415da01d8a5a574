import { date, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const customers = pgTable("customers", {
  id: text("id").primaryKey(),
  tenantId: text("tenant_id").notNull(),
  name: text("name").notNull(),
  /** ISO 3166 alpha-2 country the customer lives in. */
  homeCountry: text("home_country").notNull(),
});

export const cards = pgTable("cards", {
  id: text("id").primaryKey(),
  tenantId: text("tenant_id").notNull(),
  customerId: text("customer_id").notNull().references(() => customers.id),
  last4: text("last4").notNull(),
  currency: text("currency").notNull().default("EUR"),
  dailyLimitMinor: integer("daily_limit_minor").notNull(),
  monthlyLimitMinor: integer("monthly_limit_minor").notNull(),
  onlineLimitMinor: integer("online_limit_minor").notNull(),
  atmLimitMinor: integer("atm_limit_minor").notNull(),
});

/** Card payments as the bank booked them. */
export const transactions = pgTable(
  "transactions",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    customerId: text("customer_id").notNull().references(() => customers.id),
    cardId: text("card_id").notNull().references(() => cards.id),
    merchant: text("merchant").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull().default("EUR"),
    /** Country where the payment was made. */
    country: text("country").notNull(),
    postedAt: timestamp("posted_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("transactions_customer_idx").on(t.tenantId, t.customerId, t.postedAt)],
);

/** Days a customer told the bank they would be abroad. */
export const travelNotices = pgTable("travel_notices", {
  id: text("id").primaryKey(),
  tenantId: text("tenant_id").notNull(),
  customerId: text("customer_id").notNull().references(() => customers.id),
  country: text("country").notNull(),
  startsOn: date("starts_on").notNull(),
  endsOn: date("ends_on").notNull(),
});
