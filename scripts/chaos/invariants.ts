/**
 * The campaign's figures, read from the database and the journal once every thread has settled.
 * The campaign audits as a bank's auditor would: it reads the bank systems' own tables in
 * `bank_sim` next to the app's, which the app itself never queries.
 */
import type { Pool } from "pg";
import type { Journal } from "./journal";

export type StuckThread = {
  threadId: string;
  conversation?: number;
  why: string;
  database: Record<string, unknown>;
  requests: { at: string; what: string; outcome: string }[];
};

export type Figures = {
  conversations: number;
  /** Conversations a customer opened beside their first, for a claim of their own sent at the same moment. */
  siblings: number;
  /** Second payments reported in a conversation while its first request waited for an operator. */
  claimedWhileWaiting: number;
  kills: number;
  approvals: number;
  approvalsByStatus: string;
  /** Runs a newer customer message stopped (DOUBLE_TEXTING interrupt or rollback), and requests they withdrew. */
  runsStopped: { runs: number; withdrawn: number };
  refundsExecuted: number;
  /** Re-runs of the refund node that read the ledger by case before sending again, and those whose key the ledger had forgotten by then. */
  ledgerReads: { reads: number; forgotten: number };
  duplicateRefunds: number;
  refundsWithoutApproval: number;
  /** Refunds paid for another amount than the one every required approver approved. */
  refundsOtherAmount: number;
  refundsAfterStop: number;
  /**
   * Refunds policy approved on its own although the customer already had an approved, paying
   * or paid refund decided before it within 30 days (demo-bank's rule allows none).
   */
  refundsOverCustomerRule: number;
  lostMessages: number;
  unansweredMessages: number;
  queuedLeft: number;
  duplicatedMessages: number;
  threadsCannotResume: number;
  approvalsNotFinal: number;
  /**
   * Incident steps gone from a thread: an approval whose gate paused the thread, with no
   * checkpoint left carrying the gate's interrupt; a committed refund with no checkpoint left
   * that the refund ran from. Retention must keep both.
   */
  incidentStepsLost: number;
  /** Retention sweeps that removed something, and the checkpoints they removed. */
  retention: { sweeps: number; checkpoints: number };
  approvalsPending: number;
  ledgerInFlight: number;
  health: { p50?: number; max?: number };
  threads: { p50?: number; max?: number; unrecovered: number };
  stuck: StuckThread[];
};

const int = async (pool: Pool, sql: string, params: unknown[] = []) => (await pool.query<{ n: number }>(sql, params)).rows[0]!.n;

/** Nearest-rank percentile of `values`, undefined when empty. */
function percentile(values: number[], p: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];
}

const hasColumn = async (pool: Pool, column: string) =>
  ((await pool.query(`select 1 from information_schema.columns where table_name = 'messages' and column_name = $1`, [column])).rowCount ?? 0) > 0;

/**
 * Per thread of the campaign: customer messages never answered, and customer messages
 * still waiting in the double-texting queue (when the app has one). Where the app records
 * which message each answer answers, that decides; before that, an agent message after it.
 */
async function unanswered(pool: Pool, threadIds: string[]): Promise<Map<string, { silent: number; queued: number }>> {
  const hasQueue = await hasColumn(pool, "queued");
  const silent = (await hasColumn(pool, "answered_at"))
    ? "not m.queued and m.answered_at is null"
    : "not exists (select 1 from messages a where a.thread_id = m.thread_id and a.role = 'agent' and a.id > m.id)";
  const { rows } = await pool.query<{ thread_id: string; silent: number; queued: number }>(
    `select * from (
       select m.thread_id,
              count(*) filter (where ${silent})::int as silent,
              count(*) filter (where ${hasQueue ? "m.queued" : "false"})::int as queued
         from messages m where m.role = 'customer' and m.thread_id = any($1) group by 1) t
      where silent > 0 or queued > 0`,
    [threadIds],
  );
  return new Map(rows.map((r) => [r.thread_id, { silent: r.silent, queued: r.queued }]));
}

/** Acknowledged customer messages missing from `messages`, and resent ones stored more than once. */
async function messageCounts(pool: Pool, journal: Journal) {
  const threadIds = [...journal.threads.keys()];
  const { rows } = await pool.query<{ thread_id: string; text: string; n: number }>(
    `select thread_id, text, count(*)::int as n from messages where role = 'customer' and thread_id = any($1) group by 1, 2`,
    [threadIds],
  );
  const stored = new Map(rows.map((r) => [`${r.thread_id}\u0000${r.text}`, r.n]));
  const acked = new Map<string, number>();
  for (const m of journal.acked) acked.set(`${m.threadId}\u0000${m.text}`, (acked.get(`${m.threadId}\u0000${m.text}`) ?? 0) + 1);
  let lost = 0;
  let duplicated = 0;
  for (const [key, n] of acked) {
    const have = stored.get(key) ?? 0;
    lost += Math.max(0, n - have);
    duplicated += Math.max(0, have - n);
  }
  return { lost, duplicated };
}

