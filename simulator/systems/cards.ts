import type { Pool, PoolClient } from "pg";
import { z } from "zod";
import { CARD_FREEZE_REASONS, CARD_REPLACEMENT_REASONS } from "../../vocabulary/cards";
import { HttpError, ok, parseInput, problem, type Reply } from "../http";
import type { RequestContext } from "../route";
import { requireCustomer } from "./customer";
import { replayed, requestFingerprint, requireIdempotencyKey } from "./idempotency";
import { tenantId, tenantOf } from "./tenant";

type FreezeReason = (typeof CARD_FREEZE_REASONS)[number];
type ReplacementReason = (typeof CARD_REPLACEMENT_REASONS)[number];
export type CardAction = "freeze" | "unfreeze" | "replacement";

/** Who asked; unset means the customer the body names, on their own behalf. */
const actor = z.string().min(1).max(200).optional();
const customerId = z.string().min(1).max(200);

const BODIES = {
  freeze: z.object({ tenantId, customerId, reason: z.enum(CARD_FREEZE_REASONS), actor }),
  unfreeze: z.object({ tenantId, customerId, actor }),
  replacement: z.object({ tenantId, customerId, reason: z.enum(CARD_REPLACEMENT_REASONS), actor }),
} satisfies Record<CardAction, z.ZodType>;

/** Reasons that make a replacement block the old card at once: someone else may hold it. */
const BLOCKING_REASONS = new Set<ReplacementReason>(["lost", "stolen", "compromised"]);

type CardState = {
  status: "active" | "frozen";
  frozenAt: Date | null;
  frozenReason: FreezeReason | null;
  replacementRequestedAt: Date | null;
  replacementReason: ReplacementReason | null;
};

type CardRow = {
  id: string;
  last4: string;
  status: "active" | "frozen" | null;
  frozen_at: Date | null;
  frozen_reason: FreezeReason | null;
  replacement_requested_at: Date | null;
  replacement_reason: ReplacementReason | null;
};

const CARD_COLUMNS = `c.id, c.last4, s.status, s.frozen_at, s.frozen_reason, s.replacement_requested_at, s.replacement_reason`;

function stateOf(row: CardRow): CardState {
  return {
    status: row.status ?? "active",
    frozenAt: row.frozen_at,
    frozenReason: row.frozen_reason,
    replacementRequestedAt: row.replacement_requested_at,
    replacementReason: row.replacement_reason,
  };
}

/** One card as the cards system reports it. */
function cardView(cardId: string, last4: string, state: CardState) {
  return {
    cardId,
    last4,
    status: state.status,
    frozenAt: state.frozenAt?.toISOString() ?? null,
    frozenReason: state.frozenReason,
    replacement: state.replacementRequestedAt ? { requestedAt: state.replacementRequestedAt.toISOString(), reason: state.replacementReason } : null,
  };
}

/**
 * What an action does to a card. Freezing a frozen card and unfreezing an active one change
 * nothing. A replacement is recorded once while a request is open; one for a lost, stolen or
 * compromised card also freezes the card, since someone else may be using it.
 */
export function transition(state: CardState, action: CardAction, reason: ReplacementReason | null, now: Date): { next: CardState; changed: boolean } {
  switch (action) {
    case "freeze":
      if (state.status === "frozen") return { next: state, changed: false };
      return { next: { ...state, status: "frozen", frozenAt: now, frozenReason: reason as FreezeReason }, changed: true };
    case "unfreeze":
      if (state.status === "active") return { next: state, changed: false };
      return { next: { ...state, status: "active", frozenAt: null, frozenReason: null }, changed: true };
    case "replacement": {
      if (state.replacementRequestedAt) return { next: state, changed: false };
      const requested: CardState = { ...state, replacementRequestedAt: now, replacementReason: reason };
      const block = state.status === "active" && reason !== null && BLOCKING_REASONS.has(reason);
      return { next: block ? { ...requested, status: "frozen", frozenAt: now, frozenReason: reason as FreezeReason } : requested, changed: true };
    }
  }
}

/** GET /cards/customers/:customerId — the customer's cards: frozen or active, and any replacement requested. */
export async function getCustomerCards({ pool, params, query }: RequestContext): Promise<Reply> {
  const tenant = tenantOf(query, "cards");
  const { customerId: customer } = params as { customerId: string };
  await requireCustomer(pool, tenant, customer);
  const { rows } = await pool.query<CardRow>(
    `select ${CARD_COLUMNS}
       from cards c
       left join bank_sim.card_states s on s.card_id = c.id and s.tenant_id = c.tenant_id
      where c.tenant_id = $1 and c.customer_id = $2
      order by c.id`,
    [tenant, customer],
  );
  return ok({ customerId: customer, cards: rows.map((row) => cardView(row.id, row.last4, stateOf(row))) });
}

