import { ok } from "../http";
import type { RequestContext } from "../route";
import { requireCustomer } from "./customer";
import { tenantOf } from "./tenant";

type CardRow = {
  id: string;
  last4: string;
  currency: string;
  daily_limit_minor: number;
  monthly_limit_minor: number;
  online_limit_minor: number;
  atm_limit_minor: number;
  spent_today: string;
  spent_month: string;
};

/**
 * GET /limits/customers/:customerId — each card's limits and what was spent on it today and
 * this month (UTC). Pending card payments and withdrawals count: their authorisation already
 * holds the money.
 */
export async function getCustomerLimits({ pool, params, query }: RequestContext) {
  const tenantId = tenantOf(query, "limits");
  const { customerId } = params as { customerId: string };
  await requireCustomer(pool, tenantId, customerId);
  const now = new Date();
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const { rows } = await pool.query<CardRow>(
    `select c.id, c.last4, c.currency, c.daily_limit_minor, c.monthly_limit_minor,
            c.online_limit_minor, c.atm_limit_minor,
            coalesce(sum(t.amount_minor) filter (where t.posted_at >= $3), 0)::bigint as spent_today,
            coalesce(sum(t.amount_minor), 0)::bigint as spent_month
       from cards c
       left join transactions t
         on t.tenant_id = c.tenant_id and t.card_id = c.id and t.posted_at >= $4
      where c.tenant_id = $1 and c.customer_id = $2
      group by c.id
      order by c.id`,
    [tenantId, customerId, dayStart, monthStart],
  );
  return ok({
    customerId,
    cards: rows.map((row) => ({
      cardId: row.id,
      last4: row.last4,
      currency: row.currency,
      dailyLimitMinor: row.daily_limit_minor,
      monthlyLimitMinor: row.monthly_limit_minor,
      onlineLimitMinor: row.online_limit_minor,
      atmLimitMinor: row.atm_limit_minor,
      spentTodayMinor: Number(row.spent_today),
      spentThisMonthMinor: Number(row.spent_month),
    })),
  });
}
