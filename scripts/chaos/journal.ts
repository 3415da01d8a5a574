/** What the campaign did and saw: acknowledged messages, per-thread requests, counters, kills. */

export type RequestRecord = { at: number; what: string; outcome: string };

export type KillRecord = {
  index: number;
  at: number;
  mode: string;
  inFlight: string;
  busyThreads: string[];
  healthMs?: number;
  threadsMs?: number;
  unrecovered?: number;
};

export type Failure = { threadId?: string; what: string; detail: string };

export class Journal {
  readonly started = Date.now();
  readonly acked: { threadId: string; text: string }[] = [];
  readonly requests = new Map<string, RequestRecord[]>();
  readonly counters = new Map<string, number>();
  readonly failures: Failure[] = [];
  readonly kills: KillRecord[] = [];
  readonly threads = new Map<string, number>();
  inFlight = { messages: 0, decisions: 0 };
  private decisionWaiters: (() => void)[] = [];

  bump(name: string, by = 1): void {
    this.counters.set(name, (this.counters.get(name) ?? 0) + by);
  }

  count(name: string): number {
    return this.counters.get(name) ?? 0;
  }

  /** Seconds since the campaign started, for log lines. */
  elapsed(at = Date.now()): string {
    return ((at - this.started) / 1000).toFixed(1).padStart(6);
  }

  /** Notes a request to a thread and its outcome; `at` is when it was first sent. */
  record(threadId: string, what: string, outcome: string, at = Date.now()): void {
    const list = this.requests.get(threadId) ?? [];
    list.push({ at, what, outcome });
    this.requests.set(threadId, list);
  }

  fail(failure: Failure): void {
    this.failures.push(failure);
    this.bump(`failure.${failure.what}`);
  }

  /** Called as an operator's decision request leaves; wakes a kill waiting for one. */
  decisionSent(): void {
    const waiters = this.decisionWaiters;
    this.decisionWaiters = [];
    for (const wake of waiters) wake();
  }

  /** Resolves true at the next decision request, false after `timeoutMs`. */
  nextDecision(timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.decisionWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}