async function describeThread(pool: Pool, journal: Journal, threadId: string, why: string): Promise<StuckThread> {
  const [thread, approvals, ledger, messages] = await Promise.all([
    pool.query(`select status, lease_until, updated_at from threads where id = $1`, [threadId]),
    pool.query(
      `select a.id, a.status, a.version, a.mode, a.decided_by, a.first_approved_by, a.interrupt_id is not null as has_interrupt, c.status as case_status, a.updated_at
         from approvals a join cases c on c.id = a.case_id where a.thread_id = $1 order by a.created_at`,
      [threadId],
    ),
    pool.query(`select l.case_id, l.status, l.amount_minor from bank_sim.ledger_entries l join cases c on c.id = l.case_id where c.thread_id = $1`, [threadId]),
    pool.query(`select id, role, to_jsonb(m) -> 'queued' as queued, left(text, 48) as text from messages m where thread_id = $1 order by id`, [threadId]),
  ]);
  return {
    threadId,
    conversation: journal.threads.get(threadId),
    why,
    database: { thread: thread.rows[0], approvals: approvals.rows, ledger: ledger.rows, messages: messages.rows },
    requests: [...(journal.requests.get(threadId) ?? [])]
      .sort((a, b) => a.at - b.at)
      .map((r) => ({ at: `${journal.elapsed(r.at).trim()} s`, what: r.what, outcome: r.outcome })),
  };
}

/**
 * Approvals whose gate paused their thread with no checkpoint left carrying the gate's
 * interrupt, plus committed refunds with no checkpoint left that the refund ran from (one
 * whose parent sent the run to the refund).
 */
export async function incidentStepsLost(pool: Pool): Promise<number> {
  const gates = await int(
    pool,
    `select count(*)::int as n from approvals a
      where a.interrupt_id is not null
        and not exists (select 1 from langgraph.checkpoint_writes w where w.thread_id = a.thread_id and w.channel = '__interrupt__')`,
  );
  const refunds = await int(
    pool,
    `select count(*)::int as n from bank_sim.ledger_entries l join cases c on c.id = l.case_id
      where l.status = 'committed'
        and not exists (select 1 from langgraph.checkpoints k join langgraph.checkpoint_writes w
                          on w.thread_id = k.thread_id and w.checkpoint_id = k.parent_checkpoint_id and w.channel = 'branch:to:refund'
                         where k.thread_id = c.thread_id)`,
  );
  return gates + refunds;
}

/** What the retention sweeps recorded; none before the app had retention. */
async function retentionFigures(pool: Pool): Promise<{ sweeps: number; checkpoints: number }> {
  const { rows } = await pool.query<{ sweeps: number; checkpoints: number }>(
    `select count(*)::int as sweeps, coalesce(sum((data->>'checkpoints')::int), 0)::int as checkpoints from audit_events where action = 'retention.swept'`,
  );
  return rows[0]!;
}

