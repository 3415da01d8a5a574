/**
 * The load: signed-in customers, each with a conversation of their own, sending turns over
 * the HTTP API at a fixed concurrency while every turn is timed from outside.
 */
import type { Pool } from "pg";
import { hashPassword } from "../../../db/password";
import { DEMO_TENANT } from "../../../db/seed";
import { ApiSession, type ApiTarget } from "../../chaos/api";
import { Journal } from "../../chaos/journal";
import { add, readBuckets, readSumAndCount, subtract, type Buckets } from "./stats";

const PASSWORD = "bench-pass";
export const LIMITS_QUESTION = "what are my card limits";
/** Above the 50.00 auto-approval limit: every refund turn asks all three systems and stops at the approval gate. */
const DUPLICATE_MINOR = 7_500;
const WORDS_A = [
  "Birch",
  "Maple",
  "Harbor",
  "Lotus",
  "Cedar",
  "Falcon",
  "Quartz",
  "Nimbus",
  "Orion",
  "Summit",
  "Willow",
  "Amber",
  "Coral",
  "Juniper",
  "Saffron",
  "Indigo",
];
const WORDS_B = [
  "Cafe",
  "Bakery",
  "Deli",
  "Books",
  "Games",
  "Music",
  "Outfitters",
  "Sports",
  "Florist",
  "Pharmacy",
  "Cinema",
  "Garage",
  "Studio",
  "Market",
  "Optics",
  "Tailor",
];

const WORDS_C = ["North", "South", "East", "West", "Central", "Riverside", "Hill", "Park"];
const WORDS_D = ["Alder", "Brook", "Crest", "Dale", "Elm", "Fern", "Glen", "Heath"];

export type Customer = { username: string; customerId: string; session: ApiSession };

/** Inserts `count` customers (with a card) for one run and signs each in over HTTP. */
export async function createCustomers(pool: Pool, app: ApiTarget, prefix: string, count: number): Promise<Customer[]> {
  const hash = await hashPassword(PASSWORD);
  const ids = Array.from({ length: count }, (_, i) => ({ username: `${prefix}-${i}`, customerId: `${prefix}-cust-${i}` }));
  for (const { username, customerId } of ids) {
    await pool.query(`insert into customers (id, tenant_id, name, home_country) values ($1, $2, $3, 'DE')`, [
      customerId,
      DEMO_TENANT,
      `Bench Customer ${username}`,
    ]);
    await pool.query(
      `insert into users (id, tenant_id, username, password_hash, role, display_name, customer_id) values ($1, $2, $3, $4, 'customer', $5, $6)`,
      [`user-${username}`, DEMO_TENANT, username, hash, `Bench Customer ${username}`, customerId],
    );
    await pool.query(
      `insert into cards (id, tenant_id, customer_id, last4, daily_limit_minor, monthly_limit_minor, online_limit_minor, atm_limit_minor) values ($1, $2, $3, '4242', 300000, 900000, 250000, 50000)`,
      [`card-${customerId}`, DEMO_TENANT, customerId],
    );
  }
  const journal = new Journal();
  const customers: Customer[] = [];
  // Sign-ins run a few at a time: each is a deliberate scrypt.
  for (let start = 0; start < ids.length; start += 4) {
    const batch = await Promise.all(
      ids.slice(start, start + 4).map(async (id) => {
        const session = new ApiSession(app, journal, id.username);
        if (!(await session.login(PASSWORD))) throw new Error(`${id.username} could not sign in`);
        return { ...id, session };
      }),
    );
    customers.push(...batch);
  }
  return customers;
}

export async function newThread(customer: Customer): Promise<string> {
  const res = await customer.session.call("POST", "/api/threads", {}, { retry: false });
  if (res.status !== 201) throw new Error(`creating a thread for ${customer.username}: ${res.status}`);
  return res.body.threadId as string;
}

let merchants = 0;
/**
 * A merchant name no other payment of the bench has (16,384 of them), always four words, so
 * that no name contains another and each claim names exactly one pair.
 */
function nextMerchant(): string {
  const n = merchants++;
  const pick = (words: string[], every: number) => words[Math.floor(n / every) % words.length];
  return [
    pick(WORDS_A, 1),
    pick(WORDS_B, WORDS_A.length),
    pick(WORDS_C, WORDS_A.length * WORDS_B.length),
    pick(WORDS_D, WORDS_A.length * WORDS_B.length * WORDS_C.length),
  ].join(" ");
}

