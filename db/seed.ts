import { inArray, sql } from "drizzle-orm";
import type { Db } from "./client";
import { CHECKPOINT_SCHEMA } from "./migrate";
import { env, isDemoMode, type Env } from "../env";
import { DEFAULT_AUTO_APPROVE_MAX_MINOR } from "../vocabulary/money";
import { insertTenantIfMissing } from "./queries/tenants";
import { hashPassword } from "./password";
import { cards, customers, transactions, travelNotices, users } from "./schema";

export const DEMO_TENANT = "demo-bank";

const DAY = 24 * 60 * 60 * 1000;

/** Noon UTC `days` before `now`, so "yesterday" and dates in chat resolve predictably. */
function daysAgo(now: Date, days: number, hour = 12): Date {
  const d = new Date(now.getTime() - days * DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
}

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** The second demo bank: its own customers and staff, another currency and another policy. */
export const SECOND_TENANT = "vistula-bank";

export const DEMO_USERS = [
  { username: "alice", role: "customer", displayName: "Alice Novak", customerId: "cust-alice", tenantId: DEMO_TENANT },
  { username: "bob", role: "customer", displayName: "Bob Kowalski", customerId: "cust-bob", tenantId: DEMO_TENANT },
  { username: "olga", role: "operator", displayName: "Olga Petrova", customerId: null, tenantId: DEMO_TENANT },
  { username: "oscar", role: "operator", displayName: "Oscar Lind", customerId: null, tenantId: DEMO_TENANT },
  { username: "sam", role: "supervisor", displayName: "Sam Okafor", customerId: null, tenantId: DEMO_TENANT },
  { username: "sven", role: "supervisor", displayName: "Sven Aalto", customerId: null, tenantId: DEMO_TENANT },
  { username: "ivan", role: "auditor", displayName: "Ivan Horvat", customerId: null, tenantId: DEMO_TENANT },
  { username: "otto", role: "ops", displayName: "Otto Berg", customerId: null, tenantId: DEMO_TENANT },
  { username: "kasia", role: "customer", displayName: "Kasia Wojcik", customerId: "cust-kasia", tenantId: SECOND_TENANT },
  { username: "piotr", role: "customer", displayName: "Piotr Zielinski", customerId: "cust-piotr", tenantId: SECOND_TENANT },
  { username: "marta", role: "operator", displayName: "Marta Lis", customerId: null, tenantId: SECOND_TENANT },
  { username: "tomasz", role: "operator", displayName: "Tomasz Nowicki", customerId: null, tenantId: SECOND_TENANT },
  { username: "zofia", role: "supervisor", displayName: "Zofia Mazur", customerId: null, tenantId: SECOND_TENANT },
  { username: "wanda", role: "supervisor", displayName: "Wanda Krol", customerId: null, tenantId: SECOND_TENANT },
  { username: "jan", role: "auditor", displayName: "Jan Dabrowski", customerId: null, tenantId: SECOND_TENANT },
] as const;

/**
 * The demo banks' rows. demo-bank follows the settings (the policy the app had before banks
 * had their own: OPERATOR_LIMIT_MINOR, FOUR_EYES_MINOR, APPROVAL_TTL_MS and the code's 50.00
 * auto-approval limit); vistula-bank pays in PLN under a policy of its own.
 */
export function demoTenants(config: Env = env()) {
  return [
    {
      id: DEMO_TENANT,
      name: "Demo Bank",
      currency: "EUR",
      language: "en" as const,
      autoApproveMaxMinor: DEFAULT_AUTO_APPROVE_MAX_MINOR,
      operatorLimitMinor: config.OPERATOR_LIMIT_MINOR,
      fourEyesMinor: config.FOUR_EYES_MINOR,
      approvalWindowMs: config.APPROVAL_TTL_MS,
      updatedBy: "seed",
    },
    {
      id: SECOND_TENANT,
      name: "Vistula Bank",
      currency: "PLN",
      language: "pl" as const,
      autoApproveMaxMinor: 20_000,
      operatorLimitMinor: 200_000,
      fourEyesMinor: 400_000,
      approvalWindowMs: 24 * 60 * 60 * 1000,
      updatedBy: "seed",
    },
  ];
}

/** A demo user's password, as the README publishes it. */
export const demoPassword = (username: string) => `${username}-pass`;

/** Demo passwords are public: each is hashed once per process, so re-seeding (tests do, often) stays fast. */
const demoHashes = new Map<string, Promise<string>>();
function demoHash(password: string): Promise<string> {
  if (!demoHashes.has(password)) demoHashes.set(password, hashPassword(password));
  return demoHashes.get(password)!;
}

/**
 * Demo rows include accounts whose passwords everyone knows, so they are written only in demo
 * mode: a production database never gets them, whoever calls.
 */
export function refuseOutsideDemoMode(what: string): void {
  if (!isDemoMode()) throw new Error(`Refusing to write ${what} outside demo mode: they are demo data (set DEMO_DATA=1 for a demo).`);
}

/**
 * The demo data the README lists. Idempotent: rows that exist are left as they are.
 * Transaction dates are relative to `now`. Refused outside demo mode.
 */
export async function seedDemoData(db: Db, now = new Date()): Promise<void> {
  refuseOutsideDemoMode("the demo users and transactions");
  const tenantId = DEMO_TENANT;
  // Hashing is deliberately slow: only demo users that do not exist yet get one.
  const demoNames = DEMO_USERS.map((u) => u.username);
  const existing = new Set((await db.select({ username: users.username }).from(users).where(inArray(users.username, demoNames))).map((u) => u.username));
  const newUsers = await Promise.all(
    DEMO_USERS.filter((u) => !existing.has(u.username)).map(async (u) => ({
      id: `user-${u.username}`,
      tenantId: u.tenantId,
      username: u.username,
      passwordHash: await demoHash(demoPassword(u.username)),
      role: u.role,
      displayName: u.displayName,
      customerId: u.customerId,
    })),
  );
  await db.transaction(async (tx) => {
    for (const tenant of demoTenants()) await insertTenantIfMissing(tx, tenant);
    await tx
      .insert(customers)
      .values([
        { id: "cust-alice", tenantId, name: "Alice Novak", homeCountry: "DE" },
        { id: "cust-bob", tenantId, name: "Bob Kowalski", homeCountry: "PL" },
      ])
      .onConflictDoNothing();
    if (newUsers.length > 0) await tx.insert(users).values(newUsers).onConflictDoNothing();
    await tx
      .insert(cards)
      .values([
        {
          id: "card-alice",
          tenantId,
          customerId: "cust-alice",
          last4: "4242",
          dailyLimitMinor: 150_000,
          monthlyLimitMinor: 500_000,
          onlineLimitMinor: 100_000,
          atmLimitMinor: 50_000,
        },
        {
          id: "card-bob",
          tenantId,
          customerId: "cust-bob",
          last4: "1881",
          dailyLimitMinor: 100_000,
          monthlyLimitMinor: 300_000,
          onlineLimitMinor: 80_000,
          atmLimitMinor: 40_000,
        },
      ])
      .onConflictDoNothing();
    const alice = { tenantId, customerId: "cust-alice", cardId: "card-alice", currency: "EUR" };
    const bob = { tenantId, customerId: "cust-bob", cardId: "card-bob", currency: "EUR" };
    await tx
      .insert(transactions)
      .values([
        { ...alice, id: "tx-alice-grocer", merchant: "Green Grocer", amountMinor: 2_340, country: "DE", mcc: "5411", postedAt: daysAgo(now, 1, 17) },
        { ...alice, id: "tx-alice-coffee-1", merchant: "Coffee Corner", amountMinor: 490, country: "DE", mcc: "5814", postedAt: daysAgo(now, 3, 8) },
        { ...alice, id: "tx-alice-coffee-2", merchant: "Coffee Corner", amountMinor: 490, country: "DE", mcc: "5814", postedAt: daysAgo(now, 3, 9) },
        { ...alice, id: "tx-alice-bakery", merchant: "Sunrise Bakery", amountMinor: 490, country: "DE", mcc: "5462", postedAt: daysAgo(now, 4, 7) },
        { ...alice, id: "tx-alice-electro", merchant: "Electro Mart", amountMinor: 124_900, country: "DE", mcc: "5732", postedAt: daysAgo(now, 6, 22) },
        { ...alice, id: "tx-alice-metro", merchant: "Metro Transit", amountMinor: 290, country: "DE", mcc: "4111", postedAt: daysAgo(now, 8, 9) },
        { ...alice, id: "tx-alice-parking", merchant: "City Parking", amountMinor: 3_800, country: "DE", mcc: "7523", postedAt: daysAgo(now, 12, 14) },
        { ...alice, id: "tx-alice-tapas", merchant: "Bar Tapas Sol", amountMinor: 4_150, country: "ES", mcc: "5812", postedAt: daysAgo(now, 12, 21) },
        { ...alice, id: "tx-alice-books", merchant: "Page & Co Books", amountMinor: 1_899, country: "DE", mcc: "5942", postedAt: daysAgo(now, 20, 16) },
        { ...bob, id: "tx-bob-gadget", merchant: "Gadget Hub", amountMinor: 8_900, country: "PL", mcc: "5732", postedAt: daysAgo(now, 2, 23) },
        { ...bob, id: "tx-bob-books-1", merchant: "Book Nook", amountMinor: 1_250, country: "PL", mcc: "5942", postedAt: daysAgo(now, 5, 11) },
        { ...bob, id: "tx-bob-books-2", merchant: "Book Nook", amountMinor: 1_250, country: "PL", mcc: "5942", postedAt: daysAgo(now, 5, 11) },
        { ...bob, id: "tx-bob-fuel", merchant: "Orlen Fuel", amountMinor: 21_000, country: "PL", mcc: "5541", postedAt: daysAgo(now, 7, 18) },
        { ...bob, id: "tx-bob-pharmacy", merchant: "Apteka Zdrowie", amountMinor: 3_420, country: "PL", mcc: "5912", postedAt: daysAgo(now, 9, 10) },
        { ...bob, id: "tx-bob-cinema", merchant: "Kino Atlantic", amountMinor: 2_400, country: "PL", mcc: "7832", postedAt: daysAgo(now, 15, 19) },
      ])
      .onConflictDoNothing();
    // Not settled yet: the history system reports these, the refund flow never offers them.
    const pending = { tenantId, currency: "EUR", status: "pending" as const };
    await tx
      .insert(transactions)
      .values([
        {
          ...pending,
          id: "tx-alice-hotel-pending",
          customerId: "cust-alice",
          cardId: "card-alice",
          kind: "card_payment",
          merchant: "Hotel Adler",
          amountMinor: 18_000,
          country: "AT",
          postedAt: daysAgo(now, 1, 20),
        },
        {
          ...pending,
          id: "tx-alice-transfer-pending",
          customerId: "cust-alice",
          cardId: null,
          kind: "transfer",
          merchant: "Maria Novak",
          amountMinor: 25_000,
          country: "DE",
          postedAt: daysAgo(now, 0, 0),
        },
        {
          ...pending,
          id: "tx-bob-atm-pending",
          customerId: "cust-bob",
          cardId: "card-bob",
          kind: "cash_withdrawal",
          merchant: "ATM Centrum",
          amountMinor: 10_000,
          country: "PL",
          postedAt: daysAgo(now, 1, 15),
        },
        {
          ...pending,
          id: "tx-bob-topup-pending",
          customerId: "cust-bob",
          cardId: null,
          kind: "top_up",
          merchant: "Top-up by bank transfer",
          amountMinor: 5_000,
          country: "PL",
          postedAt: daysAgo(now, 0, 0),
        },
      ])
      .onConflictDoNothing();
    await tx
      .insert(travelNotices)
      .values([
        {
          id: "travel-alice-spain",
          tenantId,
          customerId: "cust-alice",
          country: "ES",
          startsOn: isoDate(daysAgo(now, 14)),
          endsOn: isoDate(daysAgo(now, 10)),
        },
      ])
      .onConflictDoNothing();
    await seedSecondBank(tx, now);
  });
}

/**
 * vistula-bank's customers, cards and transactions (in PLN): kasia was charged twice at
 * Kawiarnia Mocca (18.50, within the bank's 200.00 auto-approval limit) and does not recognise
 * a Media Expert payment of 3,499.00; piotr was charged twice at Empik (249.00, above the
 * limit, so an operator decides unless the supervisor raises it).
 */
async function seedSecondBank(tx: Parameters<Parameters<Db["transaction"]>[0]>[0], now: Date): Promise<void> {
  const tenantId = SECOND_TENANT;
  await tx
    .insert(customers)
    .values([
      { id: "cust-kasia", tenantId, name: "Kasia Wojcik", homeCountry: "PL" },
      { id: "cust-piotr", tenantId, name: "Piotr Zielinski", homeCountry: "PL" },
    ])
    .onConflictDoNothing();
  await tx
    .insert(cards)
    .values([
      {
        id: "card-kasia",
        tenantId,
        customerId: "cust-kasia",
        last4: "5307",
        currency: "PLN",
        dailyLimitMinor: 600_000,
        monthlyLimitMinor: 2_000_000,
        onlineLimitMinor: 400_000,
        atmLimitMinor: 200_000,
      },
      {
        id: "card-piotr",
        tenantId,
        customerId: "cust-piotr",
        last4: "6612",
        currency: "PLN",
        dailyLimitMinor: 400_000,
        monthlyLimitMinor: 1_200_000,
        onlineLimitMinor: 300_000,
        atmLimitMinor: 150_000,
      },
    ])
    .onConflictDoNothing();
  const kasia = { tenantId, customerId: "cust-kasia", cardId: "card-kasia", currency: "PLN", country: "PL" };
  const piotr = { tenantId, customerId: "cust-piotr", cardId: "card-piotr", currency: "PLN", country: "PL" };
  await tx
    .insert(transactions)
    .values([
      { ...kasia, id: "tx-kasia-groceries", merchant: "Biedronka", amountMinor: 8_745, mcc: "5411", postedAt: daysAgo(now, 1, 17) },
      { ...kasia, id: "tx-kasia-coffee-1", merchant: "Kawiarnia Mocca", amountMinor: 1_850, mcc: "5814", postedAt: daysAgo(now, 2, 8) },
      { ...kasia, id: "tx-kasia-coffee-2", merchant: "Kawiarnia Mocca", amountMinor: 1_850, mcc: "5814", postedAt: daysAgo(now, 2, 9) },
      { ...kasia, id: "tx-kasia-electronics", merchant: "Media Expert", amountMinor: 349_900, mcc: "5732", postedAt: daysAgo(now, 5, 23) },
      { ...kasia, id: "tx-kasia-train", merchant: "PKP Intercity", amountMinor: 12_900, mcc: "4112", postedAt: daysAgo(now, 9, 7) },
      { ...piotr, id: "tx-piotr-books-1", merchant: "Empik", amountMinor: 24_900, mcc: "5942", postedAt: daysAgo(now, 3, 12) },
      { ...piotr, id: "tx-piotr-books-2", merchant: "Empik", amountMinor: 24_900, mcc: "5942", postedAt: daysAgo(now, 3, 13) },
      { ...piotr, id: "tx-piotr-fuel", merchant: "Orlen", amountMinor: 31_000, mcc: "5541", postedAt: daysAgo(now, 6, 18) },
      { ...piotr, id: "tx-piotr-pharmacy", merchant: "Apteka Gemini", amountMinor: 4_620, mcc: "5912", postedAt: daysAgo(now, 11, 10) },
    ])
    .onConflictDoNothing();
}

/** Every domain table (the bank systems' own in `bank_sim`), each before the tables it references (rows are deleted in this order). */
const DOMAIN_TABLES = [
  "agent_revisions",
  "shadow_reports",
  "canaries",
  "turn_outcomes",
  "tenants",
  "tenant_policy_changes",
  "checkpoint_pins",
  "legal_holds",
  "retention_policies",
  "job_runs",
  "retention_marks",
  "ops_samples",
  "node_events",
  "audit_events",
  "bank_sim.ledger_entries",
  "operator_notifications",
  "approval_questions",
  "handovers",
  "approvals",
  "cases",
  "messages",
  "threads",
  "sessions",
  "login_failures",
  "request_budgets",
  "travel_notices",
  "transactions",
  "bank_sim.card_actions",
  "bank_sim.card_states",
  "cards",
  "users",
  "customers",
];

/**
 * Empties every domain and checkpoint table; tests call it, then seed again. Rows are
 * deleted under the same exclusive locks TRUNCATE takes, rather than truncated: test tables
 * hold a handful of rows, and TRUNCATE gives every table new files, which Postgres must sync
 * again at its next checkpoint (a run that resets hundreds of times paid most of its
 * shutdown for that).
 */
export async function resetDatabase(db: Db): Promise<void> {
  const checkpointTables = ["checkpoint_writes", "checkpoint_blobs", "checkpoints"].map((t) => `"${CHECKPOINT_SCHEMA}"."${t}"`);
  const tables = [
    ...DOMAIN_TABLES.map((t) =>
      t
        .split(".")
        .map((part) => `"${part}"`)
        .join("."),
    ),
    ...checkpointTables,
  ];
  // The locks are taken a table at a time: work still finishing from before (a job, a turn's
  // last statements) may hold one and wait for another, and Postgres then ends this transaction
  // as the deadlock's victim. Nothing was changed; it is tried again.
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`LOCK TABLE ${tables.join(", ")} IN ACCESS EXCLUSIVE MODE`));
        // The audit trail refuses every DELETE; its owner switches that off for this transaction only.
        await tx.execute(sql`ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_only`);
        await tx.execute(sql.raw(tables.map((t) => `DELETE FROM ${t};`).join(" ")));
        await tx.execute(sql`ALTER TABLE audit_events ENABLE TRIGGER audit_events_append_only`);
      });
      return;
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
      if (code !== DEADLOCK_DETECTED || attempt >= RESET_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/** Postgres's code for a transaction it ended to break a deadlock. */
const DEADLOCK_DETECTED = "40P01";
const RESET_ATTEMPTS = 5;
