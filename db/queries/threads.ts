import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { approvals, messages, threads } from "../schema";

export type ThreadRow = typeof threads.$inferSelect;
export type ThreadStatus = ThreadRow["status"];

/** A new conversation, started on agent revision `revisionId`. */
export async function createThread(db: DbOrTx, tenantId: string, customerId: string, revisionId: string | null = null): Promise<ThreadRow> {
  const [row] = await db.insert(threads).values({ id: randomUUID(), tenantId, customerId, revisionId }).returning();
  return row!;
}

/** A thread under the client's own id; null when that id is taken. */
export async function createThreadWithId(
  db: DbOrTx,
  tenantId: string,
  customerId: string,
  id: string,
  revisionId: string | null = null,
): Promise<ThreadRow | null> {
  const [row] = await db.insert(threads).values({ id, tenantId, customerId, revisionId }).onConflictDoNothing({ target: threads.id }).returning();
  return row ?? null;
}

/**
 * The thread the agent opens beside conversation `parentThreadId` under `id` (the same id
 * whenever the same message is answered), or the one already there.
 */
export async function openThreadBeside(
  db: DbOrTx,
  input: { tenantId: string; customerId: string; parentThreadId: string; id: string; revisionId?: string | null },
): Promise<ThreadRow> {
  const [row] = await db.insert(threads).values(input).onConflictDoNothing({ target: threads.id }).returning();
  const found = row ?? (await getThreadById(db, input.tenantId, input.id));
  // Only the thread this conversation opened for this message: an id taken by any other thread is refused.
  if (found?.customerId !== input.customerId || found.parentThreadId !== input.parentThreadId)
    throw new Error("a thread beside the conversation: its id is taken");
  return found;
}

/** The threads the agent opened beside a conversation, newest first. */
export async function listThreadsBeside(db: DbOrTx, tenantId: string, parentThreadId: string): Promise<ThreadRow[]> {
  return db
    .select()
    .from(threads)
    .where(and(eq(threads.tenantId, tenantId), eq(threads.parentThreadId, parentThreadId)))
    .orderBy(desc(threads.createdAt), desc(threads.id));
}

export async function getThreadById(db: DbOrTx, tenantId: string, threadId: string): Promise<ThreadRow | null> {
  const [row] = await db
    .select()
    .from(threads)
    .where(and(eq(threads.tenantId, tenantId), eq(threads.id, threadId)));
  return row ?? null;
}

export async function listThreadsByCustomer(db: DbOrTx, tenantId: string, customerId: string) {
  return db
    .select()
    .from(threads)
    .where(and(eq(threads.tenantId, tenantId), eq(threads.customerId, customerId)))
    .orderBy(desc(threads.updatedAt));
}

export async function listThreads(db: DbOrTx, tenantId: string, limit = 100) {
  return db.select().from(threads).where(eq(threads.tenantId, tenantId)).orderBy(desc(threads.updatedAt)).limit(limit);
}

/**
 * Takes the thread for one run: busy with a lease held by `owner`, unless it is busy
 * already. A busy thread is never taken by a claim, even when its lease ran out: its owner
 * may be alive and still writing, and only recovery (takeOverThread) decides it is gone.
 * Returns the status the thread had before, or null when it is busy.
 */
export async function claimThread(db: DbOrTx, input: { tenantId: string; threadId: string; leaseMs: number; owner: string }): Promise<ThreadStatus | null> {
  const result = await db.execute<{ previous: ThreadStatus }>(sql`
    UPDATE ${threads} AS t
       SET status = 'busy', lease_until = now() + make_interval(secs => ${input.leaseMs / 1000}),
           lease_owner = ${input.owner}, updated_at = now()
      FROM (SELECT id, status AS previous FROM ${threads}
             WHERE id = ${input.threadId} AND tenant_id = ${input.tenantId} FOR UPDATE) AS p
     WHERE t.id = p.id AND t.status <> 'busy'
    RETURNING p.previous`);
  return result.rows[0]?.previous ?? null;
}

/**
 * Extends the lease `owner` holds on a busy thread; false when it no longer holds it. The
 * compare-and-set on the owner makes a renewal a proof that nobody took the thread over.
 */