/** A duplicate card payment (two equal charges an hour apart) and the words that claim it. */
export async function duplicateCharge(pool: Pool, customer: Customer): Promise<string> {
  const merchant = nextMerchant();
  const first = new Date(Date.now() - 3 * 86_400_000);
  first.setUTCHours(11, 0, 0, 0);
  const second = new Date(first.getTime() + 3_600_000);
  const id = `${customer.customerId}-${merchants}`;
  await pool.query(
    `insert into transactions (id, tenant_id, customer_id, card_id, merchant, amount_minor, currency, country, posted_at)
     values ($1, $3, $4, $5, $6, $7, 'EUR', 'DE', $8), ($2, $3, $4, $5, $6, $7, 'EUR', 'DE', $9)`,
    [`${id}-1`, `${id}-2`, DEMO_TENANT, customer.customerId, `card-${customer.customerId}`, merchant, DUPLICATE_MINOR, first, second],
  );
  return `I was charged twice at ${merchant}`;
}

/** One turn over HTTP; returns its latency in ms and the status the thread rests in ("unreachable" when the reply says a system was). */
export async function turn(customer: Customer, threadId: string, text: string): Promise<{ ms: number; status: string }> {
  const started = performance.now();
  const res = await customer.session.call("POST", `/api/threads/${threadId}/messages`, { text }, { retry: false, timeoutMs: 60_000 });
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`turn on ${threadId} answered ${res.status} ${res.error ?? JSON.stringify(res.body)}`);
  return { ms, status: String(res.body.reply).includes("couldn't reach") ? "unreachable" : (res.body.status as string) };
}

/** A prepared turn: the thread and the words, set up before the clock starts. */
export type Planned = { customer: Customer; threadId: string; text: string };

export type LoadResult = { turns: number; wallMs: number; latencies: number[]; statuses: Record<string, number> };

/**
 * Runs each worker's planned turns one after another, all workers at once; the wall time
 * runs from the first turn sent to the last answer.
 */
export async function drive(workers: Planned[][]): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const started = performance.now();
  await Promise.all(
    workers.map(async (plan) => {
      for (const { customer, threadId, text } of plan) {
        const { ms, status } = await turn(customer, threadId, text);
        latencies.push(ms);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  return { turns: latencies.length, wallMs: performance.now() - started, latencies, statuses };
}

/** A limits turn asks one system; a refund turn claims a fresh duplicate charge: three systems at once, then the approval gate. */
export type Kind = "limits" | "refund";

/** Each worker's turns, set up before the clock starts: its own conversation(s) and, for refunds, fresh duplicate charges. */
export async function plan(pool: Pool, customers: Customer[], kind: Kind, clients: number, perWorker: number): Promise<Planned[][]> {
  return Promise.all(
    customers.slice(0, clients).map(async (customer) => {
      if (kind === "limits") {
        const threadId = await newThread(customer);
        return Array.from({ length: perWorker }, () => ({ customer, threadId, text: LIMITS_QUESTION }));
      }
      const turns: Planned[] = [];
      for (let i = 0; i < perWorker; i++) turns.push({ customer, threadId: await newThread(customer), text: await duplicateCharge(pool, customer) });
      return turns;
    }),
  );
}

/** An app's checkpoint writes (put and put_writes together): the histogram's buckets, how many, and their summed time in ms. */
export type Writes = { buckets: Buckets; count: number; ms: number };

/** The app's checkpoint writes so far, read from `GET /api/metrics` with the metrics token. */
export async function scrapeWrites(app: { url: string }, metricsToken: string): Promise<Writes> {
  const res = await fetch(`${app.url}/api/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
  if (res.status !== 200) throw new Error(`/api/metrics answered ${res.status}`);
  const text = await res.text();
  const name = "bank_checkpoint_write_duration_seconds";
  const put = readSumAndCount(text, name, { operation: "put" });
  const putWrites = readSumAndCount(text, name, { operation: "put_writes" });
  return {
    buckets: add(readBuckets(text, name, { operation: "put" }), readBuckets(text, name, { operation: "put_writes" })),
    count: put.count + putWrites.count,
    ms: (put.sum + putWrites.sum) * 1000,
  };
}

/** The writes between two readings. */
export function writesSince(after: Writes, before: Writes): Writes {
  return { buckets: subtract(after.buckets, before.buckets), count: after.count - before.count, ms: after.ms - before.ms };
}

/** Two sets of writes together. */
export function addWrites(a: Writes, b: Writes): Writes {
  return { buckets: add(a.buckets, b.buckets), count: a.count + b.count, ms: a.ms + b.ms };
}
