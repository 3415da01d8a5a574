import { ROLES } from "../../vocabulary/roles";
import { bigserial, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Signed-in people: customers and bank staff. */
export const users = pgTable("users", {
  id: text("id").primaryKey(),
  tenantId: text("tenant_id").notNull(),
  username: text("username").notNull().unique(),
  /** scrypt hash, `salt:hash` in hex. */
  passwordHash: text("password_hash").notNull(),
  role: text("role", { enum: ROLES }).notNull(),
  displayName: text("display_name").notNull(),
  /** Set for customers only. */
  customerId: text("customer_id"),
});

/** Server-side sessions; the cookie holds a token whose SHA-256 is the id. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    /** The absolute end of the session, however active it is. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The last request seen; a session idle for longer than the idle lifetime ends. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** The user's role when the session began; a session ends when the role changes. */
    role: text("role"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expiry_idx").on(t.expiresAt)],
);

/** Failed sign-ins, by account, by client address and by the two together: the login throttle counts them across instances. */
export const loginFailures = pgTable(
  "login_failures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    username: text("username").notNull(),
    clientAddress: text("client_address").notNull(),
    failedAt: timestamp("failed_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the account forgave it: a right password from the same address, or a supervisor's
     * unlock. A forgiven failure no longer slows the account's sign-ins; it still counts against its address.
     */
    forgivenAt: timestamp("forgiven_at", { withTimezone: true }),
  },
  (t) => [index("login_failures_user_idx").on(t.username, t.failedAt), index("login_failures_client_idx").on(t.clientAddress, t.failedAt)],
);
