import { createHash, randomBytes } from "node:crypto";
import type { Db } from "@/db/client";
import { deleteEndedSessions, deleteSession as deleteSessionRow, findSession, insertSession, touchSession, userRole } from "@/db/queries/sessions";
import { env } from "@/env";
import { enterTenant, withTenant } from "@/db/tenant-context";
import type { Role } from "@/vocabulary/roles";
import { spendAddress } from "./budgets";
import { ApiError } from "./errors";
import { noteRole } from "./request-scope";
import { readSessionCookie, type SessionCookie } from "./session-cookie";

export { clearedSessionCookies, readSessionToken, sessionCookie, SESSION_COOKIE } from "./session-cookie";

export type SessionUser = {
  id: string;
  tenantId: string;
  username: string;
  displayName: string;
  role: Role;
  customerId: string | null;
};

export type Lifetimes = { maxAgeMs: number; idleMs: number };
const lifetimes = (): Lifetimes => ({ maxAgeMs: env().SESSION_MAX_AGE_MS, idleMs: env().SESSION_IDLE_MS });

/** Activity is recorded at most this often, so a busy session costs one write a minute, not one per request. */
const TOUCH_EVERY_MS = 60_000;

/** The database keeps the token's SHA-256: a stolen copy of the table opens no session. */
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Starts a session for the user with the role they have now; the token goes in the cookie only. */
export async function createSession(db: Db, userId: string, now = new Date(), life = lifetimes()): Promise<{ token: string; expiresAt: Date }> {
  const role = await userRole(db, userId);
  if (!role) throw new Error(`no user ${userId}`);
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + life.maxAgeMs);
  await insertSession(db, { id: hashToken(token), userId, role, now, expiresAt });
  return { token, expiresAt };
}

/** Ends the session `token` opens, whichever tenant's it is. */
export async function deleteSession(db: Db, token: string): Promise<void> {
  const id = hashToken(token);
  const found = await findSession(db, id);
  if (found) await withTenant(found.user.tenantId, () => deleteSessionRow(db, id));
}

/** Why a request has no signed-in user; each is a 401 with its own code. */
export type SessionProblem = "session" | "session_invalid" | "session_expired" | "session_role_changed";

const PROBLEMS: Record<SessionProblem, string> = {
  session: "Please sign in.",
  session_invalid: "Your session is not valid. Please sign in again.",
  session_expired: "Your session has expired. Please sign in again.",
  session_role_changed: "Your role has changed. Please sign in again.",
};

/**
 * A session as a stream follows it: its id (the token's hash: it names the session to other
 * instances and opens nothing) and the earliest it can end, unless a request renews it.
 */
export type OpenSession = { id: string; endsAt: Date };

type FoundSession = NonNullable<Awaited<ReturnType<typeof findSession>>>;

const endsAtOf = (found: FoundSession, life: Lifetimes) => new Date(Math.min(found.expiresAt.getTime(), found.lastSeenAt.getTime() + life.idleMs));

/**
 * Whether the session `id` still holds at `now`, read without counting as activity. A
 * session ends at its absolute lifetime, after the idle lifetime without a request, and
 * when its user's role differs from the role at sign-in (the user signs in again and gets a
 * new session); an ended one is deleted, which every instance hears.
 */
export async function sessionStanding(
  db: Db,
  id: string,
  now = new Date(),
  life = lifetimes(),
): Promise<{ found: FoundSession; endsAt: Date } | { problem: SessionProblem }> {
  const found = await findSession(db, id);
  if (!found) return { problem: "session_invalid" };
  // The session names the tenant: what is written about it is that tenant's.
  return withTenant(found.user.tenantId, async () => {
    const idleSince = now.getTime() - found.lastSeenAt.getTime();
    const problem: SessionProblem | null =
      found.expiresAt.getTime() <= now.getTime() || idleSince >= life.idleMs
        ? "session_expired"
        : found.sessionRole !== found.user.role
          ? "session_role_changed"
          : null;
    if (problem) {
      await deleteSessionRow(db, id);
      return { problem };
    }
    return { found, endsAt: endsAtOf(found, life) };
  });
}

/** The user a session cookie stands for and their session, or why there is none (see `sessionStanding`). */
export async function checkSession(
  db: Db,
  cookie: SessionCookie,
  now = new Date(),
  life = lifetimes(),
): Promise<{ user: SessionUser; session: OpenSession } | { problem: SessionProblem }> {
  if (cookie.kind === "none") return { problem: "session" };
  if (cookie.kind === "malformed") return { problem: "session_invalid" };
  const id = hashToken(cookie.token);
  const standing = await sessionStanding(db, id, now, life);
  if ("problem" in standing) return standing;
  const { found, endsAt } = standing;
  const idleSince = now.getTime() - found.lastSeenAt.getTime();
  const touchEvery = Math.min(TOUCH_EVERY_MS, life.idleMs / 4);
  if (idleSince >= touchEvery) await withTenant(found.user.tenantId, () => touchSession(db, id, now, new Date(now.getTime() - touchEvery)));
  return { user: found.user, session: { id, endsAt } };
}

/**
 * The signed-in user and their session, refused with 401 (no, a bad, an expired or an outdated
 * session) or 403 (a role that may not call this). A cookie that opens no session spends its
 * address's budget as a request without one does (route() spends it for requests with no
 * well-formed cookie).
 */
export async function requireSession(db: Db, req: Request, roles?: Role[]): Promise<{ user: SessionUser; session: OpenSession }> {
  const cookie = readSessionCookie(req.headers.get("cookie"));
  const checked = await checkSession(db, cookie);
  if ("problem" in checked) {
    if (cookie.kind === "token") await spendAddress(db, req);
    throw new ApiError(`unauthorized:${checked.problem}`, PROBLEMS[checked.problem]);
  }
  noteRole(checked.user.role);
  enterTenant(checked.user.tenantId);
  if (roles && !roles.includes(checked.user.role)) throw new ApiError("forbidden:role");
  return checked;
}

/** The signed-in user, refused as `requireSession` refuses. */
export async function requireUser(db: Db, req: Request, roles?: Role[]): Promise<SessionUser> {
  return (await requireSession(db, req, roles)).user;
}

/** The customer a customer's session speaks for; an account linked to none is refused, never read as "everyone". */
export function customerIdOf(user: SessionUser): string {
  if (user.role !== "customer" || !user.customerId) throw new ApiError("forbidden:customer", "This account is not linked to a customer.");
  return user.customerId;
}

/** Deletes ended sessions; the background job calls it. */
export function sweepSessions(db: Db, now = new Date(), life = lifetimes()): Promise<number> {
  return deleteEndedSessions(db, now, life.idleMs);
}
