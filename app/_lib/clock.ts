import { env, isDemoMode } from "@/env";

const globalForClock = globalThis as unknown as { __clockOffsetMs?: number };

/** The app's clock. Browser tests may move it forward when ENABLE_TEST_CLOCK=1. */
export function now(): Date {
  return new Date(Date.now() + (globalForClock.__clockOffsetMs ?? 0));
}

export function testClockEnabled(): boolean {
  return isDemoMode() && env().ENABLE_TEST_CLOCK === "1";
}

export function advanceClock(ms: number): Date {
  globalForClock.__clockOffsetMs = (globalForClock.__clockOffsetMs ?? 0) + ms;
  return now();
}
