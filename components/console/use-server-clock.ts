import { useEffect, useState } from "react";

const TICK_MS = 15_000;

/** What the server said its time was, and when (by the browser's clock) it said it. */
export type ServerTime = { serverNowMs: number; receivedAtMs: number };

export function serverTimeOf(nowIso: string): ServerTime {
  return { serverNowMs: new Date(nowIso).getTime(), receivedAtMs: Date.now() };
}

/**
 * The server's time now, in ms, re-read every few seconds: ages and deadlines use the
 * server's clock, the one expiry runs on, moved on by the time passed since it answered.
 */
export function useServerClock(time: ServerTime | null): number {
  const [browserNow, setBrowserNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setBrowserNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  if (!time) return browserNow;
  return time.serverNowMs + Math.max(0, browserNow - time.receivedAtMs);
}
