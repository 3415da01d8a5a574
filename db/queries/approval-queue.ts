import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { approvalQuestions, approvals, cases, customers, transactions } from "../schema";
import type { ApprovalRisk } from "../../vocabulary/risks";
import type { ApprovalStatus } from "../../vocabulary/statuses";

export type QueueFilter = {
  statuses: ApprovalStatus[];
  risk?: ApprovalRisk;
  minAmountMinor?: number;
  maxAmountMinor?: number;
  claimed?: "me" | "others" | "none";
  sort: "oldest" | "newest" | "amount_desc" | "amount_asc" | "expiry";
  page: number;
  pageSize: number;
};

const ORDER: Record<QueueFilter["sort"], SQL[]> = {
  oldest: [asc(approvals.createdAt), asc(approvals.id)],
  newest: [desc(approvals.createdAt), desc(approvals.id)],
  amount_desc: [desc(approvals.amountMinor), asc(approvals.createdAt)],
  amount_asc: [asc(approvals.amountMinor), asc(approvals.createdAt)],
  expiry: [asc(approvals.expiresAt), asc(approvals.id)],
};

function conditions(tenantId: string, f: QueueFilter, actor: string, now: Date): SQL {
  const live = or(isNull(approvals.claimExpiresAt), gte(approvals.claimExpiresAt, now));
  const claim =
    f.claimed === "me"
      ? and(eq(approvals.claimedBy, actor), live)
      : f.claimed === "others"
        ? and(ne(approvals.claimedBy, actor), live)
        : f.claimed === "none"
          ? or(isNull(approvals.claimedBy), lt(approvals.claimExpiresAt, now))
          : undefined;
  return and(
    eq(approvals.tenantId, tenantId),
    inArray(approvals.status, f.statuses),
    f.risk ? eq(approvals.risk, f.risk) : undefined,
    f.minAmountMinor !== undefined ? gte(approvals.amountMinor, f.minAmountMinor) : undefined,
    f.maxAmountMinor !== undefined ? lte(approvals.amountMinor, f.maxAmountMinor) : undefined,
    claim,
  )!;
}

const openQuestion = sql<{ questionId: string; question: string; askedBy: string; askedAt: string } | null>`(
  select json_build_object('questionId', q.id, 'question', q.question, 'askedBy', q.asked_by, 'askedAt', q.asked_at)
    from ${approvalQuestions} q
   where q.approval_id = ${approvals.id} and q.answered_at is null
   order by q.asked_at desc limit 1)`;

function selectJoined(db: DbOrTx) {
  return db
    .select({
      approval: approvals,
      case: cases,
      customerName: customers.name,
      merchant: transactions.merchant,
      postedAt: transactions.postedAt,
      openQuestion,
    })
    .from(approvals)
    .innerJoin(cases, eq(cases.id, approvals.caseId))
    .innerJoin(customers, eq(customers.id, cases.customerId))
    .innerJoin(transactions, eq(transactions.id, cases.transactionId));
}

/** One page of the operator queue, with what an operator needs to decide, and the total. */
export async function listApprovalQueue(db: DbOrTx, tenantId: string, f: QueueFilter, actor: string, now: Date) {
  const where = conditions(tenantId, f, actor, now);
  const [rows, [total]] = await Promise.all([
    selectJoined(db)
      .where(where)
      .orderBy(...ORDER[f.sort])
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ n: count() }).from(approvals).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One approval with the same facts as a queue row. */
export async function getQueueRowById(db: DbOrTx, tenantId: string, approvalId: string) {
  const [row] = await selectJoined(db).where(and(eq(approvals.tenantId, tenantId), eq(approvals.id, approvalId)));
  return row ?? null;
}

export type QueueRow = Awaited<ReturnType<typeof listApprovalQueue>>["rows"][number];
