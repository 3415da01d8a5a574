import { z } from "zod";
import { problem, type Reply } from "./http";
import { sleep, untilAborted } from "./wait";

export const SYSTEMS = ["limits", "history", "antifraud", "ledger", "cards"] as const;
export type System = (typeof SYSTEMS)[number];

/** Systems whose writes can commit and still lose their answer (`afterCommit`). */
const COMMITTING = new Set<System>(["ledger", "cards"]);

export const faultSchema = z
  .strictObject({
    system: z.enum(SYSTEMS),
    latencyMs: z.int().min(0).max(600_000).optional(),
    errorRate: z.number().min(0).max(1).optional(),
    hang: z.boolean().optional(),
    timeoutMs: z.int().min(0).max(600_000).optional(),
    afterCommit: z.enum(["error", "hang"]).optional(),
    times: z.int().positive().optional(),
    /** Reads of the system's records answer as a lagging replica would: nothing booked yet. */
    staleReads: z.boolean().optional(),
  })
  .refine((fault) => !fault.afterCommit || COMMITTING.has(fault.system), {
    message: "afterCommit applies to the ledger and the cards system only",
    path: ["afterCommit"],
  })
  .refine((fault) => !fault.staleReads || fault.system === "ledger", {
    message: "staleReads applies to the ledger only",
    path: ["staleReads"],
  });

/** One system's fault; `times`, when set, is how many calls it still applies to. */
export type Fault = z.infer<typeof faultSchema>;

/** The simulator's faults and per-system call counters, held in memory. */
export class FaultBoard {
  private faults = new Map<System, Fault>();
  private calls = zeroCounts();
  /** Health probes answered: the app's `/api/health` is meant to send a few a second, however often it is asked. */
  private healthChecks = 0;

  set(fault: Fault): void {
    this.faults.set(fault.system, { ...fault });
  }

  clearFaults(): void {
    this.faults.clear();
  }

  reset(): void {
    this.faults.clear();
    this.calls = zeroCounts();
    this.healthChecks = 0;
  }

  noteHealthCheck(): void {
    this.healthChecks += 1;
  }

  healthCheckCount(): number {
    return this.healthChecks;
  }

  list(): Fault[] {
    return [...this.faults.values()].map((fault) => ({ ...fault }));
  }

  counts(): Record<System, number> {
    return { ...this.calls };
  }

  /** The system's fault as it stands, for a read that neither counts nor uses up its `times`. */
  current(system: System): Fault | undefined {
    const fault = this.faults.get(system);
    return fault && { ...fault };
  }

  /** Counts one arriving call and returns the fault that applies to it, using up one of its `times`. */
  arrive(system: System): Fault | undefined {
    this.calls[system] += 1;
    const fault = this.faults.get(system);
    if (!fault) return undefined;
    if (fault.times !== undefined) {
      fault.times -= 1;
      if (fault.times <= 0) this.faults.delete(system);
    }
    return { ...fault };
  }
}

function zeroCounts(): Record<System, number> {
  return { limits: 0, history: 0, antifraud: 0, ledger: 0, cards: 0 };
}

/** Replaces the real answer; `hang` means never answer. */
export type Injected = Reply | "hang";

/**
 * Applies the fault's effects that come before the real work: latency, then hang,
 * timeout or error. Undefined means go on with the request.
 */
export async function injectBefore(fault: Fault | undefined, system: System, signal: AbortSignal): Promise<Injected | undefined> {
  if (!fault) return undefined;
  if (fault.latencyMs && !(await sleep(fault.latencyMs, signal))) return "hang";
  if (fault.hang) return "hang";
  if (fault.timeoutMs !== undefined) {
    if (!(await sleep(fault.timeoutMs, signal))) return "hang";
    return problem(`timeout:${system}`, `${system} timed out (injected fault)`);
  }
  if (fault.errorRate !== undefined && Math.random() < fault.errorRate) {
    return problem(`unavailable:${system}`, `${system} is unavailable (injected fault)`);
  }
  return undefined;
}

/** A write's lost response: the refund or card change is done, the caller gets a 500 or nothing. */
export function injectAfterCommit(fault: Fault | undefined, system: System = "ledger"): Injected | undefined {
  if (fault?.afterCommit === "hang") return "hang";
  if (fault?.afterCommit === "error") {
    return problem(`internal:${system}`, `${system} failed after committing (injected fault)`);
  }
  return undefined;
}

/** Holds a hung request open until its client goes away or the server closes. */
export function hang(signal: AbortSignal): Promise<void> {
  return untilAborted(signal);
}
