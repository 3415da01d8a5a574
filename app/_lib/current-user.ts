import { cookies } from "next/headers";
import { cache } from "react";
import { database } from "@/db/client";
import { DECIDERS, getSessionUser, SESSION_COOKIE, STAFF, type SessionUser } from "./session";

/** The signed-in user of this request, for server components; null when signed out. */
export const getCurrentUser = cache(async (): Promise<SessionUser | null> => {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!token) return null;
  return getSessionUser(database().db, token);
});

export const isStaff = (user: SessionUser) => STAFF.includes(user.role);
export const canDecide = (user: SessionUser) => DECIDERS.includes(user.role);