type Request = { tenantId: string; customerId: string; cardId: string; action: CardAction; reason: ReplacementReason | null; actor: string };

type StoredRow = { request_fingerprint: string; response_status: number; response_body: unknown };

/**
 * POST /cards/:cardId/{freeze,unfreeze,replacement} — changes a card once per
 * `Idempotency-Key`: a retry with the same key and body replays the first answer and changes
 * nothing; the key with another body is refused (422). Every request that was carried out is
 * in the card action log, with who asked, the key, the reason and the time, and whether it
 * changed the card.
 */
export function changeCard(action: CardAction) {
  return async function handle({ pool, params, headers, body }: RequestContext): Promise<Reply> {
    const key = requireIdempotencyKey(headers);
    const input = parseInput(BODIES[action], body, "cards");
    const request: Request = {
      tenantId: input.tenantId,
      customerId: input.customerId,
      cardId: (params as { cardId: string }).cardId,
      action,
      reason: "reason" in input ? input.reason : null,
      actor: input.actor ?? input.customerId,
    };
    const fingerprint = requestFingerprint(request);
    for (let attempt = 0; attempt < 2; attempt++) {
      const { rows } = await pool.query<StoredRow>(
        `select request_fingerprint, response_status, response_body from bank_sim.card_actions where tenant_id = $1 and idempotency_key = $2`,
        [request.tenantId, key],
      );
      const stored = rows[0];
      if (stored) {
        if (stored.request_fingerprint !== fingerprint) break;
        return replayed(stored.response_status, stored.response_body);
      }
      await requireCustomer(pool, request.tenantId, request.customerId);
      const reply = await applyOnce(pool, request, key, fingerprint);
      if (reply) return reply;
    }
    return problem("unprocessable:idempotency", "this Idempotency-Key was used with a different request");
  };
}

/**
 * Applies the action and logs it in one transaction, the card's row locked; undefined when
 * another request with the same key committed first (the caller replays its answer).
 */
async function applyOnce(pool: Pool, request: Request, key: string, fingerprint: string): Promise<Reply | undefined> {
  const client = await pool.connect();
  try {
    await client.query("begin");
    const card = await lockCard(client, request);
    const { next, changed } = transition(stateOf(card), request.action, request.reason, new Date());
    if (changed) {
      await client.query(
        `update bank_sim.card_states
            set status = $3, frozen_at = $4, frozen_reason = $5, replacement_requested_at = $6, replacement_reason = $7, updated_at = now()
          where tenant_id = $1 and card_id = $2`,
        [request.tenantId, request.cardId, next.status, next.frozenAt, next.frozenReason, next.replacementRequestedAt, next.replacementReason],
      );
    }
    const response = { action: request.action, changed, card: cardView(card.id, card.last4, next) };
    const logged = await client.query<{ response_body: unknown }>(
      `insert into bank_sim.card_actions
         (tenant_id, card_id, customer_id, action, reason, actor, idempotency_key, request_fingerprint, changed, response_status, response_body)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 200, $10::jsonb)
       on conflict (tenant_id, idempotency_key) do nothing
       returning response_body`,
      [
        request.tenantId,
        request.cardId,
        request.customerId,
        request.action,
        request.reason,
        request.actor,
        key,
        fingerprint,
        changed,
        JSON.stringify(response),
      ],
    );
    const stored = logged.rows[0];
    if (!stored) {
      await client.query("rollback");
      return undefined;
    }
    await client.query("commit");
    // The stored form, so the first answer and its replays are the same bytes.
    return ok(stored.response_body);
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The customer's card with its state row, locked for this transaction; 404 `not_found:card` otherwise. */
async function lockCard(client: PoolClient, request: Request): Promise<CardRow> {
  await client.query(
    `insert into bank_sim.card_states (card_id, tenant_id)
     select id, tenant_id from cards where tenant_id = $1 and customer_id = $2 and id = $3
     on conflict (card_id) do nothing`,
    [request.tenantId, request.customerId, request.cardId],
  );
  const { rows } = await client.query<CardRow>(
    `select ${CARD_COLUMNS}
       from cards c
       join bank_sim.card_states s on s.card_id = c.id and s.tenant_id = c.tenant_id
      where c.tenant_id = $1 and c.customer_id = $2 and c.id = $3
        for update of s`,
    [request.tenantId, request.customerId, request.cardId],
  );
  const row = rows[0];
  if (!row) throw new HttpError(problem("not_found:card", "no such card for this customer"));
  return row;
}
