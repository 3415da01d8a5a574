import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Signed-in people: customers and bank staff. */
export const users = pgTable("users", {
  id: text("id").primaryKey(),
  tenantId: text("tenant_id").notNull(),
  username: text("username").notNull().unique(),
  /** scrypt hash, `salt:hash` in hex. */
  passwordHash: text("password_hash").notNull(),
  role: text("role", { enum: ["customer", "operator", "supervisor", "auditor"] }).notNull(),
  displayName: text("display_name").notNull(),
  /** Set for customers only. */
  customerId: text("customer_id"),
});

/** Server-side sessions; the cookie holds the id. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);
