import type { z } from "zod";
import type { healthAnswer } from "@/app/api/health/schema";
import { database } from "@/db/client";
import { databaseAnswers } from "@/db/queries/ops";
import { env } from "@/env";

export type HealthAnswer = z.infer<typeof healthAnswer>;

/** How long one look at the database and the bank systems answers every health probe. */
export const HEALTH_CACHE_MS = 1000;

async function reachable(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return res.status < 500;
  } catch {
    return false;
  }
}

/** Asks the database and each bank system's `/health`, now. */
export async function checkHealth(): Promise<HealthAnswer> {
  const e = env();
  const databaseOk = await databaseAnswers(database().db);
  const bases = { limits: e.LIMITS_URL, history: e.HISTORY_URL, antifraud: e.ANTIFRAUD_URL, ledger: e.LEDGER_URL, cards: e.CARDS_URL };
  const entries = await Promise.all(Object.entries(bases).map(async ([name, base]) => [name, await reachable(`${new URL(base).origin}/health`)] as const));
  const systems = Object.fromEntries(entries) as HealthAnswer["systems"];
  return { ok: databaseOk && Object.values(systems).every(Boolean), database: databaseOk, systems };
}

/**
 * `check`, asked at most once per `ttlMs`: callers while a look is under way wait for that
 * look, and its answer stands for `ttlMs` after it arrives. Load balancers, orchestrators and
 * anyone on the internet may probe health as often as they like; the bank systems are asked a
 * few times a second at most. `clock` is monotonic (milliseconds), so a clock step changes nothing.
 */
export function cachedHealth(check: () => Promise<HealthAnswer> = checkHealth, ttlMs = HEALTH_CACHE_MS, clock: () => number = () => performance.now()) {
  let current: { answer: Promise<HealthAnswer>; settledAt?: number } | undefined;
  return (): Promise<HealthAnswer> => {
    const fresh = current && (current.settledAt === undefined || clock() - current.settledAt < ttlMs);
    if (fresh) return current!.answer;
    const entry: { answer: Promise<HealthAnswer>; settledAt?: number } = { answer: check() };
    current = entry;
    entry.answer.then(
      () => (entry.settledAt = clock()),
      // A look that failed outright is not kept: the next probe looks again.
      () => {
        if (current === entry) current = undefined;
      },
    );
    return entry.answer;
  };
}
