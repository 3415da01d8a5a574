import { database } from "@/db/client";
import { databaseAnswers } from "@/db/queries/ops";
import { route } from "@/app/_lib/route";
import { env } from "@/env";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

async function reachable(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return res.status < 500;
  } catch {
    return false;
  }
}

/** 200 once the database and the bank systems answer, 503 otherwise. */
export const GET = route(async () => {
  const e = env();
  const database_ = await databaseAnswers(database().db);
  const bases = { limits: e.LIMITS_URL, history: e.HISTORY_URL, antifraud: e.ANTIFRAUD_URL, ledger: e.LEDGER_URL, cards: e.CARDS_URL };
  const entries = await Promise.all(
    Object.entries(bases).map(async ([name, base]) => [name, await reachable(`${new URL(base).origin}/health`)] as const),
  );
  const systems = Object.fromEntries(entries);
  const ok = database_ && Object.values(systems).every(Boolean);
  return Response.json({ ok, database: database_, systems }, { status: ok ? 200 : 503 });
});