/** Reads every figure; `stuck` describes the threads and approvals that did not finish. */
export async function measure(pool: Pool, journal: Journal, keyWindowMs: number): Promise<Figures> {
  const byStatus = await pool.query<{ status: string; n: number }>(`select status, count(*)::int as n from approvals group by 1 order by 2 desc`);
  const cannotResume = await pool.query<{ id: string; status: string }>(
    `select t.id, t.status from threads t
      where t.status = 'busy'
         or (t.status = 'awaiting_approval' and not exists (select 1 from approvals a where a.thread_id = t.id and a.status = 'pending'))`,
  );
  const notFinal = await pool.query<{ thread_id: string; status: string }>(`select thread_id, status from approvals where status in ('approved', 'executing')`);
  const messages = await messageCounts(pool, journal);
  const waiting = await unanswered(pool, [...journal.threads.keys()]);
  const stuckIds = new Map<string, string>();
  const note = (id: string, why: string) => stuckIds.has(id) || stuckIds.set(id, why);
  for (const [id, n] of waiting) if (n.silent > 0) note(id, `${n.silent} customer message(s) never answered`);
  for (const r of cannotResume.rows) note(r.id, r.status === "busy" ? "thread still busy" : "thread awaiting a decided approval");
  for (const r of notFinal.rows) note(r.thread_id, `approval left ${r.status}`);
  for (const [id, n] of waiting) if (n.queued > 0) note(id, `${n.queued} customer message(s) left queued on a resting thread`);
  const stuck = await Promise.all([...stuckIds].slice(0, 50).map(([id, why]) => describeThread(pool, journal, id, why)));
  const kills = journal.kills;
  const threadTimes = kills.flatMap((k) => (k.threadsMs === undefined ? [] : [k.threadsMs]));
  const healthTimes = kills.flatMap((k) => (k.healthMs === undefined ? [] : [k.healthMs]));
  return {
    conversations: journal.count("conversation.finished"),
    siblings: journal.count("conversation.sibling_finished"),
    claimedWhileWaiting: journal.count("conversation.claimed_beside"),
    kills: kills.length,
    approvals: byStatus.rows.reduce((sum, r) => sum + r.n, 0),
    approvalsByStatus: byStatus.rows.map((r) => `${r.status} ${r.n}`).join(", "),
    runsStopped: {
      runs: await int(pool, `select count(*)::int as n from audit_events where action = 'thread.run_stopped'`),
      withdrawn: await int(pool, `select count(*)::int as n from audit_events where action in ('approval.withdrawn', 'case.withdrawn')`),
    },
    refundsExecuted: await int(pool, `select count(*)::int as n from bank_sim.ledger_entries where status = 'committed'`),
    ledgerReads: {
      reads: await int(pool, `select count(*)::int as n from node_events where node = 'refund' and system = 'ledger' and idempotency_key is null`),
      // A read after the window: the entry's first request was older than the window when the read was made.
      forgotten: await int(
        pool,
        `select count(*)::int as n from node_events e join cases c on c.thread_id = e.thread_id join bank_sim.ledger_entries l on l.case_id = c.id
          where e.node = 'refund' and e.system = 'ledger' and e.idempotency_key is null and e.outcome = 'ok'
            and l.status = 'committed' and l.created_at < e.at - make_interval(secs => $1::double precision / 1000)`,
        [keyWindowMs],
      ),
    },
    duplicateRefunds: await int(
      pool,
      `select coalesce(sum(n - 1), 0)::int as n from (
         select count(*) as n from bank_sim.ledger_entries l left join cases c on c.id = l.case_id
          group by coalesce(c.transaction_id, l.case_id) having count(*) > 1) d`,
    ),
    refundsWithoutApproval: await int(
      pool,
      `select count(*)::int as n from bank_sim.ledger_entries l left join approvals a on a.case_id = l.case_id
        where l.status = 'committed'
          and not coalesce(a.status in ('executed', 'executing') and (a.mode = 'policy' or a.decided_by is not null), false)`,
    ),
    refundsOtherAmount: await int(
      pool,
      `select count(*)::int as n from bank_sim.ledger_entries l join approvals a on a.case_id = l.case_id
        where l.status = 'committed'
          and (l.amount_minor <> coalesce(a.approved_amount_minor, a.amount_minor)
               or (a.first_approved_by is not null and a.first_approved_amount_minor is distinct from l.amount_minor))`,
    ),
    refundsAfterStop: await int(
      pool,
      `select count(*)::int as n from bank_sim.ledger_entries l join approvals a on a.case_id = l.case_id where a.status in ('cancelled', 'rejected', 'expired')`,
    ),
    refundsOverCustomerRule: await int(
      pool,
      `select count(*)::int as n from approvals p join cases pc on pc.id = p.case_id
        where p.mode = 'policy' and p.status in ('approved', 'executing', 'executed')
          and exists (select 1 from approvals o join cases oc on oc.id = o.case_id
                       where oc.tenant_id = pc.tenant_id and oc.customer_id = pc.customer_id and o.id <> p.id
                         and o.status in ('approved', 'executing', 'executed')
                         and o.decided_at < p.decided_at and o.decided_at > p.decided_at - interval '30 days')`,
    ),
    lostMessages: messages.lost,
    unansweredMessages: [...waiting.values()].reduce((sum, n) => sum + n.silent, 0),
    queuedLeft: [...waiting.values()].reduce((sum, n) => sum + n.queued, 0),
    duplicatedMessages: messages.duplicated,
    threadsCannotResume: cannotResume.rowCount ?? 0,
    incidentStepsLost: await incidentStepsLost(pool),
    retention: await retentionFigures(pool),
    approvalsNotFinal: notFinal.rowCount ?? 0,
    approvalsPending: await int(pool, `select count(*)::int as n from approvals where status = 'pending'`),
    ledgerInFlight: await int(pool, `select count(*)::int as n from bank_sim.ledger_entries where status = 'in_flight'`),
    health: { p50: percentile(healthTimes, 0.5), max: percentile(healthTimes, 1) },
    threads: { p50: percentile(threadTimes, 0.5), max: percentile(threadTimes, 1), unrecovered: kills.filter((k) => (k.unrecovered ?? 0) > 0).length },
    stuck,
  };
}
