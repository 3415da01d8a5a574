import { clientAddress } from "@/app/_lib/client-address";
import { ApiError } from "@/app/_lib/errors";
import { route } from "@/app/_lib/route";
import { parseBody } from "@/app/_lib/request-body";
import { createSession, deleteSession, readSessionToken, sessionCookie } from "@/app/_lib/session";
import { database } from "@/db/client";
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from "@/db/password";
import { findUserForSignIn, replacePasswordHash } from "@/db/queries/credentials";
import { enterTenant, withTenant } from "@/db/tenant-context";
import { env } from "@/env";
import { log } from "@/observability/log";
import { metrics } from "@/observability/metrics";
import { loginBody } from "./schema";
import { attemptSucceeded, auditThrottled, beginAttempt, NO_TENANT } from "./throttle";

export const runtime = "nodejs";

/**
 * Signs in. Every attempt counts against the account and the client address until the
 * password proves right; while the account's delay holds this address back, or past the
 * address's limit, the answer is 429 with Retry-After, before any hash work. Unknown user names cost the same hash work as known ones, so timing does not
 * tell which exist. A right password starts a new session and ends the one presented.
 */
export const POST = route(async (req) => {
  const { username, password } = await parseBody(req, loginBody);
  const { db } = database();
  const address = clientAddress(req);
  const at = new Date();

  const begun = await beginAttempt(db, { username, clientAddress: address, at });
  if ("throttled" in begun) {
    const user = await findUserForSignIn(db, username);
    await withTenant(user?.tenantId ?? NO_TENANT, () =>
      auditThrottled(db, { tenantId: user?.tenantId ?? null, username, clientAddress: address, throttled: begun.throttled, at }),
    );
    metrics().loginThrottles.inc({ bucket: begun.throttled.bucket });
    log().warn({
      event: "login.throttled",
      bucket: begun.throttled.bucket,
      failures: begun.throttled.failures,
      retryAfterSeconds: begun.throttled.retryAfterSeconds,
    });
    const { retryAfterSeconds } = begun.throttled;
    const [count, unit] = retryAfterSeconds < 60 ? [retryAfterSeconds, "second"] : [Math.ceil(retryAfterSeconds / 60), "minute"];
    const message = `Too many failed sign-ins. Try again in ${count} ${unit}${count === 1 ? "" : "s"}.`;
    const res = new ApiError("too_many_requests:login", message, { retryAfterSeconds }).toResponse();
    res.headers.set("retry-after", String(retryAfterSeconds));
    return res;
  }

  const user = await findUserForSignIn(db, username);
  const right = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !right) throw new ApiError("unauthorized:login", "Wrong username or password.");
  enterTenant(user.tenantId);
  await attemptSucceeded(db, begun.attempt);
  if (needsRehash(user.passwordHash)) await replacePasswordHash(db, user.id, user.passwordHash, await hashPassword(password));

  // A session planted before sign-in must not become the signed-in one.
  const presented = readSessionToken(req);
  if (presented) await deleteSession(db, presented);
  const { token } = await createSession(db, user.id, at);
  return Response.json(
    { user: { username: user.username, role: user.role, displayName: user.displayName } },
    { headers: { "set-cookie": sessionCookie(req, token, env().SESSION_MAX_AGE_MS), "cache-control": "no-store" } },
  );
});
