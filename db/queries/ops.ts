import { gte, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { opsSamples } from "../schema";

export type OpsSampleInput = typeof opsSamples.$inferInsert;

export async function insertOpsSample(db: DbOrTx, sample: OpsSampleInput): Promise<void> {
  await db.insert(opsSamples).values(sample);
}

export async function deleteOpsSamplesBefore(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db.delete(opsSamples).where(lt(opsSamples.at, before)).returning({ id: opsSamples.id });
  return rows.length;
}

/** Every instance's samples since `since`, oldest first. */
export function opsSamplesSince(db: DbOrTx, since: Date) {
  return db.select().from(opsSamples).where(gte(opsSamples.at, since)).orderBy(opsSamples.at);
}

/** Whether the database answers a trivial query. */
export async function databaseAnswers(db: DbOrTx): Promise<boolean> {
  return db
    .execute(sql`select 1`)
    .then(() => true)
    .catch(() => false);
}

/** The database's clock: rows are stamped by it, so windows are measured by it too. */
export async function databaseNow(db: DbOrTx): Promise<Date> {
  const { rows } = await db.execute<{ now: string | Date }>(sql`select now() as now`);
  return new Date(rows[0]!.now);
}

/** A count per minute (the minute's start) and, where given, per key. */
export type MinuteCount = { minute: Date; key: string; count: number };

async function minuteCounts(db: DbOrTx, query: ReturnType<typeof sql>): Promise<MinuteCount[]> {
  const { rows } = await db.execute<{ minute: string | Date; key: string | null; count: string | number }>(query);
  return rows.map((r) => ({ minute: new Date(r.minute), key: r.key ?? "", count: Number(r.count) }));
}

/** Customer messages the agent answered, per minute: one a turn. */
export function turnsPerMinute(db: DbOrTx, tenantId: string, since: Date) {
  return minuteCounts(
    db,
    sql`select date_trunc('minute', answered_at) as minute, '' as key, count(*) as count
        from messages where tenant_id = ${tenantId} and role = 'customer' and answered_at >= ${since}
        group by 1`,
  );
}

/** Refunds the ledger confirmed, per minute: approvals that became `executed` (their last change). */
export function executedRefundsPerMinute(db: DbOrTx, tenantId: string, since: Date) {
  return minuteCounts(
    db,
    sql`select date_trunc('minute', updated_at) as minute, '' as key, count(*) as count
        from approvals where tenant_id = ${tenantId} and status = 'executed' and updated_at >= ${since}
        group by 1`,
  );
}

/**
 * Refunds whose ledger call or read failed, per minute: each conversation's refund counts
 * once a minute however many attempts failed in it (a read by case sends no key).
 */
export function failedRefundsPerMinute(db: DbOrTx, tenantId: string, since: Date) {
  return minuteCounts(
    db,
    sql`select date_trunc('minute', at) as minute, '' as key, count(distinct thread_id) as count
        from node_events where tenant_id = ${tenantId} and node = 'refund' and outcome = 'error' and at >= ${since}
        group by 1`,
  );
}

/** Checks recorded as unavailable after every retry, per minute and system. */
export function degradedChecksPerMinute(db: DbOrTx, tenantId: string, since: Date) {
  return minuteCounts(
    db,
    sql`select date_trunc('minute', at) as minute, coalesce(system, node) as key, count(*) as count
        from node_events where tenant_id = ${tenantId} and outcome = 'degraded' and at >= ${since}
        group by 1, 2`,
  );
}

/**
 * Approvals waiting for a person at the end of each minute since `since` (the current
 * minute ends now). An approval waited from its creation until its decision (or, for
 * one settled without a recorded decision time, its last change).
 */
export function waitingApprovalsPerMinute(db: DbOrTx, tenantId: string, since: Date) {
  return minuteCounts(
    db,
    sql`with minutes as (
          select m as minute, least(m + interval '1 minute', now()) as until
          from generate_series(${since}::timestamptz, date_trunc('minute', now()), interval '1 minute') as m
        )
        select minutes.minute, '' as key, count(a.id) as count
        from minutes left join approvals a
          on a.tenant_id = ${tenantId} and a.mode = 'operator' and a.created_at <= minutes.until
         and (a.status = 'pending' or coalesce(a.decided_at, a.updated_at) > minutes.until)
        group by minutes.minute`,
  );
}

/**
 * Approvals waiting now: how many wait in each age band (`bands` are the band edges in
 * seconds, ascending; band i holds ages from edge i-1 up to edge i, the last one beyond
 * every edge) and the oldest one's age, at the database's clock.
 */
/**
 * Refunds admitted and not yet confirmed by the ledger (`executing`), and how many of them
 * were decided longer ago than the ledger's key window: the key no longer protects those, and
 * only the ledger's read by case can settle them.
 */
export async function unconfirmedRefunds(db: DbOrTx, tenantId: string, keyWindowMs: number): Promise<{ waiting: number; pastKeyWindow: number }> {
  const { rows } = await db.execute<{ waiting: number | string; past: number | string }>(
    sql`select count(*) as waiting,
               count(*) filter (where coalesce(decided_at, created_at) < now() - make_interval(secs => ${keyWindowMs / 1000})) as past
          from approvals where tenant_id = ${tenantId} and status = 'executing'`,
  );
  return { waiting: Number(rows[0]?.waiting ?? 0), pastKeyWindow: Number(rows[0]?.past ?? 0) };
}

export async function waitingApprovalAges(db: DbOrTx, tenantId: string, edgesSeconds: number[]): Promise<{ bands: number[]; oldestSeconds: number | null }> {
  const edges = sql.raw(`array[${edgesSeconds.map((n) => Number(n)).join(",")}]::double precision[]`);
  const { rows } = await db.execute<{ band: number | string; count: number | string; oldest: number | string }>(
    sql`select width_bucket(extract(epoch from now() - created_at)::double precision, ${edges}) as band,
               count(*) as count, max(extract(epoch from now() - created_at)) as oldest
        from approvals where tenant_id = ${tenantId} and status = 'pending' group by 1`,
  );
  const bands = new Array<number>(edgesSeconds.length + 1).fill(0);
  let oldest: number | null = null;
  for (const r of rows) {
    bands[Number(r.band)] += Number(r.count);
    oldest = Math.max(oldest ?? 0, Math.max(0, Number(r.oldest)));
  }
  return { bands, oldestSeconds: oldest };
}

/** One agent revision's language-model use over a window: its answers, its calls, their tokens, and the cost in each currency they were priced in. */
export type LanguageModelRow = {
  revision: string;
  answers: number;
  calls: number;
  callsWithoutUsage: number;
  inputTokens: number;
  outputTokens: number;
  cost: { currency: string; micros: number }[];
};

/**
 * A tenant's language-model calls since `since`, by the agent revision that made them, beside
 * the answers each revision wrote (the agent messages it stored), for the cost of an answer.
 */
export async function languageModelUse(db: DbOrTx, tenantId: string, since: Date): Promise<LanguageModelRow[]> {
  const [calls, answers] = await Promise.all([
    db.execute<{
      revision: string | null;
      currency: string | null;
      calls: string;
      without: string;
      input: string | null;
      output: string | null;
      micros: string | null;
    }>(
      sql`select revision_id as revision, cost_currency as currency, count(*) as calls,
                 count(*) filter (where input_tokens is null and output_tokens is null) as without,
                 sum(input_tokens) as input, sum(output_tokens) as output, sum(cost_micros) as micros
          from node_events where tenant_id = ${tenantId} and system = 'llm' and at >= ${since}
          group by 1, 2`,
    ),
    db.execute<{ revision: string | null; answers: string }>(
      sql`select revision_id as revision, count(*) as answers
          from messages where tenant_id = ${tenantId} and role = 'agent' and created_at >= ${since}
          group by 1`,
    ),
  ]);
  const rows = new Map<string, LanguageModelRow>();
  const row = (revision: string | null) => {
    const key = revision ?? "unrecorded";
    let found = rows.get(key);
    if (!found) rows.set(key, (found = { revision: key, answers: 0, calls: 0, callsWithoutUsage: 0, inputTokens: 0, outputTokens: 0, cost: [] }));
    return found;
  };
  for (const r of calls.rows) {
    const into = row(r.revision);
    into.calls += Number(r.calls);
    into.callsWithoutUsage += Number(r.without);
    into.inputTokens += Number(r.input ?? 0);
    into.outputTokens += Number(r.output ?? 0);
    if (r.currency && r.micros !== null) into.cost.push({ currency: r.currency, micros: Number(r.micros) });
  }
  for (const r of answers.rows) if (rows.has(r.revision ?? "unrecorded")) row(r.revision).answers = Number(r.answers);
  return [...rows.values()].sort((a, b) => a.revision.localeCompare(b.revision));
}

/** Node attempts since `since` that failed on a checkpointed state not fitting the state's schema (`state:invalid: ...`). */
export async function invalidStatesSince(db: DbOrTx, tenantId: string, since: Date): Promise<number> {
  const { rows } = await db.execute<{ n: string }>(
    sql`select count(*) as n from node_events where tenant_id = ${tenantId} and outcome = 'error' and error like 'state:invalid:%' and at >= ${since}`,
  );
  return Number(rows[0]?.n ?? 0);
}
