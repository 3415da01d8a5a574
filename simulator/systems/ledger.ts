import type { Pool } from "pg";
import { z } from "zod";
import { ok, parseInput, problem, type Reply } from "../http";
import type { RequestContext } from "../route";
import { replayed, requestFingerprint, requireIdempotencyKey } from "./idempotency";
import { tenantId } from "./tenant";

const refundBody = z.object({
  tenantId,
  caseId: z.string().min(1),
  customerId: z.string().min(1),
  transactionId: z.string().min(1),
  amountMinor: z.int().positive().max(2_147_483_647),
  /** The demo banks' currencies: demo-bank's EUR and vistula-bank's PLN. */
  currency: z.enum(["EUR", "PLN"]),
});

type RefundRequest = z.infer<typeof refundBody>;

/** sha256 of the request's canonical JSON (keys sorted), hex. */
export function fingerprintOf(request: RefundRequest): string {
  return requestFingerprint(request);
}

type StoredRow = {
  request_fingerprint: string;
  status: "in_flight" | "committed";
  response_status: number | null;
  response_body: unknown;
};

/**
 * POST /ledger/refunds — moves money once per `Idempotency-Key` within the key window. A
 * retry with the same key and body replays the stored answer; another body is refused; a
 * call still in flight gets 409. Once the key's first request is older than the window,
 * the key is forgotten (its entry stays, listed by case) and the same request books anew.
 */
export async function postRefund({ pool, headers, body, controls }: RequestContext): Promise<Reply> {
  const key = requireIdempotencyKey(headers);
  const request = parseInput(refundBody, body, "ledger");
  const fingerprint = fingerprintOf(request);
  const now = controls.now();
  const forgetBefore = controls.forgetBefore();
  if (forgetBefore) await forgetKey(pool, request.tenantId, key, forgetBefore);
  for (let attempt = 0; attempt < 2; attempt++) {
    const entryId = await reserveKey(pool, key, fingerprint, request, now);
    if (entryId) return commitRefund(pool, entryId, request, now);
    const stored = await pool.query<StoredRow>(
      `select request_fingerprint, status, response_status, response_body
         from bank_sim.ledger_entries where tenant_id = $1 and idempotency_key = $2`,
      [request.tenantId, key],
    );
    const row = stored.rows[0];
    if (!row) continue;
    if (row.request_fingerprint !== fingerprint) break;
    if (row.status === "in_flight") {
      return problem("conflict:idempotency", "a request with this Idempotency-Key is still in flight");
    }
    return replayed(row.response_status ?? 201, row.response_body);
  }
  return problem("unprocessable:idempotency", "this Idempotency-Key was used with a different request");
}

/** Renames a committed key whose first request came before `before`: the entry stays, the key is free again. */
async function forgetKey(pool: Pool, tenantId: string, key: string, before: Date) {
  await pool.query(
    `update bank_sim.ledger_entries set idempotency_key = idempotency_key || ' (forgotten, entry ' || id || ')'
      where tenant_id = $1 and idempotency_key = $2 and status = 'committed' and created_at < $3`,
    [tenantId, key, before],
  );
}

/** Claims the key with an in-flight row; the id when this call won it, undefined when the key exists. */
async function reserveKey(pool: Pool, key: string, fingerprint: string, request: RefundRequest, now: Date) {
  const { rows } = await pool.query<{ id: string }>(
    `insert into bank_sim.ledger_entries
       (tenant_id, idempotency_key, request_fingerprint, status, case_id, customer_id, amount_minor, currency, created_at)
     values ($1, $2, $3, 'in_flight', $4, $5, $6, $7, $8)
     on conflict (idempotency_key) do nothing
     returning id`,
    [request.tenantId, key, fingerprint, request.caseId, request.customerId, request.amountMinor, request.currency, now],
  );
  return rows[0]?.id;
}

/** Books the refund and stores the answer that replays will return. */
async function commitRefund(pool: Pool, entryId: string, request: RefundRequest, committedAt: Date): Promise<Reply> {
  const response = {
    entryId,
    caseId: request.caseId,
    amountMinor: request.amountMinor,
    currency: request.currency,
    status: "committed",
    committedAt: committedAt.toISOString(),
  };
  try {
    const { rows } = await pool.query<{ response_body: unknown }>(
      `update bank_sim.ledger_entries
          set status = 'committed', committed_at = $3, response_status = 201, response_body = $4::jsonb
        where tenant_id = $1 and id = $2 and status = 'in_flight'
        returning response_body`,
      [request.tenantId, entryId, committedAt, JSON.stringify(response)],
    );
    return ok(rows[0]?.response_body ?? response, 201);
  } catch (error) {
    await pool.query(`delete from bank_sim.ledger_entries where tenant_id = $1 and id = $2 and status = 'in_flight'`, [request.tenantId, entryId]);
    throw error;
  }
}
