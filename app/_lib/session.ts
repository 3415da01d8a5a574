import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Db } from "@/db/client";
import { sessions, users } from "@/db/schema";
import { ApiError } from "./errors";

export const SESSION_COOKIE = "bank_session";
const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export type Role = "customer" | "operator" | "supervisor" | "auditor";
export type SessionUser = {
  id: string;
  tenantId: string;
  username: string;
  displayName: string;
  role: Role;
  customerId: string | null;
};

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function createSession(db: Db, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({ id: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

export async function getSessionUser(db: Db, token: string | undefined): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({
      id: users.id,
      tenantId: users.tenantId,
      username: users.username,
      displayName: users.displayName,
      role: users.role,
      customerId: users.customerId,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, hashToken(token)), gt(sessions.expiresAt, new Date())));
  return row ?? null;
}

export function readSessionToken(req: Request): string | undefined {
  const cookie = req.headers.get("cookie") ?? "";
  for (const part of cookie.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === SESSION_COOKIE) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}

export const STAFF: Role[] = ["operator", "supervisor", "auditor"];
export const DECIDERS: Role[] = ["operator", "supervisor"];

/** The signed-in user, refused with 401 when absent and 403 when the role may not call this. */
export async function requireUser(db: Db, req: Request, roles?: Role[]): Promise<SessionUser> {
  const user = await getSessionUser(db, readSessionToken(req));
  if (!user) throw new ApiError("unauthorized:session");
  if (roles && !roles.includes(user.role)) throw new ApiError("forbidden:role");
  return user;
}

export function sessionCookie(token: string, expiresAt: Date): string {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Expires=${expiresAt.toUTCString()}`;
}

export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
}
