import { headers } from "next/headers";
import { cache } from "react";
import { database } from "@/db/client";
import type { TenantPolicy } from "@/agent/graph/policy";
import { getAgent } from "./agent";
import { checkSession, type SessionUser } from "./session";
import { readSessionCookie } from "./session-cookie";
import { STAFF } from "@/vocabulary/roles";

/**
 * The signed-in user of this request, for server components; null when signed out. A
 * malformed, forged, expired or outdated session cookie reads as signed out, so pages send
 * the visitor to sign in instead of failing.
 */
export const getCurrentUser = cache(async (): Promise<SessionUser | null> => {
  const cookie = readSessionCookie((await headers()).get("cookie"));
  if (cookie.kind === "none") return null;
  const checked = await checkSession(database().db, cookie);
  return "user" in checked ? checked.user : null;
});

export const isStaff = (user: SessionUser) => STAFF.includes(user.role);

/** The policy of the user's bank as its conversations follow it: its currency, its limits. */
export function bankPolicy(user: SessionUser): Promise<TenantPolicy> {
  return getAgent().deps.policies.forTenant(user.tenantId);
}

/** A staff member as the console's components take them: who, in what role, and their bank's currency. */
export async function consoleViewer(user: SessionUser) {
  return { username: user.username, role: user.role, currency: (await bankPolicy(user)).currency };
}
