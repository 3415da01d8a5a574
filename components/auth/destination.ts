import type { Role } from "@/app/_lib/session";

const HOME: Record<Role, string> = {
  customer: "/widget",
  operator: "/console",
  supervisor: "/console",
  auditor: "/incidents",
};

/** A same-origin path to return to after signing in; anything else is ignored. */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return null;
  if (next === "/login" || next.startsWith("/login?") || next.startsWith("/api/")) return null;
  return next;
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
};