export async function renewLease(db: DbOrTx, input: { threadId: string; owner: string; leaseMs: number }): Promise<boolean> {
  const result = await db.execute<{ id: string }>(sql`
    UPDATE ${threads} SET lease_until = now() + make_interval(secs => ${input.leaseMs / 1000})
     WHERE id = ${input.threadId} AND status = 'busy' AND lease_owner = ${input.owner}
    RETURNING id`);
  return result.rows.length > 0;
}

/** Busy threads, who holds them and whether the lease ran out (by the database's clock): candidates for recovery. */
export async function listBusyThreads(db: DbOrTx) {
  return db
    .select({
      id: threads.id,
      tenantId: threads.tenantId,
      owner: threads.leaseOwner,
      expired: sql<boolean>`${threads.leaseUntil} is null or ${threads.leaseUntil} < now()`,
    })
    .from(threads)
    .where(eq(threads.status, "busy"));
}

/**
 * Moves a busy thread to `owner`, as a compare-and-set on the old owner (with several
 * instances recovering at once, exactly one wins) and on the lease having run out: an
 * owner that can still renew its lease keeps its thread. An instance may take back a
 * thread it holds itself whatever its lease (its own run there stopped).
 */
export async function takeOverThread(db: DbOrTx, input: { threadId: string; from: string | null; owner: string; leaseMs: number }) {
  const result = await db.execute<{ id: string }>(sql`
    UPDATE ${threads}
       SET lease_owner = ${input.owner}, lease_until = now() + make_interval(secs => ${input.leaseMs / 1000}), updated_at = now()
     WHERE id = ${input.threadId} AND status = 'busy' AND lease_owner IS NOT DISTINCT FROM ${input.from}
       AND (lease_owner = ${input.owner} OR lease_until IS NULL OR lease_until < now())
    RETURNING id`);
  return result.rows.length > 0;
}

/** Lets go of every lease `owner` holds, so other instances may take its threads over at once. */
export async function expireLeases(db: DbOrTx, owner: string) {
  // Through a database function: an instance's leases span tenants, and row-level security shows a connection one.
  await db.execute(sql`select expire_instance_leases(${owner})`);
}

/** Ends a run: the thread goes to its resting status and the lease is dropped, if `owner` still holds it; the rest is announced. */
export async function releaseThread(db: DbOrTx, input: { tenantId: string; threadId: string; owner: string; status: Exclude<ThreadStatus, "busy"> }) {
  await db.execute(sql`
    WITH released AS (
      UPDATE ${threads} SET status = ${input.status}, lease_until = NULL, lease_owner = NULL, updated_at = now()
       WHERE id = ${input.threadId} AND tenant_id = ${input.tenantId} AND lease_owner = ${input.owner}
      RETURNING id)
    SELECT pg_notify(${THREAD_NEWS_CHANNEL}, ${newsOf(input)}) FROM released`);
}

/** Ends a run `owner` holds only if no customer message is queued behind it (the rest announced); false when one is (or the thread is no longer its). */
export async function releaseThreadIfQueueEmpty(
  db: DbOrTx,
  input: { tenantId: string; threadId: string; owner: string; status: Exclude<ThreadStatus, "busy"> },
) {
  const result = await db.execute<{ id: string }>(sql`
    WITH released AS (
      UPDATE ${threads} SET status = ${input.status}, lease_until = NULL, lease_owner = NULL, updated_at = now()
       WHERE id = ${input.threadId} AND tenant_id = ${input.tenantId} AND lease_owner = ${input.owner}
         AND NOT EXISTS (SELECT 1 FROM ${messages} m WHERE m.thread_id = ${input.threadId} AND m.queued)
      RETURNING id)
    SELECT id, pg_notify(${THREAD_NEWS_CHANNEL}, ${newsOf(input)}) FROM released`);
  return result.rows.length > 0;
}

/**
 * Postgres channel on which a thread let go to rest is announced once committed (whoever waits
 * for a message's answer hears it on any instance: the answer is stored before the rest).
 */
export const THREAD_NEWS_CHANNEL = "thread_news";

export type ThreadNews = { tenantId: string; threadId: string };

const newsOf = (thread: { tenantId: string; threadId: string }) =>
  JSON.stringify({ tenantId: thread.tenantId, threadId: thread.threadId } satisfies ThreadNews);

/** Postgres channel on which a newer customer message asks the run answering an older one to stop. */
export const SUPERSEDE_CHANNEL = "thread_superseded";

