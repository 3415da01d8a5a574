/**
 * The campaign's own customers: one per conversation, each with a card and payments to
 * dispute, and the plan of what that conversation and its operators will do.
 */
import type { Pool } from "pg";
import { hashPassword } from "../../db/password";
import { DEMO_TENANT } from "../../db/seed";
import { Rng } from "./rng";

export const CUSTOMER_PASSWORD = "chaos-pass";

/** `parallel`: a customer with three duplicate charges who claims all three at once, each in a conversation of its own. */
export type Scenario = "duplicate" | "review" | "supervisor" | "four_eyes" | "parallel";
/** What happens to the approval, if the claim goes to review. */
export type Outcome = "approve" | "reject" | "expire" | "cancel_race";

export type Plan = {
  index: number;
  username: string;
  customerId: string;
  scenario: Scenario;
  claim: string;
  /** Claims sent at the same moment as `claim`, each in another conversation of the same customer. */
  parallelClaims: string[];
  greet: boolean;
  doubleText: boolean;
  followUp: boolean;
  outcome: Outcome;
  firstApprover: "olga" | "oscar";
  doubleClick: boolean;
  /** A claim about another of the customer's payments, sent while the first request waits for an operator. */
  besideClaim?: string;
};

type Txn = { id: string; merchant: string; amountMinor: number; postedAt: Date };

const SMALL = ["Birch Cafe", "Maple Bakery", "Harbor Deli", "Lotus Tea"];
const MEDIUM = ["Alpha Books", "Quartz Games", "Nimbus Music"];
const UPPER = ["Cedar Outfitters", "Falcon Sports"];
const LARGE = ["Summit Electronics", "Orion Jewellers"];
const DAY_MS = 86_400_000;

function postedAt(rng: Rng, daysAgo: number, hour: number): Date {
  const d = new Date(Date.now() - daysAgo * DAY_MS);
  d.setUTCHours(hour, rng.int(0, 59), 0, 0);
  return d;
}

const money = (minor: number) => (minor / 100).toFixed(2);

/** One customer's payments and the conversation planned for them. */
function makeCustomer(seed: number, index: number): { plan: Plan; txns: Txn[] } {
  const rng = Rng.derive(seed, `customer-${index}`);
  const id = `chaos-cust-${index}`;
  const day = rng.int(2, 12);
  const hour = rng.int(9, 15);
  const small = { merchant: rng.pick(SMALL), amountMinor: rng.int(300, 4_500) };
  const medium = { merchant: rng.pick(MEDIUM), amountMinor: rng.int(60, 450) * 100 };
  const upper = { merchant: rng.pick(UPPER), amountMinor: rng.int(520, 950) * 100 };
  const large = { merchant: rng.pick(LARGE), amountMinor: rng.int(1_000, 2_400) * 100 };
  const txns: Txn[] = [
    { id: `${id}-dup-1`, ...small, postedAt: postedAt(rng, day, hour) },
    { id: `${id}-dup-2`, ...small, postedAt: postedAt(rng, day, hour + 1) },
    { id: `${id}-medium`, ...medium, postedAt: postedAt(rng, rng.int(2, 12), rng.int(9, 16)) },
    { id: `${id}-upper`, ...upper, postedAt: postedAt(rng, rng.int(2, 12), rng.int(9, 16)) },
    { id: `${id}-large`, ...large, postedAt: postedAt(rng, rng.int(2, 12), rng.int(9, 16)) },
    { id: `${id}-metro`, merchant: "Metro Transit", amountMinor: 290, postedAt: postedAt(rng, 1, 8) },
  ];
  const scenario = rng.weighted<Scenario>({ duplicate: 36, review: 32, supervisor: 9, four_eyes: 15, parallel: 8 });
  const claims: Record<Scenario, string> = {
    duplicate: rng.chance(0.5) ? `I was charged twice at ${small.merchant}` : `There is a duplicate charge from ${small.merchant}`,
    review: `I don't recognise the payment at ${medium.merchant} of ${money(medium.amountMinor)}`,
    supervisor: `I didn't make the payment at ${upper.merchant} of ${money(upper.amountMinor)}`,
    four_eyes: `I don't recognise the payment at ${large.merchant}`,
    parallel: `I was charged twice at ${small.merchant}`,
  };
  const plan: Plan = {
    index,
    username: `chaos-${index}`,
    customerId: id,
    scenario,
    claim: claims[scenario],
    parallelClaims: [],
    greet: rng.chance(0.25),
    doubleText: rng.chance(0.2),
    followUp: rng.chance(0.3),
    outcome: rng.weighted<Outcome>({ approve: 62, reject: 15, cancel_race: 15, expire: 8 }),
    firstApprover: rng.pick(["olga", "oscar"] as const),
    doubleClick: rng.chance(0.25),
  };
  // While the first request waits (and no cancel is planned for it), now and then a second payment is reported in the same chat.
  const waits = scenario === "review" || scenario === "supervisor" || scenario === "four_eyes";
  if (waits && (plan.outcome === "approve" || plan.outcome === "reject") && rng.chance(0.3)) {
    plan.besideClaim = rng.chance(0.5)
      ? `and ${small.merchant} charged me twice too`
      : `also the ${upper.merchant} payment of ${money(upper.amountMinor)} wasn't me`;
    if (scenario === "supervisor") plan.besideClaim = `and ${small.merchant} charged me twice too`;
  }
  if (scenario === "parallel") {
    for (const merchant of SMALL.filter((m) => m !== small.merchant).slice(0, 2)) {
      const amountMinor = rng.int(300, 4_500);
      const at = rng.int(2, 12);
      const slug = merchant.toLowerCase().replace(/\W+/g, "-");
      txns.push(
        { id: `${id}-${slug}-1`, merchant, amountMinor, postedAt: postedAt(rng, at, 10) },
        { id: `${id}-${slug}-2`, merchant, amountMinor, postedAt: postedAt(rng, at, 11) },
      );
      plan.parallelClaims.push(`I was charged twice at ${merchant}`);
    }
  }
  return { plan, txns };
}

