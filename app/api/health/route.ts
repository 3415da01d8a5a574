import { cachedHealth } from "@/app/_lib/health";
import { route } from "@/app/_lib/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const health = cachedHealth();

/** 200 once the database and the bank systems answer, 503 otherwise; one look a second answers every caller. */
export const GET = route(async () => {
  const answer = await health();
  return Response.json(answer, { status: answer.ok ? 200 : 503 });
});
