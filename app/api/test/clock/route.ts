import { advanceClock, testClockEnabled } from "@/app/_lib/clock";
import { ApiError } from "@/app/_lib/errors";
import { route, services } from "@/app/_lib/route";
import { parseBody } from "@/app/_lib/request-body";
import { requireUser } from "@/app/_lib/session";
import { clockBody } from "./schema";
import { STAFF } from "@/vocabulary/roles";

export const runtime = "nodejs";

/**
 * Moves this server's clock forward, for browser tests of expiry. Absent unless ENABLE_TEST_CLOCK=1,
 * and absent in production even then (start-up refuses that setting there; this holds if it is skipped).
 */
export const POST = route(async (req) => {
  if (!testClockEnabled()) throw new ApiError("not_found:route", "Not found.");
  await requireUser(services().db, req, STAFF);
  const { advanceMs } = await parseBody(req, clockBody);
  return Response.json({ now: advanceClock(advanceMs) });
});
