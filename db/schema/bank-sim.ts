import { bigserial, boolean, index, integer, jsonb, pgSchema, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { CARD_FREEZE_REASONS, CARD_REPLACEMENT_REASONS } from "../../vocabulary/cards";
import { cards } from "./banking";

/**
 * The bank systems' own tables, which the simulator stands in for: the ledger's refunds and
 * the cards system's card states and action log. They live in a schema of their own because
 * the app does not own them: it reaches the ledger and the cards system only over their
 * HTTP APIs, never by a query.
 */
export const bankSim = pgSchema("bank_sim");

/**
 * The refund ledger, the ledger system's own table.
 * One row per idempotency key: the key, the request fingerprint and the stored response.
 */
export const ledgerEntries = bankSim.table(
  "ledger_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tenantId: text("tenant_id").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    requestFingerprint: text("request_fingerprint").notNull(),
    status: text("status", { enum: ["in_flight", "committed"] }).notNull(),
    caseId: text("case_id").notNull(),
    customerId: text("customer_id").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    responseStatus: integer("response_status"),
    responseBody: jsonb("response_body"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    committedAt: timestamp("committed_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("ledger_key_uq").on(t.idempotencyKey), index("ledger_customer_idx").on(t.tenantId, t.customerId, t.createdAt)],
);

/**
 * What the bank's cards system (the simulator here) holds about a card besides its limits:
 * frozen or active, and an open replacement request. A card without a row is active and has
 * no replacement requested.
 */
export const cardStates = bankSim.table("card_states", {
  cardId: text("card_id")
    .primaryKey()
    .references(() => cards.id),
  tenantId: text("tenant_id").notNull(),
  status: text("status", { enum: ["active", "frozen"] })
    .notNull()
    .default("active"),
  frozenAt: timestamp("frozen_at", { withTimezone: true }),
  frozenReason: text("frozen_reason", { enum: CARD_FREEZE_REASONS }),
  replacementRequestedAt: timestamp("replacement_requested_at", { withTimezone: true }),
  replacementReason: text("replacement_reason", { enum: CARD_REPLACEMENT_REASONS }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The cards system's action log, one row per Idempotency-Key: who asked for what, whether it
 * changed the card, and the stored answer a retry with the same key replays.
 */
export const cardActions = bankSim.table(
  "card_actions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tenantId: text("tenant_id").notNull(),
    cardId: text("card_id")
      .notNull()
      .references(() => cards.id),
    customerId: text("customer_id").notNull(),
    action: text("action", { enum: ["freeze", "unfreeze", "replacement"] }).notNull(),
    reason: text("reason", { enum: CARD_REPLACEMENT_REASONS }),
    actor: text("actor").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    requestFingerprint: text("request_fingerprint").notNull(),
    /** False when the card already was as asked (freezing a frozen card). */
    changed: boolean("changed").notNull(),
    responseStatus: integer("response_status").notNull(),
    responseBody: jsonb("response_body").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("card_actions_key_uq").on(t.tenantId, t.idempotencyKey), index("card_actions_card_idx").on(t.tenantId, t.cardId, t.at)],
);
