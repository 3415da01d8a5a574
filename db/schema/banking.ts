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
  customerId: text("customer_id")
    .notNull()
    .references(() => customers.id),
  last4: text("last4").notNull(),
  currency: text("currency").notNull().default("EUR"),
  dailyLimitMinor: integer("daily_limit_minor").notNull(),
  monthlyLimitMinor: integer("monthly_limit_minor").notNull(),
  onlineLimitMinor: integer("online_limit_minor").notNull(),
  atmLimitMinor: integer("atm_limit_minor").notNull(),
});

export const TRANSACTION_KINDS = ["card_payment", "transfer", "cash_withdrawal", "top_up"] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/**
 * Money in and out of the customer's account: card payments, transfers, cash withdrawals and
 * top-ups, booked or still pending. Only booked card payments can be disputed.
 */
export const transactions = pgTable(
  "transactions",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id),
    /** The card used; none for transfers and top-ups. */
    cardId: text("card_id").references(() => cards.id),
    /** Who was paid or paid in: the merchant, the transfer's payee, the ATM, the top-up's source. */
    merchant: text("merchant").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull().default("EUR"),
    /** Country where the payment was made. */
    country: text("country").notNull(),
    /** The card network's merchant category code (ISO 18245) of a card payment: what kind of shop it was. */
    mcc: text("mcc"),
    /** When it was made (booked ones) or authorised (pending ones). */
    postedAt: timestamp("posted_at", { withTimezone: true }).notNull(),
    /** `pending` until it settles; the refund flow sees booked card payments only. */
    status: text("status", { enum: ["booked", "pending"] })
      .notNull()
      .default("booked"),
    kind: text("kind", { enum: TRANSACTION_KINDS }).notNull().default("card_payment"),
  },
  (t) => [index("transactions_customer_idx").on(t.tenantId, t.customerId, t.postedAt)],
);

/** Days a customer told the bank they would be abroad. */
export const travelNotices = pgTable("travel_notices", {
  id: text("id").primaryKey(),
  tenantId: text("tenant_id").notNull(),
  customerId: text("customer_id")
    .notNull()
    .references(() => customers.id),
  country: text("country").notNull(),
  startsOn: date("starts_on").notNull(),
  endsOn: date("ends_on").notNull(),
});