export type SupersedeRequest = { threadId: string; messageId: number };

/** Tells every instance that `messageId` supersedes the run answering an older message on the thread. */
export async function requestSupersede(db: DbOrTx, request: SupersedeRequest) {
  await db.execute(sql`select pg_notify(${SUPERSEDE_CHANNEL}, ${JSON.stringify(request)})`);
}

/** Whether a customer message newer than `messageId` waits in the thread's queue. */
export async function hasNewerQueuedMessage(db: DbOrTx, tenantId: string, threadId: string, messageId: number) {
  const result = await db.execute<{ id: number }>(sql`
    SELECT id FROM ${messages} WHERE thread_id = ${threadId} AND tenant_id = ${tenantId} AND queued AND id > ${messageId} LIMIT 1`);
  return result.rows.length > 0;
}

/** The oldest queued customer message, taken off the queue; null when there is none. */
export async function takeQueuedMessage(db: DbOrTx, tenantId: string, threadId: string) {
  const result = await db.execute<{ id: number; text: string }>(sql`
    UPDATE ${messages} SET queued = false
     WHERE id = (SELECT id FROM ${messages} WHERE thread_id = ${threadId} AND tenant_id = ${tenantId} AND queued ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING id, text`);
  return result.rows[0] ?? null;
}

export async function appendMessage(
  db: DbOrTx,
  input: { tenantId: string; threadId: string; role: "customer" | "agent"; text: string; queued?: boolean; revisionId?: string | null },
) {
  const [row] = await db.insert(messages).values(input).returning();
  return row!;
}

/**
 * A customer message, stored once per client id: null when this thread already has a
 * message with that id (a resend after a dropped connection, a reload or a double click).
 */
/**
 * An agent message no customer message asked for (a decision, an operator's question), on the
 * thread and, when `alsoIn` names one, on the conversation the thread was opened beside;
 * `alsoIn: undefined` looks that conversation up.
 */
export async function appendAgentNotice(
  db: DbOrTx,
  input: { tenantId: string; threadId: string; text: string; alsoIn?: string | null; revisionId?: string | null },
) {
  const alsoIn = input.alsoIn === undefined ? (await getThreadById(db, input.tenantId, input.threadId))?.parentThreadId : input.alsoIn;
  const { tenantId, text, revisionId } = input;
  const row = await appendMessage(db, { tenantId, threadId: input.threadId, role: "agent", text, revisionId });
  if (alsoIn) await appendMessage(db, { tenantId, threadId: alsoIn, role: "agent", text, revisionId });
  return row;
}

export async function appendCustomerMessage(
  db: DbOrTx,
  input: { tenantId: string; threadId: string; text: string; queued?: boolean; clientMessageId?: string },
) {
  const [row] = await db
    .insert(messages)
    .values({ ...input, role: "customer" })
    .onConflictDoNothing({ target: [messages.threadId, messages.clientMessageId], where: sql`${messages.clientMessageId} is not null` })
    .returning();
  return row ?? null;
}

/** Whether this thread already has the customer message a client sent with this id. */
export async function hasClientMessage(db: DbOrTx, tenantId: string, threadId: string, clientMessageId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.tenantId, tenantId), eq(messages.threadId, threadId), eq(messages.clientMessageId, clientMessageId)));
  return row !== undefined;
}

/** The agent's answer to customer message `answers`, written by agent revision `revisionId`: stored, and the message marked answered, together. */
export async function appendAnswer(db: DbOrTx, input: { tenantId: string; threadId: string; text: string; answers: number; revisionId?: string | null }) {
  return db.transaction(async (tx) => {
    const row = await appendMessage(tx, { tenantId: input.tenantId, threadId: input.threadId, role: "agent", text: input.text, revisionId: input.revisionId });
    await tx
      .update(messages)
      .set({ answeredAt: sql`now()` })
      .where(and(eq(messages.tenantId, input.tenantId), eq(messages.id, input.answers), isNull(messages.answeredAt)));
    return row;
  });
}

/** The oldest customer message on the thread that the agent has not answered and that is not waiting in the queue. */
export async function getUnansweredMessage(db: DbOrTx, tenantId: string, threadId: string) {
  const [row] = await db
    .select({ id: messages.id, text: messages.text })
    .from(messages)
    .where(
      and(
        eq(messages.tenantId, tenantId),
        eq(messages.threadId, threadId),
        eq(messages.role, "customer"),
        eq(messages.queued, false),
        isNull(messages.answeredAt),
      ),
    )
    .orderBy(asc(messages.id))
    .limit(1);
  return row ?? null;
}

