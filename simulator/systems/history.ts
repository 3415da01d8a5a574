import type { TransactionKind } from "../../db/schema/banking";
import { ok } from "../http";
import type { RequestContext } from "../route";
import { requireCustomer } from "./customer";
import { expectedBy } from "./settlement";
import { tenantOf } from "./tenant";

type CaseRow = {
  id: string;
  transaction_id: string;
  reason: string;
  status: string;
  amount_minor: number;
  created_at: Date;
};

type RefundRow = { case_id: string; amount_minor: number; currency: string; committed_at: Date };

type PendingRow = { id: string; kind: TransactionKind; merchant: string; amount_minor: number; currency: string; posted_at: Date };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * GET /history/customers/:customerId — the customer's cases, committed refunds, and the
 * items not booked yet, each with the day it is expected to be (see `expectedBy`).
 */
export async function getCustomerHistory({ pool, params, query }: RequestContext) {
  const tenantId = tenantOf(query, "history");
  const { customerId } = params as { customerId: string };
  await requireCustomer(pool, tenantId, customerId);
  const [cases, refunds, pending] = await Promise.all([
    pool.query<CaseRow>(
      `select id, transaction_id, reason, status, amount_minor, created_at
         from cases where tenant_id = $1 and customer_id = $2
        order by created_at desc, id`,
      [tenantId, customerId],
    ),
    pool.query<RefundRow>(
      `select case_id, amount_minor, currency, committed_at
         from bank_sim.ledger_entries
        where tenant_id = $1 and customer_id = $2 and status = 'committed'
        order by committed_at desc, id desc`,
      [tenantId, customerId],
    ),
    pool.query<PendingRow>(
      `select id, kind, merchant, amount_minor, currency, posted_at
         from transactions
        where tenant_id = $1 and customer_id = $2 and status = 'pending'
        order by posted_at desc, id`,
      [tenantId, customerId],
    ),
  ]);
  const since = Date.now() - 30 * DAY_MS;
  return ok({
    customerId,
    cases: cases.rows.map((row) => ({
      caseId: row.id,
      transactionId: row.transaction_id,
      reason: row.reason,
      status: row.status,
      amountMinor: row.amount_minor,
      createdAt: row.created_at.toISOString(),
    })),
    refunds: refunds.rows.map((row) => ({
      caseId: row.case_id,
      amountMinor: row.amount_minor,
      currency: row.currency,
      at: row.committed_at.toISOString(),
    })),
    refundsLast30Days: refunds.rows.filter((row) => row.committed_at.getTime() >= since).length,
    pending: pending.rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      counterparty: row.merchant,
      amountMinor: row.amount_minor,
      currency: row.currency,
      createdAt: row.posted_at.toISOString(),
      expectedBy: expectedBy(row.kind, row.posted_at),
    })),
  });
}
