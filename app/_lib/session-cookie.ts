import { isDemoMode } from "@/env";

/**
 * The session cookie. Browsers accept a `__Host-` cookie only with Secure, Path=/ and no
 * Domain, so neither a sibling subdomain nor a plain-http page can plant or overwrite it.
 * Browsers treat http://localhost and http://127.0.0.1 as secure, so it works there too.
 */
export const SESSION_COOKIE = "__Host-bank_session";

/**
 * Demo mode served over plain http to another host (a LAN address): browsers refuse Secure
 * cookies there, so the session uses this unprefixed cookie. Production never sets or reads
 * it: over http a network attacker could plant one.
 */
export const PLAIN_SESSION_COOKIE = "bank_session";

/** Tokens are 32 random bytes in base64url; anything else was not issued by the app. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export type SessionCookie = { kind: "none" } | { kind: "token"; token: string } | { kind: "malformed" };

/**
 * The session token a Cookie header carries. Never throws: a value that is not a token, or
 * two different values under the session's name (a planted duplicate), is `malformed`.
 */
export function readSessionCookie(header: string | null | undefined, demo = isDemoMode()): SessionCookie {
  const values: Record<string, string[]> = { [SESSION_COOKIE]: [], [PLAIN_SESSION_COOKIE]: [] };
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    const name = (at === -1 ? part : part.slice(0, at)).trim();
    if (name in values) values[name]!.push(at === -1 ? "" : part.slice(at + 1).trim());
  }
  for (const name of demo ? [SESSION_COOKIE, PLAIN_SESSION_COOKIE] : [SESSION_COOKIE]) {
    const found = new Set(values[name]);
    if (found.size === 0) continue;
    const [token] = found;
    return found.size === 1 && TOKEN.test(token!) ? { kind: "token", token: token! } : { kind: "malformed" };
  }
  return { kind: "none" };
}

/** The token of a request's session cookie, if it carries a well-formed one. */
export function readSessionToken(req: Request): string | undefined {
  const cookie = readSessionCookie(req.headers.get("cookie"));
  return cookie.kind === "token" ? cookie.token : undefined;
}

const LOOPBACK = /^(localhost|.+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Whether the cookie is Secure (and so `__Host-`): always in production; in demo mode when
 * the request came over https (Next.js reports that, from X-Forwarded-Proto behind a proxy)
 * or to this machine, which browsers treat as secure.
 */
export function secureCookieFor(req: Request, demo = isDemoMode()): boolean {
  if (!demo) return true;
  const url = new URL(req.url);
  const forwardedProto = req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  return url.protocol === "https:" || forwardedProto === "https" || LOOPBACK.test(url.hostname);
}

export function sessionCookie(req: Request, token: string, maxAgeMs: number, demo = isDemoMode()): string {
  const maxAge = `Max-Age=${Math.floor(maxAgeMs / 1000)}`;
  return secureCookieFor(req, demo)
    ? `${SESSION_COOKIE}=${token}; Path=/; ${maxAge}; HttpOnly; Secure; SameSite=Lax`
    : `${PLAIN_SESSION_COOKIE}=${token}; Path=/; ${maxAge}; HttpOnly; SameSite=Lax`;
}

/** Set-Cookie values that remove the session cookie under either name. */
export function clearedSessionCookies(): string[] {
  return [`${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax`, `${PLAIN_SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`];
}