export async function listMessagesByThread(db: DbOrTx, tenantId: string, threadId: string) {
  return db
    .select({
      id: messages.id,
      role: messages.role,
      text: messages.text,
      queued: messages.queued,
      answeredAt: messages.answeredAt,
      createdAt: messages.createdAt,
      revisionId: messages.revisionId,
    })
    .from(messages)
    .where(and(eq(messages.tenantId, tenantId), eq(messages.threadId, threadId)))
    .orderBy(asc(messages.id));
}

/** The last `limit` messages of the thread before message `before`, oldest first: what a message is read after. */
export async function listMessagesBefore(db: DbOrTx, input: { tenantId: string; threadId: string; before: number; limit: number }) {
  const rows = await db
    .select({ role: messages.role, text: messages.text })
    .from(messages)
    .where(and(eq(messages.tenantId, input.tenantId), eq(messages.threadId, input.threadId), lt(messages.id, input.before)))
    .orderBy(desc(messages.id))
    .limit(input.limit);
  return rows.reverse();
}

/** The customer message a client sent with this id on the thread, with whether it waits or was answered. */
export async function getMessageByClientId(db: DbOrTx, tenantId: string, threadId: string, clientMessageId: string) {
  const [row] = await db
    .select({ id: messages.id, text: messages.text, queued: messages.queued, answeredAt: messages.answeredAt, createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.tenantId, tenantId), eq(messages.threadId, threadId), eq(messages.clientMessageId, clientMessageId)));
  return row ?? null;
}

/** Whether a conversation opened an approval for an operator (policy's own approvals do not count). */
const reachedOperator = (threadId: typeof threads.id) =>
  sql<boolean>`exists (select 1 from ${approvals} where ${approvals.threadId} = ${threadId} and ${approvals.mode} = 'operator')`;

export async function threadReachedOperator(db: DbOrTx, tenantId: string, threadId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: threads.id })
    .from(threads)
    .where(and(eq(threads.tenantId, tenantId), eq(threads.id, threadId), reachedOperator(threads.id)));
  return row !== undefined;
}

/** Whose threads a search reads: one customer's own, or, for staff, the tenant's that reached an operator. */
export type ThreadScope = { kind: "customer"; customerId: string } | { kind: "staff" };

/** A page of the tenant's threads in the scope, newest first, narrowed by status and ids. */
export async function searchThreads(
  db: DbOrTx,
  input: { tenantId: string; scope: ThreadScope; status?: ThreadStatus; ids?: string[]; limit: number; offset: number },
) {
  const conditions = [
    eq(threads.tenantId, input.tenantId),
    input.scope.kind === "customer" ? eq(threads.customerId, input.scope.customerId) : reachedOperator(threads.id),
  ];
  if (input.status) conditions.push(eq(threads.status, input.status));
  if (input.ids) conditions.push(inArray(threads.id, input.ids.length > 0 ? input.ids : [""]));
  return db
    .select()
    .from(threads)
    .where(and(...conditions))
    .orderBy(desc(threads.updatedAt), desc(threads.id))
    .limit(input.limit)
    .offset(input.offset);
}

/** The transcript with the id each customer message's client gave it. */
export async function listChatMessagesByThread(db: DbOrTx, tenantId: string, threadId: string) {
  return db
    .select({ id: messages.id, role: messages.role, text: messages.text, clientMessageId: messages.clientMessageId, createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.tenantId, tenantId), eq(messages.threadId, threadId)))
    .orderBy(asc(messages.id));
}

/** The bank's conversations with a customer message written between `since` and `until`, oldest first. */
export async function listThreadsWithCustomerTurns(db: DbOrTx, tenantId: string, since: Date, until: Date): Promise<string[]> {
  const rows = await db
    .select({ threadId: messages.threadId, first: sql<string>`min(${messages.createdAt})` })
    .from(messages)
    .where(and(eq(messages.tenantId, tenantId), eq(messages.role, "customer"), gte(messages.createdAt, since), lt(messages.createdAt, until)))
    .groupBy(messages.threadId)
    .orderBy(sql`2`);
  return rows.map((r) => r.threadId);
}
