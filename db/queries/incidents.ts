import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { CHECKPOINT_SCHEMA } from "../migrate";
import { approvals, auditEvents, cases, customers, handovers, nodeEvents, threads } from "../schema";

export type ThreadSearch = {
  customer?: string;
  caseId?: string;
  status?: "idle" | "busy" | "awaiting_approval";
  from?: string;
  to?: string;
  hadRefund?: boolean;
  hadDegraded?: boolean;
  page: number;
  pageSize: number;
};

/** A refund the ledger confirmed: the app marks the case refunded once the ledger has booked it. */
const hadRefund = sql<boolean>`exists (select 1 from ${cases} c
  where c.tenant_id = ${threads.tenantId} and c.thread_id = ${threads.id} and c.status = 'refunded')`;
const hadDegraded = sql<boolean>`exists (select 1 from ${nodeEvents} e
  where e.thread_id = ${threads.id} and e.outcome in ('degraded', 'error'))`;
const checkpointCount = sql<number>`(select count(*)::int from ${sql.raw(`"${CHECKPOINT_SCHEMA}".checkpoints`)} k
  where k.thread_id = ${threads.id} and k.checkpoint_ns = '')`;
const caseList = sql<{ caseId: string; merchant: string; amountMinor: number; currency: string; status: string }[]>`coalesce((
  select json_agg(json_build_object('caseId', c.id, 'merchant', t.merchant, 'amountMinor', c.amount_minor, 'currency', c.currency, 'status', c.status) order by c.created_at)
    from ${cases} c join transactions t on t.id = c.transaction_id where c.thread_id = ${threads.id}), '[]'::json)`;

/** `text` as a literal inside a LIKE pattern: `%`, `_` and the escape character `\` match only themselves. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, "\\$&");

/**
 * The customer filter: the customer's id, or the start of a word of their name (words split at
 * spaces and hyphens), so "nov" finds Alice Novak and "lic" finds nobody.
 */
function customerMatches(filter: string): SQL {
  const words = filter.replace(/[\s-]+/g, " ");
  return sql`(${customers.id} = ${filter} or (' ' || translate(${customers.name}, '-', ' ')) ilike ${`% ${likeLiteral(words)}%`} escape '\\')`;
}

/** Conversations matching an auditor's search, newest first, one page and the total. */
export async function searchThreads(db: DbOrTx, tenantId: string, f: ThreadSearch) {
  const where: (SQL | undefined)[] = [
    eq(threads.tenantId, tenantId),
    f.customer ? customerMatches(f.customer) : undefined,
    f.caseId ? sql`exists (select 1 from ${cases} c where c.thread_id = ${threads.id} and c.id = ${f.caseId})` : undefined,
    f.status ? eq(threads.status, f.status) : undefined,
    f.from ? sql`${threads.createdAt} >= ${f.from}::date` : undefined,
    f.to ? sql`${threads.createdAt} < ${f.to}::date + 1` : undefined,
    f.hadRefund ? hadRefund : undefined,
    f.hadDegraded ? hadDegraded : undefined,
  ];
  const condition = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        threadId: threads.id,
        customerId: threads.customerId,
        customerName: customers.name,
        status: threads.status,
        createdAt: threads.createdAt,
        updatedAt: threads.updatedAt,
        checkpointCount,
        cases: caseList,
        hadRefund,
        hadDegradedCheck: hadDegraded,
      })
      .from(threads)
      .innerJoin(customers, eq(customers.id, threads.customerId))
      .where(condition)
      .orderBy(sql`${threads.updatedAt} desc`)
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(threads)
      .innerJoin(customers, eq(customers.id, threads.customerId))
      .where(condition),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function getThreadCustomer(db: DbOrTx, tenantId: string, threadId: string) {
  const [row] = await db
    .select({
      threadId: threads.id,
      status: threads.status,
      createdAt: threads.createdAt,
      parentThreadId: threads.parentThreadId,
      customerId: customers.id,
      customerName: customers.name,
    })
    .from(threads)
    .innerJoin(customers, eq(customers.id, threads.customerId))
    .where(and(eq(threads.tenantId, tenantId), eq(threads.id, threadId)));
  return row ?? null;
}

/** Actions on a thread, its cases, its approvals and its handovers (operators, the agent, incident views), oldest first. */
export async function listThreadAudit(db: DbOrTx, tenantId: string, threadId: string) {
  const ids = (
    await db
      .select({ id: approvals.id })
      .from(approvals)
      .where(and(eq(approvals.tenantId, tenantId), eq(approvals.threadId, threadId)))
  ).map((r) => r.id);
  const caseIds = (
    await db
      .select({ id: cases.id })
      .from(cases)
      .where(and(eq(cases.tenantId, tenantId), eq(cases.threadId, threadId)))
  ).map((r) => r.id);
  const handoverIds = (
    await db
      .select({ id: handovers.id })
      .from(handovers)
      .where(and(eq(handovers.tenantId, tenantId), eq(handovers.threadId, threadId)))
  ).map((r) => r.id);
  const subjects = [sql`(${auditEvents.subjectType} = 'thread' and ${auditEvents.subjectId} = ${threadId})`];
  if (ids.length > 0) subjects.push(and(eq(auditEvents.subjectType, "approval"), inArray(auditEvents.subjectId, ids))!);
  if (caseIds.length > 0) subjects.push(and(eq(auditEvents.subjectType, "case"), inArray(auditEvents.subjectId, caseIds))!);
  if (handoverIds.length > 0) subjects.push(and(eq(auditEvents.subjectType, "handover"), inArray(auditEvents.subjectId, handoverIds))!);
  return db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.tenantId, tenantId), sql`(${sql.join(subjects, sql` or `)})`))
    .orderBy(asc(auditEvents.id));
}
