import { z } from "zod";
import { HttpError, ok, parseInput, problem } from "../http";
import type { RequestContext } from "../route";
import { tenantId } from "./tenant";

const assessBody = z.object({
  tenantId,
  customerId: z.string().min(1),
  transactionId: z.string().min(1),
});

/** What the rules look at, read from transactions and travel notices. */
export type RiskFacts = {
  amountMinor: number;
  /** Hour of day (0-23, UTC) the payment was posted. */
  hourUtc: number;
  /** Another payment of the customer at the same merchant exists. */
  knownMerchant: boolean;
  /** Another payment with the same merchant, amount and UTC day exists. */
  sameDayTwin: boolean;
  /** A travel notice covers the day and names another country. */
  travelCountryMismatch: boolean;
};

export type Risk = "low" | "medium" | "high";

/** The deterministic scoring rules. */
export function assessRisk(facts: RiskFacts): { risk: Risk; score: number; signals: string[] } {
  let score = 0;
  const signals: string[] = [];
  if (facts.amountMinor >= 50_000) {
    score += 50;
    signals.push("large_amount");
  }
  if (!facts.knownMerchant && facts.amountMinor >= 5_000) {
    score += 20;
    signals.push("new_merchant");
  }
  if (facts.hourUtc >= 22 || facts.hourUtc < 6) {
    score += 10;
    signals.push("night_time");
  }
  if (facts.travelCountryMismatch) {
    score += 40;
    signals.push("location_mismatch");
  }
  if (facts.sameDayTwin) signals.push("possible_duplicate");
  score = Math.min(score, 100);
  const risk: Risk = score >= 60 ? "high" : score >= 30 ? "medium" : "low";
  return { risk, score, signals };
}

type FactsRow = {
  amount_minor: number;
  hour_utc: number;
  known_merchant: boolean;
  same_day_twin: boolean;
  travel_country_mismatch: boolean;
};

const FACTS_SQL = `
  select t.amount_minor,
         extract(hour from t.posted_at at time zone 'UTC')::int as hour_utc,
         exists (
           select 1 from transactions o
            where o.tenant_id = t.tenant_id and o.customer_id = t.customer_id
              and o.id <> t.id and o.merchant = t.merchant
         ) as known_merchant,
         exists (
           select 1 from transactions o
            where o.tenant_id = t.tenant_id and o.customer_id = t.customer_id
              and o.id <> t.id and o.merchant = t.merchant and o.amount_minor = t.amount_minor
              and (o.posted_at at time zone 'UTC')::date = (t.posted_at at time zone 'UTC')::date
         ) as same_day_twin,
         exists (
           select 1 from travel_notices n
            where n.tenant_id = t.tenant_id and n.customer_id = t.customer_id
              and (t.posted_at at time zone 'UTC')::date between n.starts_on and n.ends_on
              and n.country <> t.country
         ) as travel_country_mismatch
    from transactions t
   where t.tenant_id = $1 and t.customer_id = $2 and t.id = $3`;

/** POST /antifraud/assess — the risk of one of the customer's transactions. */
export async function assessTransaction({ pool, body }: RequestContext) {
  const input = parseInput(assessBody, body, "antifraud");
  const { rows } = await pool.query<FactsRow>(FACTS_SQL, [input.tenantId, input.customerId, input.transactionId]);
  const row = rows[0];
  if (!row) throw new HttpError(problem("not_found:transaction", "no such transaction for this customer"));
  const assessment = assessRisk({
    amountMinor: row.amount_minor,
    hourUtc: row.hour_utc,
    knownMerchant: row.known_merchant,
    sameDayTwin: row.same_day_twin,
    travelCountryMismatch: row.travel_country_mismatch,
  });
  return ok({ transactionId: input.transactionId, ...assessment });
}
