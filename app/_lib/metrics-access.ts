import { createHash, timingSafeEqual } from "node:crypto";
import type { Db } from "@/db/client";
import { env } from "@/env";
import { ApiError } from "./errors";
import { noteRole } from "./request-scope";
import { requireUser } from "./session";
import { OPERATIONS_ROLES } from "@/vocabulary/roles";

/** Compares two secrets in time that does not depend on where they differ. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Lets a scraper with `Authorization: Bearer <METRICS_TOKEN>` or a signed-in supervisor,
 * auditor or ops user read the metrics. A bearer token when token access is off (METRICS_TOKEN unset),
 * or a wrong one, is 401 `unauthorized:metrics_token`; without one the session decides
 * (401 without a session, 403 `forbidden:role` for other roles).
 */
export async function requireMetricsReader(db: Db, req: Request): Promise<void> {
  const authorization = req.headers.get("authorization");
  if (authorization !== null) {
    const token = /^Bearer (.+)$/i.exec(authorization.trim())?.[1];
    const expected = env().METRICS_TOKEN;
    if (!token || !expected || !sameSecret(token, expected)) throw new ApiError("unauthorized:metrics_token", "The metrics token is not valid.");
    noteRole("metrics_token");
    return;
  }
  await requireUser(db, req, OPERATIONS_ROLES);
}