/** Inserts `rows` in chunks as multi-row VALUES. */
async function insertRows(pool: Pool, table: string, columns: string[], rows: unknown[][]) {
  for (let start = 0; start < rows.length; start += 500) {
    const chunk = rows.slice(start, start + 500);
    const params: unknown[] = [];
    const tuples = chunk.map((row) => `(${row.map((value) => `$${params.push(value)}`).join(", ")})`);
    await pool.query(`insert into ${table} (${columns.join(", ")}) values ${tuples.join(", ")} on conflict do nothing`, params);
  }
}

/** Creates `count` customers (users, cards, payments) and returns their conversation plans. */
export async function createCustomers(pool: Pool, seed: number, count: number): Promise<Plan[]> {
  const tenant = DEMO_TENANT;
  const passwordHash = await hashPassword(CUSTOMER_PASSWORD);
  const made = Array.from({ length: count }, (_, i) => makeCustomer(seed, i));
  await insertRows(
    pool,
    "customers",
    ["id", "tenant_id", "name", "home_country"],
    made.map(({ plan }) => [plan.customerId, tenant, `Chaos Customer ${plan.index}`, "DE"]),
  );
  await insertRows(
    pool,
    "users",
    ["id", "tenant_id", "username", "password_hash", "role", "display_name", "customer_id"],
    made.map(({ plan }) => [`user-${plan.username}`, tenant, plan.username, passwordHash, "customer", `Chaos Customer ${plan.index}`, plan.customerId]),
  );
  await insertRows(
    pool,
    "cards",
    ["id", "tenant_id", "customer_id", "last4", "daily_limit_minor", "monthly_limit_minor", "online_limit_minor", "atm_limit_minor"],
    made.map(({ plan }) => [`card-${plan.customerId}`, tenant, plan.customerId, String(1000 + (plan.index % 9000)), 300_000, 900_000, 250_000, 50_000]),
  );
  await insertRows(
    pool,
    "transactions",
    ["id", "tenant_id", "customer_id", "card_id", "merchant", "amount_minor", "currency", "country", "posted_at"],
    made.flatMap(({ plan, txns }) =>
      txns.map((t) => [t.id, tenant, plan.customerId, `card-${plan.customerId}`, t.merchant, t.amountMinor, "EUR", "DE", t.postedAt]),
    ),
  );
  return made.map(({ plan }) => plan);
}
