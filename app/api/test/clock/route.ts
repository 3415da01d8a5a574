import { z } from "zod";
import { advanceClock, testClockEnabled } from "@/app/_lib/clock";
import { ApiError } from "@/app/_lib/errors";
import { parseBody, route, services } from "@/app/_lib/route";
import { requireUser, STAFF } from "@/app/_lib/session";

export const runtime = "nodejs";

const body = z.object({ advanceMs: z.number().int().min(0).max(365 * 24 * 60 * 60 * 1000) });

/**
 * Moves this server's clock forward, for browser tests of expiry. Absent unless ENABLE_TEST_CLOCK=1,
 * and absent in production even then (start-up refuses that setting there; this holds if it is skipped).
 */
export const POST = route(async (req) => {
  if (!testClockEnabled()) throw new ApiError("not_found:route", "Not found.");
  await requireUser(services().db, req, STAFF);
  const { advanceMs } = await parseBody(req, body);
  return Response.json({ now: advanceClock(advanceMs) });
});
