import { and, eq, gt, lt, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { loginFailures } from "../schema";

/*
 * Failed sign-ins by account and by client address, shared by every app instance. A sign-in
 * attempt is written as a failure before the password is checked and deleted when it turns
 * out right, so concurrent guesses count against each other while they are being hashed.
 * Sign-in happens before any tenant is known, so these queries take no tenant: the throttle
 * counts a user name wherever it is used.
 */

export type Attempt = { id: number; username: string; clientAddress: string; at: Date };
export type Bucket = "account" | "address";

/**
 * Holds, until the transaction ends, the account's and the address's turn to record and count
 * an attempt: without it an attempt could be counted while an earlier one's row is not yet
 * committed, and a flood would let more guesses through than the limit. Accounts are always
 * taken before addresses, each in its own lock space, so two attempts never wait on each other
 * in a circle.
 */
export async function lockAttemptKeys(tx: DbOrTx, input: { username: string; clientAddress: string }): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('login_failures:account'), hashtext(${input.username}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('login_failures:address'), hashtext(${input.clientAddress}))`);
}

/** Records a sign-in attempt as a failure until it is proven right. */
export async function recordAttempt(db: DbOrTx, input: { username: string; clientAddress: string; at: Date }): Promise<Attempt> {
  const [row] = await db.insert(loginFailures).values({ username: input.username, clientAddress: input.clientAddress, failedAt: input.at }).returning({ id: loginFailures.id });
  return { id: row!.id, ...input };
}

/**
 * Failures within the window up to and including `attempt`, for its account and its address.
 * Later attempts are left out, so under a flood the first ones within the limit still get checked.
 */
export async function failuresBefore(db: DbOrTx, attempt: Attempt, since: Date): Promise<Record<Bucket, number>> {
  const [row] = await db
    .select({
      account: sql<number>`count(*) filter (where ${loginFailures.username} = ${attempt.username})::int`,
      address: sql<number>`count(*) filter (where ${loginFailures.clientAddress} = ${attempt.clientAddress})::int`,
    })
    .from(loginFailures)
    .where(
      and(
        sql`(${loginFailures.username} = ${attempt.username} or ${loginFailures.clientAddress} = ${attempt.clientAddress})`,
        gt(loginFailures.failedAt, since),
        lte(loginFailures.id, attempt.id),
      ),
    );
  return { account: row?.account ?? 0, address: row?.address ?? 0 };
}

/**
 * When the failure whose leaving the window brings `bucket` back under `max` was made:
 * with `count` failures before this attempt, the (count - max + 1)th oldest.
 */
export async function releasingFailureAt(db: DbOrTx, attempt: Attempt, bucket: Bucket, since: Date, earlierFailures: number, max: number): Promise<Date | null> {
  const key = bucket === "account" ? eq(loginFailures.username, attempt.username) : eq(loginFailures.clientAddress, attempt.clientAddress);
  const [row] = await db
    .select({ failedAt: loginFailures.failedAt })
    .from(loginFailures)
    .where(and(key, gt(loginFailures.failedAt, since), lt(loginFailures.id, attempt.id)))
    .orderBy(loginFailures.failedAt, loginFailures.id)
    .offset(Math.max(0, earlierFailures - max))
    .limit(1);
  return row?.failedAt ?? null;
}

/** Takes back an attempt that was refused before any password check: it was no guess. */
export async function forgetAttempt(db: DbOrTx, attempt: Attempt): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.id, attempt.id));
}

/** A right password: this attempt was no failure, and the account's earlier failures are forgiven (its address's are not). */
export async function clearAccountFailures(db: DbOrTx, attempt: Attempt): Promise<void> {
  await db.delete(loginFailures).where(sql`${loginFailures.id} = ${attempt.id} or ${loginFailures.username} = ${attempt.username}`);
}

/** Deletes failures that no longer count; returns how many. */
export async function deleteOldFailures(db: DbOrTx, before: Date): Promise<number> {
  const deleted = await db.delete(loginFailures).where(lt(loginFailures.failedAt, before)).returning({ id: loginFailures.id });
  return deleted.length;
}
