import { and, eq, gt, isNull, lt, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { loginFailures } from "../schema";

/*
 * Failed sign-ins by account, by client address and by the two together, shared by every app instance. A sign-in
 * attempt is written as a failure before the password is checked and deleted when it turns
 * out right, so concurrent guesses count against each other while they are being hashed.
 * Sign-in happens before any tenant is known, so these queries take no tenant: the throttle
 * counts a user name wherever it is used.
 */

export type Attempt = { id: number; username: string; clientAddress: string; at: Date };
/** What held a sign-in back: the account's delay, or the address's limit. */
export type Bucket = "account" | "address";

/**
 * Holds, until the transaction ends, the account's and the address's turn to record and count
 * an attempt: without it an attempt could be counted while an earlier one's row is not yet
 * committed, and a flood would let more guesses through than the limit. Accounts are always
 * taken before addresses, each in its own lock space, so two attempts never wait on each other
 * in a circle.
 */
export async function lockAttemptKeys(tx: DbOrTx, input: { username: string; clientAddress: string }): Promise<void> {
  await lockAccountKey(tx, input.username);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('login_failures:address'), hashtext(${input.clientAddress}))`);
}

/**
 * Holds the account's turn until the transaction ends. Forgiving takes it too: two
 * successful sign-ins of one account, each deleting its own row and forgiving the other's,
 * would otherwise wait on each other's rows in a circle (a deadlock Postgres ends with an error).
 */
async function lockAccountKey(tx: DbOrTx, username: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('login_failures:account'), hashtext(${username}))`);
}

/** Records a sign-in attempt as a failure until it is proven right. */
export async function recordAttempt(db: DbOrTx, input: { username: string; clientAddress: string; at: Date }): Promise<Attempt> {
  const [row] = await db
    .insert(loginFailures)
    .values({ username: input.username, clientAddress: input.clientAddress, failedAt: input.at })
    .returning({ id: loginFailures.id });
  return { id: row!.id, ...input };
}

export type FailureCounts = {
  /** The account's unforgiven failures, from every address. */
  account: number;
  /** The account's unforgiven failures from this attempt's address. */
  pair: number;
  /** The address's failures on every account, forgiven ones included. */
  address: number;
  /** When the account's latest unforgiven failure before this attempt was made. */
  lastAccountFailureAt: Date | null;
};

/**
 * Failures within the window up to and including `attempt`. Later attempts are left out, so
 * under a flood the first ones within the limit still get checked.
 */
export async function failuresBefore(db: DbOrTx, attempt: Attempt, since: Date): Promise<FailureCounts> {
  const ofAccount = sql`${loginFailures.username} = ${attempt.username} and ${loginFailures.forgivenAt} is null`;
  const [row] = await db
    .select({
      account: sql<number>`count(*) filter (where ${ofAccount})::int`,
      pair: sql<number>`count(*) filter (where ${ofAccount} and ${loginFailures.clientAddress} = ${attempt.clientAddress})::int`,
      address: sql<number>`count(*) filter (where ${loginFailures.clientAddress} = ${attempt.clientAddress})::int`,
      lastAccountFailureAt: sql<Date | null>`max(${loginFailures.failedAt}) filter (where ${ofAccount} and ${loginFailures.id} < ${attempt.id})`.mapWith(
        loginFailures.failedAt,
      ),
    })
    .from(loginFailures)
    .where(
      and(
        sql`(${loginFailures.username} = ${attempt.username} or ${loginFailures.clientAddress} = ${attempt.clientAddress})`,
        gt(loginFailures.failedAt, since),
        lte(loginFailures.id, attempt.id),
      ),
    );
  return { account: row?.account ?? 0, pair: row?.pair ?? 0, address: row?.address ?? 0, lastAccountFailureAt: row?.lastAccountFailureAt ?? null };
}

/**
 * When the address's failure whose leaving the window brings it back under `max` was made:
 * with `earlierFailures` before this attempt, the (earlierFailures - max + 1)th oldest.
 */
export async function releasingAddressFailureAt(db: DbOrTx, attempt: Attempt, since: Date, earlierFailures: number, max: number): Promise<Date | null> {
  const [row] = await db
    .select({ failedAt: loginFailures.failedAt })
    .from(loginFailures)
    .where(and(eq(loginFailures.clientAddress, attempt.clientAddress), gt(loginFailures.failedAt, since), lt(loginFailures.id, attempt.id)))
    .orderBy(loginFailures.failedAt, loginFailures.id)
    .offset(Math.max(0, earlierFailures - max))
    .limit(1);
  return row?.failedAt ?? null;
}

/** Takes back an attempt that was refused before any password check: it was no guess. */
export async function forgetAttempt(db: DbOrTx, attempt: Attempt): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.id, attempt.id));
}

/**
 * A right password: this attempt was no failure, and the account forgives the failures made on it
 * from the same address (the owner's own typos). Failures from other addresses stay: the owner's
 * sign-in must not give an attacker's address its tries back.
 */
export async function forgiveAddressFailures(db: DbOrTx, attempt: Attempt, at: Date): Promise<void> {
  await lockAccountKey(db, attempt.username);
  await db.delete(loginFailures).where(eq(loginFailures.id, attempt.id));
  await db
    .update(loginFailures)
    .set({ forgivenAt: at })
    .where(and(eq(loginFailures.username, attempt.username), eq(loginFailures.clientAddress, attempt.clientAddress), isNull(loginFailures.forgivenAt)));
}

/** A supervisor's unlock: the account forgives every failure made on it (each still counts against its address); returns how many. */
export async function forgiveAccountFailures(db: DbOrTx, username: string, at: Date): Promise<number> {
  await lockAccountKey(db, username);
  const forgiven = await db
    .update(loginFailures)
    .set({ forgivenAt: at })
    .where(and(eq(loginFailures.username, username), isNull(loginFailures.forgivenAt)))
    .returning({ id: loginFailures.id });
  return forgiven.length;
}

/** Deletes failures that no longer count; returns how many. */
export async function deleteOldFailures(db: DbOrTx, before: Date): Promise<number> {
  const deleted = await db.delete(loginFailures).where(lt(loginFailures.failedAt, before)).returning({ id: loginFailures.id });
  return deleted.length;
}
