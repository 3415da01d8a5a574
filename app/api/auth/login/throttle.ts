import type { Db } from "@/db/client";
import { recordAuditEvent } from "@/db/queries/audit";
import {
  failuresBefore,
  forgetAttempt,
  forgiveAccountFailures,
  forgiveAddressFailures,
  lockAttemptKeys,
  recordAttempt,
  releasingAddressFailureAt,
  type Attempt,
  type Bucket,
  type FailureCounts,
} from "@/db/queries/login-throttle";
import { findTenantUserByUsername } from "@/db/queries/user-accounts";
import { env } from "@/env";
import { EMPLOYEES } from "@/vocabulary/roles";

export type ThrottleLimits = { windowMs: number; perAccount: number; perAddress: number; maxDelayMs: number };

export const throttleLimits = (): ThrottleLimits => ({
  windowMs: env().LOGIN_FAILURE_WINDOW_MS,
  perAccount: env().LOGIN_MAX_FAILURES_PER_ACCOUNT,
  perAddress: env().LOGIN_MAX_FAILURES_PER_ADDRESS,
  maxDelayMs: env().LOGIN_MAX_DELAY_MS,
});

export type Throttled = { bucket: Bucket; failures: number; retryAfterSeconds: number };

/** User names are matched exactly, but counted case-blind: `Sam` and `sam` share a delay. */
export const throttleKey = (username: string) => username.toLowerCase();

/**
 * How long an account's guesses wait after its latest failure once it has `failures` within
 * the window: nothing below the limit, then 1 s, 2 s, 4 s... up to the cap.
 */
export function accountDelayMs(failures: number, limits: Pick<ThrottleLimits, "perAccount" | "maxDelayMs">): number {
  if (failures < limits.perAccount) return 0;
  return Math.min(limits.maxDelayMs, 1000 * 2 ** Math.min(failures - limits.perAccount, 30));
}

/**
 * When an attempt with these earlier failures may be made (ms since the epoch), and what holds it
 * back; null when it may be made now. Every address gets the account's limit of tries at it;
 * past them, that address waits out the account's delay, which every failure on the account,
 * from anywhere, lengthens. An address that has not used its tries is not held back, so a flood
 * from elsewhere cannot keep the owner out. An address past its own limit waits until its oldest
 * counted failure leaves the window.
 */
export async function heldUntil(
  earlier: FailureCounts,
  at: number,
  limits: ThrottleLimits,
  addressReleaseAt: () => Promise<Date | null>,
): Promise<{ bucket: Bucket; failures: number; retryAt: number } | null> {
  if (earlier.address >= limits.perAddress) {
    const releasing = await addressReleaseAt();
    return { bucket: "address", failures: earlier.address, retryAt: (releasing?.getTime() ?? at) + limits.windowMs };
  }
  if (earlier.pair < limits.perAccount) return null;
  const retryAt = (earlier.lastAccountFailureAt?.getTime() ?? at) + accountDelayMs(earlier.account, limits);
  return retryAt > at ? { bucket: "account", failures: earlier.account, retryAt } : null;
}

/**
 * Starts a sign-in attempt: recorded as a failure before the password is checked, so a
 * flood of concurrent guesses is counted while it is being hashed, on every instance.
 * Refused while the account's delay holds this address back, or once the address has its
 * limit of failures within the window; a refused attempt is no guess and is not counted.
 */
export async function beginAttempt(
  db: Db,
  input: { username: string; clientAddress: string; at: Date },
  limits = throttleLimits(),
): Promise<{ attempt: Attempt } | { throttled: Throttled }> {
  const key = { ...input, username: throttleKey(input.username) };
  // One attempt per account and per address records and counts at a time, so each counts every earlier one.
  return db.transaction(async (tx) => {
    await lockAttemptKeys(tx, key);
    const attempt = await recordAttempt(tx, key);
    const since = new Date(input.at.getTime() - limits.windowMs);
    const counts = await failuresBefore(tx, attempt, since);
    // The counts include this attempt's own row.
    const earlier = { ...counts, account: counts.account - 1, pair: counts.pair - 1, address: counts.address - 1 };
    const held = await heldUntil(earlier, input.at.getTime(), limits, () => releasingAddressFailureAt(tx, attempt, since, earlier.address, limits.perAddress));
    if (!held) return { attempt };
    await forgetAttempt(tx, attempt);
    return {
      throttled: { bucket: held.bucket, failures: held.failures, retryAfterSeconds: Math.max(1, Math.ceil((held.retryAt - input.at.getTime()) / 1000)) },
    };
  });
}

/** The password was right: the attempt was no failure, and the account forgives this address's earlier failures on it. */
export function attemptSucceeded(db: Db, attempt: Attempt): Promise<void> {
  return db.transaction((tx) => forgiveAddressFailures(tx, attempt, attempt.at));
}

/**
 * A supervisor lifts the sign-in delay of one of their bank's employees: every failure on the
 * account is forgiven, audited as `login.unlocked`. Each failure still counts against the address
 * it came from, so an attacker's address stays refused. Null when the bank has no such employee.
 */
export async function unlockSignIn(
  db: Db,
  input: { tenantId: string; actor: string; username: string; at: Date },
): Promise<{ username: string; failuresForgiven: number } | null> {
  return db.transaction(async (tx) => {
    const user = await findTenantUserByUsername(tx, input.tenantId, input.username);
    if (!user || !EMPLOYEES.includes(user.role)) return null;
    const failuresForgiven = await forgiveAccountFailures(tx, throttleKey(user.username), input.at);
    await recordAuditEvent(tx, {
      tenantId: input.tenantId,
      actor: input.actor,
      action: "login.unlocked",
      subjectType: "user",
      subjectId: user.id,
      data: { username: user.username, failuresForgiven },
    });
    return { username: user.username, failuresForgiven };
  });
}

const AUDIT_EVERY_MS = 60_000;
const lastAudited = new Map<string, number>();

/** Where the audit trail records sign-in attempts on user names nobody has. */
export const NO_TENANT = "none";

/**
 * Audits a refused sign-in as `login.throttled`, at most once a minute per account and
 * address on each instance: a flood must not turn into a flood of audit rows.
 */
export async function auditThrottled(
  db: Db,
  input: { tenantId: string | null; username: string; clientAddress: string; throttled: Throttled; at: Date },
): Promise<void> {
  const key = `${input.username.toLowerCase()}\n${input.clientAddress}`;
  const last = lastAudited.get(key);
  if (last !== undefined && input.at.getTime() - last < AUDIT_EVERY_MS) return;
  if (lastAudited.size > 10_000) lastAudited.clear();
  lastAudited.set(key, input.at.getTime());
  await recordAuditEvent(db, {
    // A user name nobody has belongs to no tenant; the attempt is still worth recording.
    tenantId: input.tenantId ?? NO_TENANT,
    actor: `client ${input.clientAddress}`,
    action: "login.throttled",
    subjectType: "account",
    subjectId: input.username,
    data: { clientAddress: input.clientAddress, ...input.throttled },
  });
}
