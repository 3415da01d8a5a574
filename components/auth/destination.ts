import type { Role } from "@/vocabulary/roles";

const HOME: Record<Role, string> = {
  customer: "/widget",
  operator: "/console",
  supervisor: "/console",
  auditor: "/incidents",
  ops: "/ops",
};

/** Path segments of the app's pages: letters, digits and `-._~`, never `.` or `..` alone. */
const PATH = /^(\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*\/?$/;
/** A query or fragment: printable ASCII of RFC 3986 and escapes, no space, quote, angle bracket or backslash. */
const QUERY = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?#%]*$/;
/** An escape that decodes to a control character, in any letter case. */
const ESCAPED_CONTROL = /%(?:[01][0-9a-f]|7f)/i;
const ORIGIN = "http://next.invalid";

/**
 * A same-origin path to return to after signing in; anything else is ignored (null).
 * Browsers drop tabs and newlines from URLs and read `\` as `/`, so `/\t/evil.example`
 * would leave the site: only plain paths of the app's own pages pass, checked again after
 * the URL parser had its say. Sign-in and API paths are refused too: neither is a page to
 * come back to.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (typeof next !== "string" || next.length === 0 || next.length > 1024) return null;
  const cut = next.search(/[?#]/);
  const [path, rest] = cut === -1 ? [next, ""] : [next.slice(0, cut), next.slice(cut + 1)];
  if (!path.startsWith("/") || path.startsWith("//") || !PATH.test(path)) return null;
  if (!QUERY.test(rest) || ESCAPED_CONTROL.test(rest) || /%(?![0-9a-f]{2})/i.test(rest)) return null;
  let url: URL;
  try {
    url = new URL(next, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN || url.username || url.password) return null;
  const page = url.pathname.toLowerCase();
  if (page === "/login" || page.startsWith("/login/") || page === "/api" || page.startsWith("/api/")) return null;
  const normalised = `${url.pathname}${url.search}${url.hash}`;
  return normalised === next ? next : null;
}

/** Where a user lands after signing in: the requested page, or the surface of their role. */
export function destinationFor(role: Role, next?: string | null): string {
  return safeNextPath(next) ?? HOME[role];
}

export function loginHref(next: string): string {
  return `/login?next=${encodeURIComponent(next)}`;
}

export const ROLE_LABELS: Record<Role, string> = {
  customer: "Customer",
  operator: "Operator",
  supervisor: "Supervisor",
  auditor: "Auditor",
  ops: "Ops",
};
