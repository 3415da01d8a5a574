import type { Db } from "@/db/client";
import { recordAuditEvent } from "@/db/queries/audit";
import { clearAccountFailures, failuresBefore, forgetAttempt, lockAttemptKeys, recordAttempt, releasingFailureAt, type Attempt, type Bucket } from "@/db/queries/login-throttle";
import { env } from "@/env";

export type ThrottleLimits = { windowMs: number; perAccount: number; perAddress: number };

export const throttleLimits = (): ThrottleLimits => ({
  windowMs: env().LOGIN_FAILURE_WINDOW_MS,
  perAccount: env().LOGIN_MAX_FAILURES_PER_ACCOUNT,
  perAddress: env().LOGIN_MAX_FAILURES_PER_ADDRESS,
});

export type Throttled = { bucket: Bucket; failures: number; retryAfterSeconds: number };

/**
 * Starts a sign-in attempt: recorded as a failure before the password is checked, so a
 * flood of concurrent guesses is counted while it is being hashed, on every instance.
 * Refused when the account or the address already has its limit of failures within the
 * window; a refused attempt is no guess and is not counted.
 */
export async function beginAttempt(
  db: Db,
  input: { username: string; clientAddress: string; at: Date },
  limits = throttleLimits(),
): Promise<{ attempt: Attempt } | { throttled: Throttled }> {
  // User names are matched exactly, but counted case-blind: `Sam` and `sam` share a limit.
  const key = { ...input, username: input.username.toLowerCase() };
  // One attempt per account and per address records and counts at a time, so each counts every earlier one.
  return db.transaction(async (tx) => {
    await lockAttemptKeys(tx, key);
    const attempt = await recordAttempt(tx, key);
    const since = new Date(input.at.getTime() - limits.windowMs);
    const counts = await failuresBefore(tx, attempt, since);
    const over = (
      [
        ["account", counts.account - 1, limits.perAccount],
        ["address", counts.address - 1, limits.perAddress],
      ] as const
    ).filter(([, earlier, max]) => earlier >= max);
    if (over.length === 0) return { attempt };

    let retryAt = input.at.getTime() + 1000;
    for (const [bucket, earlier, max] of over) {
      const releasing = await releasingFailureAt(tx, attempt, bucket, since, earlier, max);
      retryAt = Math.max(retryAt, (releasing ?? input.at).getTime() + limits.windowMs);
    }
    await forgetAttempt(tx, attempt);
    const [bucket, failures] = over[0]!;
    return { throttled: { bucket, failures, retryAfterSeconds: Math.ceil((retryAt - input.at.getTime()) / 1000) } };
  });
}

/** The password was right: the attempt was no failure, and the account's earlier failures are forgiven. */
export function attemptSucceeded(db: Db, attempt: Attempt): Promise<void> {
  return clearAccountFailures(db, attempt);
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
